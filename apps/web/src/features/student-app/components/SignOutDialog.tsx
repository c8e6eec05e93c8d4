import { useState } from 'react';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { studentAppMessages as text } from '@app/shared';
import { studentApi } from '../api/calls';
import { forgetStudentSession } from '../api/client';

/** Signs this phone out: the server ends the session (and its push), then the phone forgets it. */
export function SignOutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const signOut = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await studentApi.signOut();
      forgetStudentSession();
      void navigate('/student/join', { replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : text.signOut.failed);
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby="student-sign-out-title">
      <DialogTitle id="student-sign-out-title">{text.signOut.confirmTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text.signOut.confirmBody}</DialogContentText>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {text.signOut.cancel}
        </Button>
        <Button onClick={() => void signOut()} disabled={busy} color="error" variant="contained">
          {text.signOut.confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
