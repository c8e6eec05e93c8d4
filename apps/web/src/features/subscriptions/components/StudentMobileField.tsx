import { Controller, useFormContext } from 'react-hook-form';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import { subscriptionMessages } from '@app/shared';
import { LOOKUP_LENGTH, type LookupState } from '../hooks/use-student-lookup';
import { studentName } from './row-format';

const m = subscriptionMessages;

interface MobileFields {
  mobile: string;
  student_id: string;
}

interface StudentMobileFieldProps {
  lookup: LookupState;
  lookUp: (mobile: string) => Promise<{ id: string } | undefined>;
}

/**
 * The ten digits of what was typed or pasted: other characters go, and a pasted
 * "+91 98765 43210" or "098765 43210" loses its country or trunk prefix.
 */
function mobileDigits(text: string): string {
  const digits = text.replace(/\D/g, '');
  if (digits.length === LOOKUP_LENGTH + 2 && digits.startsWith('91')) return digits.slice(2);
  if (digits.length === LOOKUP_LENGTH + 1 && digits.startsWith('0')) return digits.slice(1);
  return digits.slice(0, LOOKUP_LENGTH);
}

/**
 * Student Registered Mobile: digits only; at exactly ten the student is looked up and
 * named under the field, or the server's reason shows on the field (SPEC.md §5).
 */
export function StudentMobileField({ lookup, lookUp }: StudentMobileFieldProps) {
  const { control, setValue, clearErrors } = useFormContext<MobileFields>();

  const change = async (text: string, onChange: (value: string) => void) => {
    const digits = mobileDigits(text);
    onChange(digits);
    setValue('student_id', '');
    const student = await lookUp(digits);
    if (student) {
      setValue('student_id', student.id);
      clearErrors('mobile');
    }
  };

  return (
    <Controller
      control={control}
      name="mobile"
      render={({ field, fieldState }) => {
        const error = lookup.status === 'failed' ? lookup.message : fieldState.error?.message;
        const helper =
          error ??
          (lookup.status === 'found' ? studentName(lookup.student) : lookup.status === 'loading' ? m.lookingUp : ' ');
        return (
          <TextField
            id="mobile"
            label={m.fields.mobile}
            required
            autoFocus
            type="tel"
            name={field.name}
            value={field.value}
            onChange={(event) => void change(event.target.value, field.onChange)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={Boolean(error)}
            helperText={helper}
            slotProps={{
              // No maxLength: it would cut a pasted "+91 98765 43210" before the prefix could be dropped.
              htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
              formHelperText: lookup.status === 'found' && !error ? { sx: { color: 'success.main' } } : undefined,
              input: {
                endAdornment:
                  lookup.status === 'loading' ? (
                    <InputAdornment position="end">
                      <CircularProgress size={18} aria-label={m.lookingUp} />
                    </InputAdornment>
                  ) : lookup.status === 'found' && !error ? (
                    <InputAdornment position="end">
                      <CheckCircleRounded color="success" fontSize="small" aria-hidden />
                    </InputAdornment>
                  ) : undefined,
              },
            }}
          />
        );
      }}
    />
  );
}
