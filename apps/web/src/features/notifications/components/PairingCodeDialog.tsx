import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { Tooltip } from '@/components/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import { toast } from '@/lib/toast';
import { formatDateTimeDMY, formatPairingCode, TOAST_MS, notificationMessages } from '@app/shared';
import { useLibraryTimeZone } from '@/lib/use-library-time-zone';
import { usePairing } from '../hooks/use-pairing';
import { PairedDevices } from './PairedDevices';
import { SignedInPhones } from './SignedInPhones';
import { StudentAppLink } from './StudentAppLink';
import { useCan } from '@/lib/use-can';

const p = notificationMessages.pairing;

interface PairingCodeDialogProps {
  open: boolean;
  studentId: string;
  studentName: string;
  onClose: () => void;
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(p.copied, { autoClose: TOAST_MS.notifications });
  } catch {
    // No clipboard (a page not served over HTTPS): the code stays on screen to read out.
  }
}

/**
 * Pairing a student's phone app: shows a fresh code (the server keeps only its hash,
 * so showing means making a new one) and the phones already paired.
 */
export function PairingCodeDialog({ open, studentId, studentName, onClose }: PairingCodeDialogProps) {
  const timeZone = useLibraryTimeZone();
  const pairing = usePairing(studentId, open);
  // Issue 16: unpairing a phone is a delete, not the desk's.
  const mayUnpair = useCan('deletes');
  const { data, isLoading, isError, refetch } = pairing.pairing;
  const code = pairing.code;

  const close = () => {
    pairing.forgetCode();
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="pairing-dialog-title">
      <DialogTitle id="pairing-dialog-title">{p.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{p.intro(studentName)}</Typography>
          {code ? (
            <Box
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                bgcolor: 'action.hover',
                p: 2,
                textAlign: 'center',
              }}
            >
              <Typography variant="overline" color="text.secondary" component="div">
                {p.codeLabel}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'center', alignItems: 'center' }}>
                <Typography
                  component="output"
                  aria-label={p.codeLabel}
                  sx={{ fontFamily: 'monospace', fontSize: 32, fontWeight: 700, letterSpacing: 3 }}
                >
                  {formatPairingCode(code.code)}
                </Typography>
                <Tooltip title={p.copy}>
                  <IconButton aria-label={p.copy} onClick={() => void copy(code.code)}>
                    <ContentCopyRounded fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1, mb: 2 }}>
                {p.shownOnce}
              </Typography>
              <StudentAppLink code={code.code} />
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {data?.has_code && data.code_created_at
                ? p.codeExists(formatDateTimeDMY(data.code_created_at, timeZone))
                : data
                  ? p.noCodeYet
                  : null}
            </Typography>
          )}
          <Box>
            <Button
              variant={code ? 'outlined' : 'contained'}
              disabled={pairing.isMaking}
              onClick={() => void pairing.makeCode()}
            >
              {pairing.isMaking ? p.generating : code || data?.has_code ? p.regenerate : p.generate}
            </Button>
          </Box>
          <Divider />
          <Typography variant="subtitle2" component="h3">
            {p.pairedPhones}
          </Typography>
          <PairedDevices
            devices={data?.devices}
            loading={isLoading}
            failed={isError}
            timeZone={timeZone}
            unpairingId={pairing.unpairingId}
            onRetry={() => void refetch()}
            onUnpair={mayUnpair ? (deviceId) => void pairing.unpair(deviceId) : undefined}
          />
          <SignedInPhones
            sessions={isError ? undefined : data?.sessions}
            timeZone={timeZone}
            busy={pairing.isUnpairingSession}
            onUnpair={mayUnpair ? pairing.unpairSession : undefined}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={close}>{p.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
