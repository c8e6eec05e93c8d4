import type { FormEventHandler, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Breakpoint } from '@mui/material/styles';
import { coreMessages } from '@app/shared';
import { SubmitActions } from '@/components/FormDialogActions';

interface MoneyFormDialogProps {
  open: boolean;
  /** Unique on the page: names the title. */
  id: string;
  title: string;
  /** Whose money and how much, set in bold over `detail`, in a shaded box above the fields. */
  subject: string;
  detail: string;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  maxWidth?: Breakpoint;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose(): void;
  children: ReactNode;
}

/**
 * The frame of the dialogs that write money (Record Payment, Void, Adjust): the title, a box
 * naming the student and the amount at stake with a line of what the dialog does, the fields
 * one under the other, Cancel and the submit (its busy text while sent). It cannot be closed
 * while busy.
 */
export function MoneyFormDialog({
  open,
  id,
  title,
  subject,
  detail,
  busy,
  submitLabel,
  busyLabel,
  maxWidth = 'xs',
  onSubmit,
  onClose,
  children,
}: MoneyFormDialogProps) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={`${id}-title`}
      slotProps={{ paper: { sx: { m: 2, width: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={`${id}-title`} sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <form noValidate onSubmit={onSubmit} aria-label={title}>
        <DialogContent sx={{ pt: 0 }}>
          <Box sx={{ p: 2, mb: 3, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {subject}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {detail}
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', rowGap: 1.5 }}>{children}</Box>
        </DialogContent>
        <SubmitActions
          busy={busy}
          cancelLabel={coreMessages.common.cancel}
          submitLabel={submitLabel}
          busyLabel={busyLabel}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
