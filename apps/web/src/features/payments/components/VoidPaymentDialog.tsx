import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import TextField from '@mui/material/TextField';
import { paymentVoidSchema, type PaymentRecord, receiptMessages } from '@app/shared';
import { applyFieldErrors, fieldProps } from '@/lib/form';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useVoidPayment } from '../hooks/use-correct-payment';
import { paymentSummary, voidTitleOf, type CorrectablePayment } from './correctable-payment';
import { MoneyFormDialog } from './MoneyFormDialog';

const r = receiptMessages;
const FIELDS = ['reason'] as const;

type VoidForm = z.input<typeof paymentVoidSchema>;
type VoidBody = z.output<typeof paymentVoidSchema>;

export interface VoidPaymentDialogProps {
  open: boolean;
  payment: CorrectablePayment;
  onClose(): void;
  /** After the payment is voided, with the payment as it now stands; the dialog then asks to close. */
  onVoided?(payment: PaymentRecord): void;
}

/**
 * Voids a payment (issue 14): the receipt keeps its number, marked VOID with who, when and
 * why, and its amount counts for nothing from then on. The reason is required (the shared
 * `paymentVoidSchema`, as the API checks it): without one nothing is sent.
 */
export function VoidPaymentDialog({ open, payment, onClose, onVoided }: VoidPaymentDialogProps) {
  const form = useForm<VoidForm, unknown, VoidBody>({
    resolver: zodResolver(paymentVoidSchema),
    defaultValues: { reason: '' },
  });
  const voidPayment = useVoidPayment(FIELDS);
  const { keyFor, forget } = useIdempotencyKey();
  const busy = form.formState.isSubmitting;

  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset({ reason: '' });
    forget();
  }, [open, payment.id, reset, forget]);

  const submit = form.handleSubmit(async (body) => {
    const outcome = await voidPayment(payment.id, body, keyFor(body));
    if (outcome.done) {
      if (outcome.result) onVoided?.(outcome.result.payment);
      onClose();
      return;
    }
    applyFieldErrors(form, outcome.fieldErrors, FIELDS);
  });

  return (
    <MoneyFormDialog
      open={open}
      id="void-payment"
      title={voidTitleOf(payment)}
      subject={paymentSummary(payment)}
      detail={r.voidHelp}
      busy={busy}
      submitLabel={r.voidSubmit}
      busyLabel={r.voidBusy}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField
        {...fieldProps(form, 'reason')}
        label={r.voidReason}
        required
        fullWidth
        multiline
        minRows={2}
        autoFocus
      />
    </MoneyFormDialog>
  );
}
