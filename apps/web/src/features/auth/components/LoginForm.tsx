import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '@/lib/toast';
import { coreMessages } from '@app/shared';
import { PasswordField } from '@/components/PasswordField';
import { errorMessage } from '@/lib/api-errors';
import { fieldProps } from '@/lib/form';
import { useLoginMutation } from '../api/auth-api';
import { useStartSession } from '../hooks/use-start-session';
import { lazyLoginResolver, preloadLoginResolver } from '../validation/lazy-login-resolver';

const m = coreMessages.login;

/** Sign in (SPEC.md §2, §5): identifier (an email) and password. */
export function LoginForm() {
  // No default values: the prerendered page (src/prerender) may be typed in, or autofilled, before
  // React hydrates it, and react-hook-form then takes each field's value from the page.
  const form = useForm({ resolver: lazyLoginResolver });
  const [login, { isLoading }] = useLoginMutation();
  const startSession = useStartSession(coreMessages.auth.loginFailed);
  const busy = isLoading || form.formState.isSubmitting;

  const onSubmit = form.handleSubmit(async (credentials) => {
    try {
      startSession(await login(credentials).unwrap());
    } catch (error) {
      toast.error(errorMessage(error, coreMessages.auth.loginFailed));
    }
  });

  return (
    // Validation (zod and the shared schema) loads once the visitor starts filling the form.
    // `post`: the page is prerendered (src/prerender), and a browser sending it without the app's
    // script must not put the password in the address.
    <Box component="form" method="post" noValidate onSubmit={onSubmit} onInput={() => void preloadLoginResolver()}>
      <Stack spacing={1}>
        <TextField
          {...fieldProps(form, 'identifier')}
          label={m.identifier}
          type="email"
          autoComplete="username"
          placeholder={coreMessages.common.emailPlaceholder}
          autoFocus
        />
        <PasswordField {...fieldProps(form, 'password')} label={m.password} autoComplete="current-password" />
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Link component={RouterLink} to="/forgot-password" variant="body2" underline="hover">
          {m.forgotPassword}
        </Link>
      </Box>
      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
        {busy ? m.busy : m.submit}
      </Button>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/register" underline="hover">
          {m.noAccount}
        </Link>
      </Typography>
    </Box>
  );
}
