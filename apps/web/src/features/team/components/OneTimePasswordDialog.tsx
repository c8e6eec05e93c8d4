import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type PersonCreated, teamScreenMessages } from '@app/shared';

const t = teamScreenMessages;

/** The one-time password of a person just added, shown this once (the server keeps only its hash). */
export function OneTimePasswordDialog({ created, onClose }: { created: PersonCreated; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.oneTimePassword);
      setCopied(true);
    } catch {
      // No clipboard (an insecure page, a refusal): the password is on screen to copy by hand.
    }
  };
  return (
    <Dialog open fullWidth maxWidth="xs" aria-labelledby="one-time-title" aria-describedby="one-time-text">
      <DialogTitle id="one-time-title">{t.oneTimeTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="one-time-text" variant="body2">
          {t.oneTimeText(created.person.name, created.person.email)}
        </DialogContentText>
        <Box
          component="output"
          aria-label={t.oneTimeTitle}
          sx={{
            display: 'block',
            mt: 2,
            p: 2,
            borderRadius: 2,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            fontSize: '1.25rem',
            letterSpacing: 1,
            textAlign: 'center',
            overflowWrap: 'anywhere',
            userSelect: 'all',
          }}
        >
          {created.oneTimePassword}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={() => void copy()}>{copied ? t.copied : t.copy}</Button>
        <Button variant="contained" onClick={onClose}>
          {t.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
