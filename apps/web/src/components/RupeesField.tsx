import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** An amount of money: a number box with ₹ in front that takes paise (two decimals). */
export function RupeesField(props: Omit<TextFieldProps, 'type' | 'slotProps'>) {
  return (
    <TextField
      {...props}
      type="number"
      slotProps={{
        htmlInput: { min: 0, step: 0.01, inputMode: 'decimal' },
        input: { startAdornment: <InputAdornment position="start">₹</InputAdornment> },
      }}
    />
  );
}
