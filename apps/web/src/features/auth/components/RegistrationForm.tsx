import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toast } from '@/lib/toast';
import { registrationSchema, type RegistrationInput, coreMessages } from '@app/shared';
import { PasswordField } from '@/components/PasswordField';
import { errorMessage } from '@/lib/api-errors';
import { fieldProps } from '@/lib/form';
import { useRegisterLibraryMutation } from '../api/auth-api';
import { useStartSession } from '../hooks/use-start-session';

const m = coreMessages.registration;

const EMPTY: RegistrationInput = {
  library_name: '',
  mobile: '',
  email: '',
  address: '',
  first_name: '',
  last_name: '',
  owner_mobile: '',
  owner_email: '',
  password: '',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 1 }}>
      <Typography variant="overline" color="primary" component="h2" sx={{ fontWeight: 700, display: 'block', mb: 1 }}>
        {title}
      </Typography>
      <Grid container columnSpacing={2}>
        {children}
      </Grid>
    </Box>
  );
}

/** Library Registration (SPEC.md §2, §5): validated on every change and again on submit. */
export function RegistrationForm() {
  const form = useForm({
    resolver: zodResolver(registrationSchema),
    mode: 'onChange',
    defaultValues: EMPTY,
  });
  const [register, { isLoading }] = useRegisterLibraryMutation();
  const startSession = useStartSession(m.failed);
  const busy = isLoading || form.formState.isSubmitting;
  const field = (name: keyof RegistrationInput) => fieldProps(form, name);

  const onSubmit = form.handleSubmit(async (registration) => {
    try {
      startSession(await register(registration).unwrap());
    } catch (error) {
      toast.error(errorMessage(error, m.failed));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      <Section title={m.libraryInformation}>
        <Grid size={12}>
          <TextField {...field('library_name')} label={m.libraryName} required autoFocus />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('mobile')}
            label={m.mobile}
            required
            type="tel"
            autoComplete="tel"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('email')} label={m.email} required type="email" autoComplete="email" />
        </Grid>
      </Section>

      <Divider sx={{ mb: 2 }} />
      <Section title={m.contactInformation}>
        <Grid size={12}>
          {/* Marked required as the spec shows it, though no rule checks it. */}
          <TextField
            {...field('address')}
            label={m.address}
            required
            multiline
            minRows={2}
            autoComplete="street-address"
          />
        </Grid>
      </Section>

      <Divider sx={{ mb: 2 }} />
      <Section title={m.ownerDetails}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('first_name')} label={m.firstName} required autoComplete="given-name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('last_name')} label={m.lastName} autoComplete="family-name" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            {...field('owner_mobile')}
            label={m.ownerMobile}
            required
            type="tel"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField {...field('owner_email')} label={m.ownerEmail} required type="email" autoComplete="email" />
        </Grid>
        <Grid size={12}>
          <PasswordField {...field('password')} label={m.password} required autoComplete="new-password" />
        </Grid>
      </Section>

      <Button type="submit" variant="contained" size="large" fullWidth disabled={busy} sx={{ mt: 1 }}>
        {busy ? m.busy : m.submit}
      </Button>
      <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to="/login" underline="hover">
          {m.haveAccount}
        </Link>
      </Typography>
    </Box>
  );
}
