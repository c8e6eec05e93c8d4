import { useState } from 'react';
import { createPortal } from 'react-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PrintRounded from '@mui/icons-material/PrintRounded';
import { coreMessages, deskMessages } from '@app/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useAppSelector } from '@/lib/store/hooks';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { useIdCard } from '../hooks/use-id-card';
import { IdCardView, type IdCardHolder } from './IdCardView';
import { useCan } from '@/lib/use-can';

const c = deskMessages.idCard;
const PRINT_SHEET = 'id-card-print-sheet';

// Printing shows only the card: everything else on the page is hidden for print, and the
// sheet (a copy of the card outside the dialog) is hidden on screen.
const printStyles = (
  <GlobalStyles
    styles={{
      [`@media print`]: {
        [`body > *:not(.${PRINT_SHEET})`]: { display: 'none !important' },
        [`.${PRINT_SHEET}`]: { display: 'block !important', padding: '10mm' },
        '@page': { margin: 0 },
      },
      [`@media screen`]: { [`.${PRINT_SHEET}`]: { display: 'none' } },
    }}
  />
);

type Question = 'reissue' | 'revoke' | null;

/** A student's printable ID card: issue, print, reissue (the old one stops working) and revoke. */
export function IdCardDialog({
  studentId,
  holder,
  onClose,
}: {
  studentId: string;
  holder: IdCardHolder;
  onClose: () => void;
}) {
  const timeZone = useLibraryTimeZone();
  const libraryName = useAppSelector((state) => state.auth.userData?.library.name) ?? '';
  const idCard = useIdCard(studentId);
  // Issue 16: revoking a card is a delete, not the desk's (reissuing is: a lost card is desk work).
  const mayRevoke = useCan('deletes');
  const [question, setQuestion] = useState<Question>(null);
  const [asked, setAsked] = useState<Exclude<Question, null>>('reissue');
  const ask = (next: Exclude<Question, null>) => {
    setAsked(next);
    setQuestion(next);
  };
  const answer = async () => {
    const done = asked === 'reissue' ? await idCard.issue() : await idCard.revoke();
    if (done) setQuestion(null);
  };
  const card = idCard.card;
  const busy = idCard.isIssuing || idCard.isRevoking;

  return (
    <>
      <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="id-card-title">
        <DialogTitle id="id-card-title">{c.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <Typography variant="body2">{c.intro(holder.name)}</Typography>
            {idCard.failure ? (
              <Alert
                severity="error"
                action={
                  <Button color="inherit" size="small" onClick={idCard.retry}>
                    {deskMessages.attendance.retry}
                  </Button>
                }
              >
                {idCard.failure}
              </Alert>
            ) : idCard.loading || card === undefined ? (
              <Skeleton variant="rounded" height={200} aria-busy aria-label={coreMessages.common.loading} />
            ) : card ? (
              <Box sx={{ display: 'flex', justifyContent: 'center' }}>
                <IdCardView card={card} holder={holder} libraryName={libraryName} timeZone={timeZone} />
              </Box>
            ) : (
              <Typography color="text.secondary">{c.none}</Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
          {card ? (
            <>
              {mayRevoke ? (
                <Button color="error" disabled={busy} onClick={() => ask('revoke')}>
                  {c.revoke}
                </Button>
              ) : null}
              <Button disabled={busy} onClick={() => ask('reissue')}>
                {c.reissue}
              </Button>
              <Button variant="contained" startIcon={<PrintRounded />} onClick={() => window.print()}>
                {c.print}
              </Button>
            </>
          ) : card === null ? (
            <Button variant="contained" disabled={busy} onClick={() => void idCard.issue()}>
              {idCard.isIssuing ? c.issuing : c.issue}
            </Button>
          ) : null}
          <Button onClick={onClose}>{deskMessages.attendance.close}</Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={question !== null}
        title={asked === 'reissue' ? c.reissueTitle : c.revokeTitle}
        text={asked === 'reissue' ? c.reissueConfirm : c.revokeConfirm}
        confirmLabel={asked === 'reissue' ? c.reissue : c.revoke}
        busyLabel={asked === 'reissue' ? c.issuing : c.revoking}
        busy={busy}
        destructive={asked === 'revoke'}
        onConfirm={() => void answer()}
        onClose={() => setQuestion(null)}
      />
      {card
        ? createPortal(
            <Box className={PRINT_SHEET}>
              {printStyles}
              <IdCardView card={card} holder={holder} libraryName={libraryName} timeZone={timeZone} />
            </Box>,
            document.body,
          )
        : null}
    </>
  );
}
