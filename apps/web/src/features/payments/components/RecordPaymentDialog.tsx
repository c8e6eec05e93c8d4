import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { messages, paymentCreateSchema } from '@app/shared';
import { SubmitActions } from '@/components/FormDialogActions';
import { PaymentModeField } from '@/components/PaymentModeField';
import { PaymentReferenceField } from '@/components/PaymentReferenceField';
import { RupeesField } from '@/components/RupeesField';
import { applyFieldErrors, fieldProps } from '@/lib/form';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useRecordPayment } from '../hooks/use-record-payment';

const m = messages.payments;
const FIELDS = ['amount', 'mode', 'reference'] as const;

type PaymentForm = z.input<typeof paymentCreateSchema>;
type PaymentBody = z.output<typeof paymentCreateSchema>;

/** The shared payment rules (amount, mode, reference by mode), and no more than the balance. */
const schemaFor = (balance: number) =>
  paymentCreateSchema.superRefine((payment, context) => {
    if (payment.amount > balance) {
      context.addIssue({ code: 'custom', path: ['amount'], message: m.overpayment(balance) });
    }
  });

const startingValues = (balance: number): PaymentForm => ({
  amount: balance > 0 ? String(balance) : '',
  mode: 'Cash',
  reference: '',
});

export interface RecordPaymentDialogProps {
  open: boolean;
  subscriptionId: string;
  studentName: string;
  /** What is still due on the subscription: the amount starts at it, and may not go above it. */
  balance: number;
  onClose(): void;
  /** After the payment is recorded; the dialog then asks to close (onClose). */
  onRecorded(): void;
}

/**
 * Record Payment: part or all of a subscription's balance, in any mode; UPI and bank
 * transfers carry their reference (the 12-digit UTR for UPI). The server's refusals land
 * on their field: an amount above the balance, a reference already recorded (naming that
 * payment). A retry of the same payment (its answer lost) carries the same Idempotency-Key.
 */
export function RecordPaymentDialog({
  open,
  subscriptionId,
  studentName,
  balance,
  onClose,
  onRecorded,
}: RecordPaymentDialogProps) {
  const schema = useMemo(() => schemaFor(balance), [balance]);
  const form = useForm<PaymentForm, unknown, PaymentBody>({
    resolver: zodResolver(schema),
    defaultValues: startingValues(balance),
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const record = useRecordPayment(FIELDS);
  const { keyFor, forget } = useIdempotencyKey();
  const busy = form.formState.isSubmitting;

  // Each opening starts afresh from the balance of that moment (the balance a recorded
  // payment leaves comes after the dialog has closed), with a fresh Idempotency-Key.
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(startingValues(balance));
    forget();
  }, [open, subscriptionId, balance, reset, forget]);

  const submit = form.handleSubmit(async (body) => {
    const outcome = await record(subscriptionId, body, keyFor(body));
    if (outcome.recorded) {
      onRecorded();
      onClose();
      return;
    }
    applyFieldErrors(form, outcome.fieldErrors, FIELDS);
  });

  const titleId = 'record-payment-title';
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { m: 2, width: 'calc(100% - 32px)' } } }}
    >
      <DialogTitle id={titleId}>{m.recordTitle}</DialogTitle>
      <form noValidate onSubmit={submit} aria-label={m.recordTitle}>
        <DialogContent sx={{ pt: 0 }}>
          <Box sx={{ p: 2, mb: 3, borderRadius: 2, bgcolor: 'action.hover' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {studentName}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {`${m.balance}: ${m.balanceValue(balance)}`}
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', rowGap: 1.5 }}>
            <RupeesField {...fieldProps(form, 'amount')} label={m.amount} required autoFocus />
            <PaymentModeField control={form.control} name="mode" label={m.mode} />
            <PaymentReferenceField form={form} name="reference" mode={mode} required />
          </Box>
        </DialogContent>
        <SubmitActions
          busy={busy}
          cancelLabel={messages.common.cancel}
          submitLabel={m.submit}
          busyLabel={m.busy}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
