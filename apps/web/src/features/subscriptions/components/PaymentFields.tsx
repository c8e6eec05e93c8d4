import { Controller, useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { MAX_DURATION_MONTHS, messages, PAYMENT_MODES, type PaymentMode } from '@app/shared';
import { fieldProps } from '@/lib/form';

const m = messages.subscriptions;

interface PaymentFormFields {
  fee: string | number;
  duration: string | number;
  mode: PaymentMode;
}

/** Library Fee (₹), Duration (months) and Payment Method: what Add and Renew both take. */
export function PaymentFields({ autoFocus = false }: { autoFocus?: boolean }) {
  const form = useFormContext<PaymentFormFields>();
  return (
    <Box sx={{ display: 'grid', rowGap: 1.5 }}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, rowGap: 1.5 }}>
        <TextField
          {...fieldProps(form, 'fee')}
          label={m.fields.fee}
          required
          type="number"
          autoFocus={autoFocus}
          slotProps={{
            htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
          }}
        />
        <TextField
          {...fieldProps(form, 'duration')}
          label={m.fields.duration}
          required
          type="number"
          slotProps={{
            htmlInput: { min: 1, max: MAX_DURATION_MONTHS, step: 1, inputMode: 'numeric' },
            input: { endAdornment: <InputAdornment position="end">{m.fields.months}</InputAdornment> },
          }}
        />
      </Box>
      <Controller
        control={form.control}
        name="mode"
        render={({ field, fieldState }) => (
          <TextField
            select
            id="mode"
            label={m.fields.mode}
            required
            name={field.name}
            value={field.value ?? ''}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? ' '}
          >
            {PAYMENT_MODES.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Box>
  );
}
