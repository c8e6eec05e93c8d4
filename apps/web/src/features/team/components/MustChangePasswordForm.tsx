import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { toast } from '@/lib/toast';
import { z } from 'zod';
import { passwordChangeSchema, teamScreenMessages, teamMessages } from '@app/shared';
import { PasswordField } from '@/components/PasswordField';
import { errorMessage } from '@/lib/api-errors';
import { fieldErrors } from '@/lib/entity-actions';
import { applyFieldErrors, fieldProps } from '@/lib/form';
import { readSession, writeSession } from '@/lib/session';
import { login } from '@/lib/store/auth-slice';
import { useAppDispatch } from '@/lib/store/hooks';
import { useChangeOwnPasswordMutation } from '../api/team-api';

const t = teamScreenMessages.mustChange;

const schema = passwordChangeSchema
  .extend({ confirm: z.string() })
  .refine((values) => values.confirm === values.password, {
    path: ['confirm'],
    error: teamScreenMessages.invitePage.confirmMismatch,
  });
type Form = z.input<typeof schema>;

/**
 * A person added with a one-time password chooses their own before anything else (issue 16);
 * the server refuses every other call meanwhile. Once changed, the app opens as usual.
 */
export function MustChangePasswordForm({ onSignOut }: { onSignOut: () => void }) {
  const dispatch = useAppDispatch();
  const form = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', password: '', confirm: '' },
  });
  const [change] = useChangeOwnPasswordMutation();
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ currentPassword, password }) => {
    try {
      await change({ currentPassword, password }).unwrap();
      toast.success(teamMessages.passwordChanged);
      const session = readSession();
      if (session) {
        const updated = { ...session, mustChangePassword: false };
        writeSession(updated);
        dispatch(login(updated));
      }
    } catch (error) {
      const reasons = fieldErrors(error);
      applyFieldErrors(form, reasons, ['currentPassword', 'password']);
      if (!reasons.some((reason) => reason.field === 'currentPassword' || reason.field === 'password')) {
        toast.error(errorMessage(error, t.failed));
      }
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t.title}>
      <Stack spacing={1}>
        <PasswordField
          {...fieldProps(form, 'currentPassword')}
          label={t.currentLabel}
          autoComplete="current-password"
          autoFocus
        />
        <PasswordField {...fieldProps(form, 'password')} label={t.newLabel} autoComplete="new-password" />
        <PasswordField {...fieldProps(form, 'confirm')} label={t.confirmLabel} autoComplete="new-password" />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? t.submitting : t.submit}
        </Button>
        <Button onClick={onSignOut} disabled={busy}>
          {t.signOut}
        </Button>
      </Stack>
    </form>
  );
}
