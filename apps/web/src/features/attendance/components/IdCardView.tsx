import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDateDMY, todayIn, type IdCard, deskMessages } from '@app/shared';
import { QrCode } from '@/components/QrCode';

const c = deskMessages.idCard;

export interface IdCardHolder {
  name: string;
  mobile?: string;
  photo?: string | null;
}

interface IdCardViewProps {
  card: IdCard;
  holder: IdCardHolder;
  libraryName: string;
  timeZone: string;
}

/**
 * The printed card, credit-card shaped (85.6 × 54 mm when printed): the library, the student's
 * name, photo and mobile, the QR of the card's code, and when it was issued. Black on white,
 * whatever the theme, as it is printed.
 */
export function IdCardView({ card, holder, libraryName, timeZone }: IdCardViewProps) {
  return (
    <Box
      data-testid="id-card"
      sx={{
        width: '85.6mm',
        maxWidth: '100%',
        aspectRatio: '85.6 / 54',
        boxSizing: 'border-box',
        border: '1px solid #000000',
        borderRadius: '3mm',
        bgcolor: '#ffffff',
        color: '#000000',
        p: '3mm',
        display: 'grid',
        gridTemplateColumns: '1fr auto',
        gridTemplateRows: 'auto 1fr auto',
        columnGap: '3mm',
        fontFamily: 'inherit',
        printColorAdjust: 'exact',
      }}
    >
      <Box sx={{ gridColumn: '1 / 3', borderBottom: '1px solid #000000', pb: '1mm', mb: '2mm' }}>
        <Typography sx={{ fontWeight: 700, fontSize: '11pt', lineHeight: 1.2, color: '#000000' }}>
          {libraryName}
        </Typography>
        <Typography sx={{ fontSize: '7pt', textTransform: 'uppercase', letterSpacing: 1, color: '#000000' }}>
          {c.cardHeading}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: '2mm', alignItems: 'flex-start', minWidth: 0 }}>
        {holder.photo ? (
          <Avatar src={holder.photo} alt="" variant="rounded" sx={{ width: '16mm', height: '20mm' }} />
        ) : null}
        <Box sx={{ minWidth: 0 }}>
          <Typography
            sx={{ fontWeight: 700, fontSize: '12pt', lineHeight: 1.2, overflowWrap: 'anywhere', color: '#000000' }}
          >
            {holder.name}
          </Typography>
          {holder.mobile ? (
            <Typography sx={{ fontSize: '8pt', color: '#000000' }}>{c.mobile(holder.mobile)}</Typography>
          ) : null}
        </Box>
      </Box>
      <Box sx={{ gridRow: '2 / 4', gridColumn: 2, alignSelf: 'center', display: 'flex' }}>
        <QrCode text={card.code} label={c.qrLabel(holder.name)} failedText={deskMessages.qrFailed} size={112} />
      </Box>
      <Typography sx={{ fontSize: '7pt', alignSelf: 'end', color: '#000000' }}>
        {c.issuedOn(formatDateDMY(todayIn(timeZone, new Date(card.created_at))))}
      </Typography>
    </Box>
  );
}
