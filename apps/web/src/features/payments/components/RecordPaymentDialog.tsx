import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { gstinState, paymentCreateSchema, paymentMessages } from '@app/shared';
import { PaymentModeField } from '@/components/PaymentModeField';
import { PaymentReferenceField } from '@/components/PaymentReferenceField';
import { RupeesField } from '@/components/RupeesField';
import { applyFieldErrors, fieldProps } from '@/lib/form';
import { useIdempotencyKey } from '@/lib/idempotency-key';
import { useGetPaymentTaxSettingsQuery } from '../api/payments-api';
import { useRecordPayment } from '../hooks/use-record-payment';
import { MoneyFormDialog } from './MoneyFormDialog';
import { PlaceOfSupplyField } from './PlaceOfSupplyField';

const m = paymentMessages;
const FIELDS = ['amount', 'mode', 'reference', 'place_of_supply'] as const;

type PaymentForm = z.input<typeof paymentCreateSchema>;
type PaymentBody = z.output<typeof paymentCreateSchema>;

/** The shared payment rules (amount, mode, reference by mode), and no more than the balance. */
const schemaFor = (balance: number) =>
  paymentCreateSchema.superRefine((payment, context) => {
    if (payment.amount > balance) {
      context.addIssue({ code: 'custom', path: ['amount'], message: m.overpayment(balance) });
    }
  });

/** The amount starts at the balance, in cash; a registered library's place of supply at its own state. */
const startingValues = (balance: number, libraryState: string): PaymentForm => ({
  amount: balance > 0 ? String(balance) : '',
  mode: 'Cash',
  reference: '',
  place_of_supply: libraryState,
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
 * When the library has a GSTIN (issue 14) it asks the place of supply, the library's own
 * state unless changed: another state makes the tax invoice IGST.
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
  const { data: tax } = useGetPaymentTaxSettingsQuery(undefined, { skip: !open });
  const libraryState = (tax?.gstin && gstinState(tax.gstin)) || '';
  const form = useForm<PaymentForm, unknown, PaymentBody>({
    resolver: zodResolver(schema),
    defaultValues: startingValues(balance, ''),
  });
  const mode = useWatch({ control: form.control, name: 'mode' });
  const record = useRecordPayment(FIELDS);
  const { keyFor, forget } = useIdempotencyKey();
  const busy = form.formState.isSubmitting;

  // Each opening starts afresh from the balance of that moment (the balance a recorded
  // payment leaves comes after the dialog has closed), with a fresh Idempotency-Key.
  const { reset, getValues, setValue } = form;
  useEffect(() => {
    if (!open) return;
    reset(startingValues(balance, ''));
    forget();
  }, [open, subscriptionId, balance, reset, forget]);
  // The library's state fills the place of supply on each opening, and when the settings answer later.
  useEffect(() => {
    if (open && libraryState && !getValues('place_of_supply')) setValue('place_of_supply', libraryState);
  }, [open, subscriptionId, balance, libraryState, getValues, setValue]);

  const submit = form.handleSubmit(async (body) => {
    const outcome = await record(subscriptionId, body, keyFor(body));
    if (outcome.done) {
      onRecorded();
      onClose();
      return;
    }
    applyFieldErrors(form, outcome.fieldErrors, FIELDS);
  });

  return (
    <MoneyFormDialog
      open={open}
      id="record-payment"
      title={m.recordTitle}
      subject={studentName}
      detail={`${m.balance}: ${m.balanceValue(balance)}`}
      busy={busy}
      submitLabel={m.submit}
      busyLabel={m.busy}
      onSubmit={submit}
      onClose={onClose}
    >
      <RupeesField {...fieldProps(form, 'amount')} label={m.amount} required autoFocus />
      <PaymentModeField control={form.control} name="mode" label={m.mode} />
      <PaymentReferenceField form={form} name="reference" mode={mode} required />
      {libraryState ? (
        <PlaceOfSupplyField control={form.control} name="place_of_supply" libraryState={libraryState} />
      ) : null}
    </MoneyFormDialog>
  );
}
