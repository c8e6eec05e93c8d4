import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { messages, profileUpdateSchema, type Admin } from '@app/shared';
import { PasswordField } from '@/components/PasswordField';
import { fieldProps } from '@/lib/form';
import { useUpdateProfile } from '../hooks/use-update-profile';

const m = messages.profile;

interface ProfileEditFormProps {
  admin: Admin;
  onCancel: () => void;
  onSaved: () => void;
}

/** The Edit Profile form (SPEC.md §5 Admin profile). */
export function ProfileEditForm({ admin, onCancel, onSaved }: ProfileEditFormProps) {
  const form = useForm({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: { name: admin.name, email: admin.email, phone: admin.phone, password: '' },
  });
  const { save, isSaving } = useUpdateProfile();
  const busy = isSaving || form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (values) => {
    if (await save(values)) onSaved();
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
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onCancel} disabled={busy}>
          {m.cancelEdit}
        </Button>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? m.saving : m.save}
        </Button>
      </DialogActions>
    </form>
  );
}
