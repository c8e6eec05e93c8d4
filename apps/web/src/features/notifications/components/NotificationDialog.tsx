import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { notificationSchema, type NotificationInput, coreMessages, notificationMessages } from '@app/shared';
import { fieldProps } from '@/lib/form';
import { SubmitActions } from '@/components/FormDialogActions';
import { useSendNotification } from '../hooks/use-send-notification';

const m = notificationMessages;
const EMPTY: NotificationInput = { title: '', body: '', premiumOnly: false };

/** Send Push Notification (SPEC.md §2 Shell): title, body, and premium users only. */
export function NotificationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useForm({ resolver: zodResolver(notificationSchema), defaultValues: EMPTY });
  const { sendNotification, isSending } = useSendNotification();
  const busy = isSending || form.formState.isSubmitting;

  const close = () => {
    onClose();
    form.reset(EMPTY);
  };

  const onSubmit = form.handleSubmit(async (payload) => {
    if (await sendNotification(payload)) close();
  });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="notification-dialog-title"
    >
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="notification-dialog-title">{m.title}</DialogTitle>
        <DialogContent>
          <Stack spacing={1} sx={{ pt: 1 }}>
            <TextField {...fieldProps(form, 'title')} label={m.titleField} required autoFocus />
            <TextField {...fieldProps(form, 'body')} label={m.bodyField} required multiline minRows={4} />
            <Controller
              control={form.control}
              name="premiumOnly"
              render={({ field }) => (
                <FormControlLabel
                  label={m.premiumOnly}
                  control={
                    <Checkbox
                      checked={Boolean(field.value)}
                      onChange={(event) => field.onChange(event.target.checked)}
                      onBlur={field.onBlur}
                      slotProps={{ input: { ref: field.ref } }}
                    />
                  }
                />
              )}
            />
          </Stack>
        </DialogContent>
        <SubmitActions
          busy={busy}
          cancelLabel={coreMessages.common.cancel}
          submitLabel={m.send}
          busyLabel={m.sending}
          onCancel={close}
        />
      </form>
    </Dialog>
  );
}
