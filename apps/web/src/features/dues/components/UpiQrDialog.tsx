import { Link as RouterLink } from 'react-router';
import { toast } from '@/lib/toast';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseRounded from '@mui/icons-material/CloseRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import { TOAST_MS, type DueRecord, coreMessages, duesMessages } from '@app/shared';
import { studentName } from './due-format';
import { UpiQrCode } from './UpiQrCode';

const m = duesMessages.qr;
const options = { autoClose: TOAST_MS.default };

/** The payee's UPI ID and name as the link itself carries them (`pa`, `pn`): what the student's app will show. */
function payeeOf(link: string): { vpa: string; payee: string } {
  const params = new URLSearchParams(link.slice(link.indexOf('?') + 1));
  return { vpa: params.get('pa') ?? '', payee: params.get('pn') ?? '' };
}

async function copy(link: string) {
  try {
    await navigator.clipboard.writeText(link);
    toast.success(m.copied, options);
  } catch {
    toast.error(m.copyFailed, options);
  }
}

/** The due's UPI link as a QR code with the amount and payee, and the link to copy; or how to set UPI up. */
export function UpiQrDialog({
  due,
  open,
  onClose,
}: {
  due: DueRecord | undefined;
  open: boolean;
  onClose: () => void;
}) {
  const link = due?.upi_link ?? null;
  const payee = link ? payeeOf(link) : undefined;
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="upi-qr-title">
      <DialogTitle id="upi-qr-title" sx={{ pr: 6 }}>
        {m.title}
        {due ? (
          <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
            {studentName(due)} · {due.mobile}
          </Typography>
        ) : null}
      </DialogTitle>
      <IconButton
        aria-label={coreMessages.common.close}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseRounded />
      </IconButton>
      <DialogContent>
        {due && link && payee ? (
          <Stack spacing={1.5} sx={{ alignItems: 'stretch' }}>
            <UpiQrCode link={link} label={`${m.title}: ${m.amount(due.amount_due)}`} />
            <Typography variant="h6" component="p" align="center" sx={{ fontVariantNumeric: 'tabular-nums' }}>
              {m.amount(due.amount_due)}
            </Typography>
            <Typography align="center" sx={{ overflowWrap: 'anywhere' }}>
              {m.payee(payee.payee, payee.vpa)}
            </Typography>
            <Typography variant="body2" color="text.secondary" align="center">
              {m.hint}
            </Typography>
            <TextField
              label={m.link}
              value={link}
              size="small"
              multiline
              maxRows={3}
              slotProps={{ htmlInput: { readOnly: true, spellCheck: false } }}
              onFocus={(event) => event.target.select()}
            />
          </Stack>
        ) : (
          <Alert
            severity="info"
            action={
              <Button component={RouterLink} to="/app/settings" color="inherit" size="small">
                {m.openSettings}
              </Button>
            }
          >
            {m.noUpi}
          </Alert>
        )}
      </DialogContent>
      {link ? (
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button variant="contained" startIcon={<ContentCopyRounded />} onClick={() => void copy(link)}>
            {m.copyLink}
          </Button>
        </DialogActions>
      ) : null}
    </Dialog>
  );
}
