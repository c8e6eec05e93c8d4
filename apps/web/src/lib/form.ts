import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * Wires a react-hook-form field to an MUI TextField: the input's ref (so focus-on-error
 * works), and the field's error message under it. The helper line is always reserved,
 * so messages appearing while typing do not make the form jump.
 */
export function fieldProps<T extends FieldValues, Context = unknown, Output = T>(
  form: UseFormReturn<T, Context, Output>,
  name: Path<T>,
) {
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

/**
 * Shows the server's per-field reasons under the fields they name, for the fields in
 * `known` (a reason about any other field is left to the toast).
 */
export function applyFieldErrors<T extends FieldValues, Context = unknown, Output = T>(
  form: UseFormReturn<T, Context, Output>,
  errors: readonly { field: string; message: string }[],
  known: readonly Path<T>[],
) {
  for (const { field, message } of errors) {
    const name = known.find((candidate) => candidate === field);
    if (name) form.setError(name, { message });
  }
}
