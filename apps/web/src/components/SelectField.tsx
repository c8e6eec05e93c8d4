import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import TextField from '@mui/material/TextField';

/**
 * A required select wired to a form field: its options are the children; under it the
 * field's error, else `help` for the value chosen (a line is always kept, so the form does
 * not jump). `onPicked` hears each choice.
 */
export function SelectField<T extends FieldValues, Context, Output>({
  control,
  name,
  label,
  help,
  onPicked,
  children,
}: {
  control: Control<T, Context, Output>;
  name: Path<T>;
  label: string;
  help?: (value: string) => string;
  onPicked?: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          id={name}
          label={label}
          required
          name={field.name}
          value={field.value ?? ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            onPicked?.(event.target.value);
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? help?.(String(field.value ?? '')) ?? ' '}
        >
          {children}
        </TextField>
      )}
    />
  );
}
