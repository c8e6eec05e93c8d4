import { useEffect } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import TextField from '@mui/material/TextField';
import { paymentAdjustmentSchema, type PaymentRecord, paymentMessages, receiptMessages } from '@app/shared';
import { PaymentModeField } from '@/components/PaymentModeField';
import { PaymentReferenceField } from '@/components/PaymentReferenceField';
import { RadioChoiceField } from '@/components/RadioChoiceField';
import { RupeesField } from '@/components/RupeesField';
import { applyFieldErrors, fieldProps } from '@/lib/form';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useAdjustPayment } from '../hooks/use-correct-payment';
import { paymentSummary, type CorrectablePayment } from './correctable-payment';
import { MoneyFormDialog } from './MoneyFormDialog';

const r = receiptMessages;
const p = paymentMessages;
const FIELDS = ['direction', 'amount', 'mode', 'reference', 'reason'] as const;
const DIRECTIONS = [
  { value: 'more', label: r.adjustMore },
  { value: 'refund', label: r.adjustRefund },
] as const;

type AdjustBody = z.output<typeof paymentAdjustmentSchema>;
/** The form's values: no direction until the owner picks one. */
type AdjustForm = Omit<z.input<typeof paymentAdjustmentSchema>, 'direction'> & {
  direction: AdjustBody['direction'] | '';
};

const STARTING_VALUES: AdjustForm = { direction: '', amount: '', mode: 'Cash', reference: '', reason: '' };

export interface AdjustPaymentDialogProps {
  open: boolean;
  /** An original payment with a receipt (not void, not itself an adjustment). */
  payment: CorrectablePayment & { receipt_no: string };
  onClose(): void;
  /** After the adjustment is recorded, with the new entry; the dialog then asks to close. */
  onAdjusted?(adjustment: PaymentRecord): void;
}

/**
 * Adjusts a payment by a new entry with a reason (issue 14): more was received (an entry with
 * a receipt of its own, at most the balance) or a refund (money given back or less received,
 * at most what is left of the payment). The direction is chosen each time, never assumed: a
 * correction the wrong way round is a second mistake. The shared `paymentAdjustmentSchema`
 * checks it before sending; the server's limits land under the amount.
 */
export function AdjustPaymentDialog({ open, payment, onClose, onAdjusted }: AdjustPaymentDialogProps) {
  const form = useForm<AdjustForm, unknown, AdjustBody>({
    // The form may hold no direction yet (''); the schema refuses it with its own message.
    resolver: zodResolver(paymentAdjustmentSchema) as Resolver<AdjustForm, unknown, AdjustBody>,
    defaultValues: STARTING_VALUES,
  });
  const [direction, mode] = useWatch({ control: form.control, name: ['direction', 'mode'] });
  const adjust = useAdjustPayment(FIELDS);
  const { keyFor, forget } = useIdempotencyKey();
  const busy = form.formState.isSubmitting;

  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    reset(STARTING_VALUES);
    forget();
  }, [open, payment.id, reset, forget]);

  const submit = form.handleSubmit(async (body) => {
    const outcome = await adjust(payment.id, body, keyFor(body));
    if (outcome.done) {
      if (outcome.result) onAdjusted?.(outcome.result.payment);
      onClose();
      return;
    }
    applyFieldErrors(form, outcome.fieldErrors, FIELDS);
  });

  const amount = fieldProps(form, 'amount');
  const amountHelp = direction === 'more' || direction === 'refund' ? r.adjustAmountHelp[direction] : ' ';
  return (
    <MoneyFormDialog
      open={open}
      id="adjust-payment"
      title={r.adjustTitle(payment.receipt_no)}
      subject={paymentSummary(payment)}
      detail={r.adjustHelp}
      busy={busy}
      submitLabel={r.adjustSubmit}
      busyLabel={r.adjustBusy}
      maxWidth="sm"
      onSubmit={submit}
      onClose={onClose}
    >
      <RadioChoiceField
        control={form.control}
        name="direction"
        label={r.adjustDirection}
        labelId="adjust-direction-label"
        options={DIRECTIONS}
      />
      <RupeesField {...amount} helperText={amount.error ? amount.helperText : amountHelp} label={p.amount} required />
      <PaymentModeField control={form.control} name="mode" label={p.mode} />
      <PaymentReferenceField form={form} name="reference" mode={mode} required={direction === 'more'} />
      <TextField {...fieldProps(form, 'reason')} label={r.adjustReason} required multiline minRows={2} />
    </MoneyFormDialog>
  );
}
