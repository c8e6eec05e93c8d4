import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { Tooltip } from '@/components/Tooltip';
import Typography from '@mui/material/Typography';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import { toast } from '@/lib/toast';
import { formatPairingCode, TOAST_MS, deskMessages } from '@app/shared';
import { QrCode } from '@/components/QrCode';

const d = deskMessages;

/**
 * The student app's address carrying a pairing code: the code travels in the fragment, so
 * it never reaches a server log or a Referer header.
 */
export function studentJoinLink(code: string, origin = window.location.origin): string {
  return `${origin}/student/join#code=${formatPairingCode(code)}`;
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(d.pairing.linkCopied, { autoClose: TOAST_MS.notifications });
  } catch {
    // No clipboard (a page not served over HTTPS): the link stays on screen to read out.
  }
}

/** The pairing code as a QR of the student app's join link, and the link to copy. */
export function StudentAppLink({ code }: { code: string }) {
  const link = studentJoinLink(code);
  return (
    <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <QrCode text={link} label={d.pairing.qrLabel} failedText={d.qrFailed} size={184} />
      <Typography variant="caption" color="text.secondary">
        {d.pairing.scanHint}
      </Typography>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', maxWidth: '100%' }}>
        <Box
          component="output"
          aria-label={d.pairing.link}
          sx={{ fontFamily: 'monospace', fontSize: 13, overflowWrap: 'anywhere', textAlign: 'left' }}
        >
          {link}
        </Box>
        <Tooltip title={d.pairing.copyLink}>
          <IconButton aria-label={d.pairing.copyLink} onClick={() => void copy(link)}>
            <ContentCopyRounded fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
