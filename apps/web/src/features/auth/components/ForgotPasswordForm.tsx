import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { forgotPasswordSchema, type ForgotPasswordInput, passwordResetMessages, coreMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { fieldProps } from '@/lib/form';
import { useForgotPasswordMutation, useMailStatusQuery } from '../api/password-reset-api';

const m = passwordResetMessages;

function BackToSignIn() {
  return (
    <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login" underline="hover">
        {m.backToSignIn}
      </Link>
    </Typography>
  );
}

/**
 * Forgot password (issue 16): the email, then always the same neutral answer (whether the
 * email has an account is never told). Without mail on the server it says so instead.
 */
export function ForgotPasswordForm() {
  const status = useMailStatusQuery();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { email: '' },
  });
  const [send] = useForgotPasswordMutation();
  const [answer, setAnswer] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const busy = form.formState.isSubmitting;

  if (status.data && !status.data.configured) {
    return (
      <>
        <Alert severity="info">{m.mailNotConfigured}</Alert>
        <BackToSignIn />
      </>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      const response = await send(values).unwrap();
      setAnswer({ severity: 'success', text: response.message ?? m.sent });
    } catch (error) {
      setAnswer({ severity: 'error', text: errorMessage(error, m.failed) });
    }
  });

  if (answer?.severity === 'success') {
    return (
      <>
        <Alert severity="success" role="status">
          {answer.text}
        </Alert>
        <BackToSignIn />
      </>
    );
  }

  return (
    <Box component="form" noValidate aria-label={m.forgotTitle} onSubmit={(event) => void submit(event)}>
      <Stack spacing={1}>
        {answer ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {answer.text}
          </Alert>
        ) : null}
        <TextField
          {...fieldProps(form, 'email')}
          label={m.email}
          type="email"
          autoComplete="email"
          placeholder={coreMessages.common.emailPlaceholder}
          autoFocus
        />
      </Stack>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 1 }}>
        {busy ? m.sending : m.send}
      </Button>
      <BackToSignIn />
    </Box>
  );
}
