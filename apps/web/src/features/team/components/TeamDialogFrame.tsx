import type { ReactNode } from 'react';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { SubmitActions } from '@/components/FormDialogActions';
import { teamScreenMessages } from '@app/shared';

const t = teamScreenMessages;

/** A team dialog with a form: title, a line of help, the fields, Cancel and the submit. */
export function TeamDialogFrame({
  id,
  title,
  help,
  busy,
  submitLabel,
  busyLabel,
  onSubmit,
  onClose,
  children,
}: {
  id: string;
  title: string;
  help?: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={`${id}-title`}
      aria-describedby={help ? `${id}-help` : undefined}
      slotProps={{ paper: { sx: { m: 2, width: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <form
        noValidate
        aria-label={title}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <DialogContent sx={{ pt: 0 }}>
          {help ? (
            <DialogContentText id={`${id}-help`} variant="body2" sx={{ mb: 2 }}>
              {help}
            </DialogContentText>
          ) : null}
          {children}
        </DialogContent>
        <SubmitActions
          busy={busy}
          cancelLabel={t.cancel}
          submitLabel={submitLabel}
          busyLabel={busyLabel}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
