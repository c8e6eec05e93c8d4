import { Controller, useController, useForm, type Control, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import dayjs, { type Dayjs } from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import {
  STUDENT_IMAGE_FIELDS,
  type StudentConsent,
  type StudentImageField,
  privacyMessages,
  studentMessages,
  teamMessages,
} from '@app/shared';
import { fieldProps } from '@/lib/form';
import { usePickerValue } from '@/lib/use-picker-value';
import type { SaveResult } from '@/lib/entity-actions';
import { ConsentField } from './ConsentField';
import { ImageField } from './ImageField';
import { studentFormFieldsSchema, type StudentFormFields, type StudentFormOutput } from './student-form-fields';

const m = studentMessages;

export const EMPTY_STUDENT: StudentFormFields = {
  first_name: '',
  last_name: '',
  mobile: '',
  email: '',
  aadhaar_number: '',
  dob: '',
  profile: null,
  front_image: null,
  back_image: null,
  consent: false,
};

const IMAGE_LABELS: Record<StudentImageField, string> = {
  profile: m.fields.profile,
  front_image: m.fields.frontImage,
  back_image: m.fields.backImage,
};

// A date the picker cannot read stays in the form as text, so the schema says it is invalid.
const UNREADABLE_DATE = 'invalid-date';
const toPickerValue = (dob: string): Dayjs | null => {
  if (!dob) return null;
  const value = dayjs(dob);
  return value.isValid() ? value : dayjs('invalid');
};
const fromPickerValue = (value: Dayjs | null): string =>
  value ? (value.isValid() ? value.format('YYYY-MM-DD') : UNREADABLE_DATE) : '';

/** Date of Birth, typed as DD/MM/YYYY or picked; the form holds it as YYYY-MM-DD. */
function DateOfBirthField({ control }: { control: Control<StudentFormFields, unknown, StudentFormOutput> }) {
  const { field, fieldState } = useController({ control, name: 'dob' });
  const [value, change] = usePickerValue(field.value ?? '', toPickerValue, fromPickerValue);
  return (
    <DatePicker
      label={m.fields.dob}
      value={value}
      onChange={(next) => field.onChange(change(next))}
      format="DD/MM/YYYY"
      disableFuture
      minDate={dayjs('1900-01-01')}
      inputRef={field.ref}
      slotProps={{
        textField: {
          id: 'dob',
          required: true,
          onBlur: field.onBlur,
          error: Boolean(fieldState.error),
          helperText: fieldState.error?.message ?? ' ',
        },
      }}
    />
  );
}

interface StudentFormProps {
  mode: 'create' | 'edit';
  initial: StudentFormFields;
  /** Signed URLs of the stored images, previewed in edit mode. */
  existingImages?: Partial<Record<StudentImageField, string | null>>;
  onSubmit: (values: StudentFormOutput) => Promise<SaveResult>;
  onCancel: () => void;
  /**
   * Editing without the right to see identity (issue 16, the desk): the Aadhaar number is the
   * server's masked one, read-only (sent back unchanged it keeps the stored number), and the
   * identity images are left out.
   */
  identityHidden?: boolean;
  /**
   * Issue 19: the consent on record (null: none, as for a student added before it); whether
   * the identity documents were erased (then they are needed again, with consent); the
   * library's privacy notice, once loaded.
   */
  consent?: StudentConsent | null;
  documentsErased?: boolean;
  notice?: string;
}

/** The Add/Edit Student fields (SPEC.md §2 Student form, §5 rules from the shared schema). */
export function StudentForm({
  mode,
  initial,
  existingImages = {},
  onSubmit,
  onCancel,
  identityHidden = false,
  consent = null,
  documentsErased = false,
  notice,
}: StudentFormProps) {
  const creating = mode === 'create';
  const imagesRequired = creating || documentsErased;
  const consentRequired = creating || documentsErased || consent === null;
  const form = useForm<StudentFormFields, unknown, StudentFormOutput>({
    resolver: zodResolver(studentFormFieldsSchema({ mode, identityHidden, imagesRequired, consentRequired })),
    defaultValues: initial,
  });
  const busy = form.formState.isSubmitting;
  const consentNote = creating
    ? undefined
    : documentsErased
      ? privacyMessages.erase.documentsNeeded
      : consent === null
        ? privacyMessages.consent.missing
        : undefined;

  const submit = form.handleSubmit(async (values) => {
    const outcome = await onSubmit(values);
    for (const { field, message } of outcome.fieldErrors) {
      if (field in EMPTY_STUDENT) form.setError(field as Path<StudentFormFields>, { message });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={creating ? m.addTitle : m.editTitle}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2.5, rowGap: 1 }}>
        <TextField {...fieldProps(form, 'first_name')} label={m.fields.firstName} required autoComplete="off" />
        <TextField {...fieldProps(form, 'last_name')} label={m.fields.lastName} autoComplete="off" />
        <TextField
          {...fieldProps(form, 'mobile')}
          label={m.fields.mobile}
          required
          type="tel"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off' } }}
        />
        <TextField {...fieldProps(form, 'email')} label={m.fields.email} required type="email" autoComplete="off" />
        {identityHidden ? (
          <TextField
            {...fieldProps(form, 'aadhaar_number')}
            label={m.fields.aadhaarNumber}
            helperText={teamMessages.forbiddenIdentity}
            slotProps={{ htmlInput: { readOnly: true, autoComplete: 'off' } }}
          />
        ) : (
          <TextField
            {...fieldProps(form, 'aadhaar_number')}
            label={m.fields.aadhaarNumber}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14, autoComplete: 'off' } }}
          />
        )}
        <DateOfBirthField control={form.control} />
      </Box>

      <Box
        sx={{
          mt: 2,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '0.8fr 1fr 1fr' },
          gap: 2.5,
        }}
      >
        {STUDENT_IMAGE_FIELDS.filter((name) => !identityHidden || name === 'profile').map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field, fieldState }) => (
              <ImageField
                label={IMAGE_LABELS[name]}
                required={imagesRequired}
                file={field.value as File | null | undefined}
                existingUrl={existingImages[name]}
                error={fieldState.error?.message}
                shape={name === 'profile' ? 'square' : 'card'}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
              />
            )}
          />
        ))}
      </Box>

      <ConsentField
        control={form.control}
        required={consentRequired}
        recorded={consent}
        notice={notice}
        note={consentNote}
      />

      <Stack direction="row" spacing={1.5} sx={{ mt: 4, justifyContent: 'flex-end' }}>
        <Button variant="outlined" color="inherit" onClick={onCancel} disabled={busy}>
          {m.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? (creating ? m.creating : m.updating) : creating ? m.create : m.update}
        </Button>
      </Stack>
    </Box>
  );
}
