import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';

/**
 * A required choice shown as a row of radio buttons, wired to a react-hook-form field; the
 * helper line under it is always reserved, as with the text fields (lib/form).
 */
export function RadioChoiceField<T extends FieldValues>({
  control,
  name,
  label,
  labelId,
  options,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** The id of the group's label, unique on the page. */
  labelId: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)} required>
          <FormLabel id={labelId}>{label}</FormLabel>
          <RadioGroup row aria-labelledby={labelId} {...field} value={field.value ?? ''}>
            {options.map((option) => (
              <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
            ))}
          </RadioGroup>
          <FormHelperText>{fieldState.error?.message ?? ' '}</FormHelperText>
        </FormControl>
      )}
    />
  );
}
