import type { ReactNode } from 'react';
import { FormProvider, type UseFormReturn } from 'react-hook-form';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { coreMessages, expenseMessages } from '@app/shared';
import { SubmitActions } from '@/components/FormDialogActions';
import type { SaveResult } from '@/lib/entity-actions';
import { categoryFieldOf, type ExpenseCommonForm } from './expense-form';

const m = expenseMessages;

interface ExpenseFormDialogProps<Form extends ExpenseCommonForm, Body> {
  id: string;
  title: string;
  /** A line under the title saying what the dialog is for. */
  help?: string;
  form: UseFormReturn<Form, unknown, Body>;
  /** Sends the body; the dialog closes when it is saved, else shows the server's reasons under their fields. */
  save: (body: Body) => Promise<SaveResult>;
  onClose: () => void;
  children: ReactNode;
}

/**
 * An expense dialog's frame: the title, the form with its fields one under the other, Cancel
 * and Save (Saving... while it is sent). A reason of the server's about the category lands
 * on the field the owner filled in (the select, or their own category's name).
 */
export function ExpenseFormDialog<Form extends ExpenseCommonForm, Body>({
  id,
  title,
  help,
  form,
  save,
  onClose,
  children,
}: ExpenseFormDialogProps<Form, Body>) {
  const busy = form.formState.isSubmitting;
  const submit = form.handleSubmit(async (body) => {
    const result = await save(body);
    if (result.saved) {
      onClose();
      return;
    }
    // The form's own fields are named as the API names them; the category is the one exception.
    const fields = form as unknown as UseFormReturn<ExpenseCommonForm>;
    for (const { field, message } of result.fieldErrors) {
      const name = field === 'category' ? categoryFieldOf(fields.getValues()) : (field as keyof ExpenseCommonForm);
      fields.setError(name, { message });
    }
  });

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
      <FormProvider {...form}>
        <form noValidate onSubmit={submit} aria-label={title}>
          <DialogContent sx={{ pt: 0 }}>
            {help ? (
              <DialogContentText id={`${id}-help`} variant="body2" sx={{ mb: 1 }}>
                {help}
              </DialogContentText>
            ) : null}
            {children}
          </DialogContent>
          <SubmitActions
            busy={busy}
            cancelLabel={coreMessages.common.cancel}
            submitLabel={m.save}
            busyLabel={m.busy}
            onCancel={onClose}
          />
        </form>
      </FormProvider>
    </Dialog>
  );
}
