import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Wires a react-hook-form field to an MUI TextField: the input's ref (so focus-on-error
 * works), and the field's error message under it. The helper line is always reserved,
 * so messages appearing while typing do not make the form jump.
 */
export function fieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const { ref, ...registration } = form.register(name);
  const message = form.getFieldState(name, form.formState).error?.message;
  return {
    ...registration,
    id: name,
    inputRef: ref,
    error: Boolean(message),
    helperText: message ?? ' ',
  };
}
