import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { z } from 'zod';
import { resetPasswordSchema, passwordResetMessages } from '@app/shared';
import { PasswordField } from '@/components/PasswordField';
import { errorMessage } from '@/lib/api-errors';
import { fieldErrors } from '@/lib/entity-actions';
import { applyFieldErrors, fieldProps } from '@/lib/form';
import { useResetPasswordMutation } from '../api/password-reset-api';

const m = passwordResetMessages;

const schema = z
  .object({ password: resetPasswordSchema.shape.password, confirm: z.string() })
  .refine((values) => values.confirm === values.password, { path: ['confirm'], error: m.passwordsDiffer });
type Form = z.input<typeof schema>;

/** The reset token, from the link's fragment (`/reset-password#token=...`): it never reaches a server log. */
export function resetTokenFromFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token ? token : null;
}

/** A link that cannot be used (missing, expired, used): why, and where to get a new one. */
function LinkRefused({ text }: { text: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{text}</Alert>
      <Button component={RouterLink} to="/forgot-password" variant="contained">
        {m.requestNew}
      </Button>
      <Button component={RouterLink} to="/login" variant="text">
        {m.backToSignIn}
      </Button>
    </Stack>
  );
}

/**
 * Reset password (issue 16): a new password (registration's rules) twice; the server ends every
 * session of the account. An expired or used link says so and leads back to Forgot password.
 */
export function ResetPasswordForm({ hash }: { hash: string }) {
  const token = resetTokenFromFragment(hash);
  const form = useForm<Form>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '' } });
  const [reset] = useResetPasswordMutation();
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'refused' | 'failed'; text: string } | null>(null);
  const busy = form.formState.isSubmitting;

  if (!token) return <LinkRefused text={m.linkMissing} />;
  if (outcome?.kind === 'refused') return <LinkRefused text={outcome.text} />;
  if (outcome?.kind === 'done') {
    return (
      <Stack spacing={2}>
        <Alert severity="success" role="status">
          {outcome.text}
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          {m.signIn}
        </Button>
      </Stack>
    );
  }

  const submit = form.handleSubmit(async ({ password }) => {
    try {
      const response = await reset({ token, password }).unwrap();
      setOutcome({ kind: 'done', text: response.message ?? m.done });
    } catch (error) {
      const reasons = fieldErrors(error);
      applyFieldErrors(form, reasons, ['password']);
      if (reasons.some((reason) => reason.field === 'password')) return;
      const text = errorMessage(error, m.failed);
      // The link itself was refused (expired, used, forged): only a new one helps.
      setOutcome({ kind: text === m.linkInvalid ? 'refused' : 'failed', text });
    }
  });

  return (
    <Box component="form" noValidate aria-label={m.resetTitle} onSubmit={(event) => void submit(event)}>
      <Stack spacing={1}>
        {outcome?.kind === 'failed' ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {outcome.text}
          </Alert>
        ) : null}
        <PasswordField {...fieldProps(form, 'password')} label={m.password} autoComplete="new-password" autoFocus />
        <PasswordField {...fieldProps(form, 'confirm')} label={m.confirmPassword} autoComplete="new-password" />
      </Stack>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 1 }}>
        {busy ? m.saving : m.save}
      </Button>
    </Box>
  );
}
