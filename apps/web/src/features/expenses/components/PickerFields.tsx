import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import dayjs, { type Dayjs } from 'dayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { usePickerValue } from '@/lib/use-picker-value';
import { UNREADABLE_DATE } from './expense-form';

/** `YYYY-MM-DD` or `YYYY-MM` (as the form and the API hold them) → the picker's value. */
const parse = (text: string): Dayjs | null => (text ? dayjs(text) : null);

const formatter = (pattern: string) => (value: Dayjs | null) =>
  !value ? '' : value.isValid() ? value.format(pattern) : UNREADABLE_DATE;

const toDate = formatter('YYYY-MM-DD');
const toMonth = formatter('YYYY-MM');

interface PickerFieldProps<T extends FieldValues, Context, Output> {
  control: Control<T, Context, Output>;
  name: Path<T>;
  label: string;
  /** The latest day (or month) that may be picked, `YYYY-MM-DD`. */
  max?: string;
}

function PickerField<T extends FieldValues, Context, Output>({
  control,
  name,
  label,
  max,
  month,
}: PickerFieldProps<T, Context, Output> & { month: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <BoundPicker
          text={String(field.value ?? '')}
          onText={field.onChange}
          label={label}
          max={max}
          month={month}
          inputRef={field.ref}
          onBlur={field.onBlur}
          id={name}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

function BoundPicker({
  text,
  onText,
  label,
  max,
  month,
  inputRef,
  onBlur,
  id,
  error,
}: {
  text: string;
  onText: (text: string) => void;
  label: string;
  max?: string;
  month: boolean;
  inputRef: React.Ref<HTMLInputElement>;
  onBlur: () => void;
  id: string;
  error?: string;
}) {
  const [value, change] = usePickerValue(text, parse, month ? toMonth : toDate);
  return (
    <DatePicker
      label={label}
      value={value}
      onChange={(next) => onText(change(next))}
      format={month ? 'MMMM YYYY' : 'DD/MM/YYYY'}
      views={month ? ['year', 'month'] : undefined}
      openTo={month ? 'month' : undefined}
      maxDate={max ? dayjs(max) : undefined}
      inputRef={inputRef}
      sx={{ width: '100%' }}
      slotProps={{
        textField: { id, required: true, onBlur, error: Boolean(error), helperText: error ?? ' ' },
      }}
    />
  );
}

/** A day, held in the form as `YYYY-MM-DD` (the picker shows DD/MM/YYYY). */
export function DateField<T extends FieldValues, Context, Output>(props: PickerFieldProps<T, Context, Output>) {
  return <PickerField {...props} month={false} />;
}

/** A calendar month, held in the form as `YYYY-MM` (the picker shows November 2026). */
export function MonthField<T extends FieldValues, Context, Output>(props: PickerFieldProps<T, Context, Output>) {
  return <PickerField {...props} month />;
}
