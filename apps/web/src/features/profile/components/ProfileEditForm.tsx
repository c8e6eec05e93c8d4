import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { profileFormSchema, type Admin, type ProfileUpdateInput, coreMessages } from '@app/shared';
import { PasswordField } from '@/components/PasswordField';
import { applyFieldErrors, fieldProps } from '@/lib/form';
import { SubmitActions } from '@/components/FormDialogActions';
import { useUpdateProfile } from '../hooks/use-update-profile';

const m = coreMessages.profile;
const FIELDS = ['name', 'email', 'phone', 'password', 'currentPassword'] as const;

interface ProfileEditFormProps {
  admin: Admin;
  onCancel: () => void;
  onSaved: () => void;
}

/**
 * The Edit Profile form (SPEC.md §5 Admin profile). Changing the email or the password needs
 * the current password: its field appears when the email differs from the saved one, or when
 * the server says the password typed is a new one (only the server can tell).
 */
export function ProfileEditForm({ admin, onCancel, onSaved }: ProfileEditFormProps) {
  const schema = useMemo(() => profileFormSchema(admin.email), [admin.email]);
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(schema),
    defaultValues: { name: admin.name, email: admin.email, phone: admin.phone, password: '', currentPassword: '' },
  });
  const { save, isSaving } = useUpdateProfile();
  const [serverAsked, setServerAsked] = useState(false);
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanged = (email ?? '').trim().toLowerCase() !== admin.email.trim().toLowerCase();
  const askCurrent = emailChanged || serverAsked;
  const busy = isSaving || form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async ({ currentPassword, ...values }) => {
    const outcome = await save(askCurrent && currentPassword ? { ...values, currentPassword } : values);
    if (outcome.saved) return onSaved();
    if (outcome.fieldErrors.some((error) => error.field === 'currentPassword')) setServerAsked(true);
    applyFieldErrors(form, outcome.fieldErrors, FIELDS);
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={1} sx={{ pt: 1 }}>
          <TextField {...fieldProps(form, 'name')} label={m.name} required autoComplete="name" autoFocus />
          <TextField {...fieldProps(form, 'email')} label={m.email} required type="email" autoComplete="email" />
          <TextField
            {...fieldProps(form, 'phone')}
            label={m.phone}
            required
            type="tel"
            autoComplete="tel"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10 } }}
          />
          <PasswordField {...fieldProps(form, 'password')} label={m.password} required autoComplete="new-password" />
          {askCurrent && <CurrentPasswordField {...fieldProps(form, 'currentPassword')} />}
        </Stack>
      </DialogContent>
      <SubmitActions
        busy={busy}
        cancelLabel={m.cancelEdit}
        submitLabel={m.save}
        busyLabel={m.saving}
        onCancel={onCancel}
      />
    </form>
  );
}

function CurrentPasswordField(props: ReturnType<typeof fieldProps<ProfileUpdateInput>>) {
  const { error, helperText } = props;
  return (
    <PasswordField
      {...props}
      label={m.currentPassword}
      required
      autoComplete="current-password"
      helperText={error ? helperText : m.currentPasswordHint}
    />
  );
}
