import type { ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import {
  formatRupees,
  MAX_DURATION_MONTHS,
  modeTakesReference,
  type PaymentMode,
  teamScreenMessages,
  paymentMessages,
  subscriptionMessages,
} from '@app/shared';
import { PaymentModeField } from '@/components/PaymentModeField';
import { PaymentReferenceField } from '@/components/PaymentReferenceField';
import { RupeesField } from '@/components/RupeesField';
import { fieldProps } from '@/lib/form';
import { usePriceFromList, type PricedPlan, type PriceFormFields } from '../hooks/use-price-from-list';
import { useCan } from '@/lib/use-can';

const m = subscriptionMessages;
const p = paymentMessages;
const t = teamScreenMessages.hidden;

interface PaymentFormFields extends PriceFormFields {
  mode: PaymentMode;
  reference?: unknown;
}

/** How far the agreed price is below the list's (0 or less: none). */
function discountOf(listPrice: number, price: string | number | undefined): number {
  const agreed = price === undefined || price === '' ? NaN : Number(price);
  return Math.round((listPrice - agreed) * 100) / 100;
}

/**
 * Under the price: what the list asks for the plan, and the discount when the price is below it.
 * For the desk (`deskLimit` given, issue 16) also how far below the list they may go.
 */
export function priceNote(
  listPrice: number | undefined,
  price: string | number | undefined,
  deskLimit?: number,
): string {
  if (listPrice === undefined) return p.priceHelp;
  const discount = discountOf(listPrice, price);
  const note = discount > 0 ? `${p.priceFromList(listPrice)} · ${p.discount(discount)}` : p.priceFromList(listPrice);
  if (deskLimit === undefined) return note;
  const limit = deskLimit > 0 ? t.discountLimit(formatRupees(deskLimit)) : t.noDiscount;
  return `${note}. ${limit}`;
}

/**
 * What Add and Renew both take: Duration (months) and the agreed Price (from the price list
 * for `plan`), the Library Fee paid now and its Payment Method, and for UPI or a bank
 * transfer its reference.
 */
export function PaymentFields({ plan, autoFocus = false }: { plan: PricedPlan | undefined; autoFocus?: boolean }) {
  const form = useFormContext<PaymentFormFields>();
  const { listPrice, typed, deskMaxDiscount } = usePriceFromList(plan);
  // Issue 16: the desk may go only so far below the price list; the server refuses more, naming the limit.
  const deskLimit = useCan('discount.unlimited') ? undefined : (deskMaxDiscount ?? 0);
  const [price, mode] = useWatch({ control: form.control, name: ['price', 'mode'] });
  const priceField = fieldProps(form, 'price');
  const feeField = fieldProps(form, 'fee');
  const onChange =
    (name: 'price' | 'fee', change: (event: ChangeEvent<HTMLInputElement>) => unknown) =>
    (event: ChangeEvent<HTMLInputElement>) => {
      typed(name, event.target.value);
      return change(event);
    };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1.5 }}>
      <TextField
        {...fieldProps(form, 'duration')}
        label={m.fields.duration}
        required
        type="number"
        autoFocus={autoFocus}
        slotProps={{
          htmlInput: { min: 1, max: MAX_DURATION_MONTHS, step: 1, inputMode: 'numeric' },
          input: { endAdornment: <InputAdornment position="end">{m.fields.months}</InputAdornment> },
        }}
      />
      <RupeesField
        {...priceField}
        onChange={onChange('price', priceField.onChange)}
        label={p.price}
        error={
          priceField.error ||
          (deskLimit !== undefined && listPrice !== undefined && discountOf(listPrice, price) > deskLimit)
        }
        helperText={priceField.error ? priceField.helperText : priceNote(listPrice, price, deskLimit)}
      />
      <RupeesField {...feeField} onChange={onChange('fee', feeField.onChange)} label={m.fields.fee} required />
      <PaymentModeField control={form.control} name="mode" label={m.fields.mode} />
      {modeTakesReference(mode) ? (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <PaymentReferenceField form={form} name="reference" mode={mode} required={false} />
        </Box>
      ) : null}
    </Box>
  );
}
