import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod';
import { invitationAcceptSchema, type InvitationPreview, teamScreenMessages } from '@app/shared';
import { PasswordField } from '@/components/PasswordField';
import { errorMessage, type ApiEnvelope } from '@/lib/api-errors';
import { fieldErrors } from '@/lib/entity-actions';
import { applyFieldErrors, fieldProps } from '@/lib/form';
import { useAcceptInvitationMutation, usePreviewInvitationQuery } from '../api/team-api';

const t = teamScreenMessages;
const p = t.invitePage;

const schema = invitationAcceptSchema
  .extend({ confirm: z.string() })
  .refine((values) => values.confirm === values.password, { path: ['confirm'], error: p.confirmMismatch });
type Form = z.input<typeof schema>;

/** The invitation's token, from the link's fragment (`/invite#token=...`): it never reaches a server log. */
export function tokenFromFragment(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim();
  return token ? token : null;
}

/** Why the page cannot go on (a link cut short, expired, used or revoked), and the way to sign in. */
function Refusal({ text }: { text: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="warning">{text}</Alert>
      <Button component={RouterLink} to="/login" variant="outlined">
        {p.signIn}
      </Button>
    </Stack>
  );
}

function JoinForm({
  token,
  invitation,
  onJoined,
}: {
  token: string;
  invitation: InvitationPreview;
  onJoined: (response: ApiEnvelope) => void;
}) {
  const form = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '', phone: '' },
  });
  const [accept] = useAcceptInvitationMutation();
  const [refused, setRefused] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ password, phone }) => {
    try {
      onJoined(await accept({ token, body: { password, phone } }).unwrap());
    } catch (error) {
      const reasons = fieldErrors(error);
      applyFieldErrors(form, reasons, ['password', 'phone']);
      if (!reasons.some((reason) => reason.field === 'password' || reason.field === 'phone')) {
        setRefused(errorMessage(error, p.failed));
      }
    }
  });

  return (
    <form noValidate aria-label={p.title} onSubmit={(event) => void submit(event)}>
      <Typography sx={{ mb: 2 }}>
        {p.intro(invitation.invitedBy, invitation.libraryName, t.roles[invitation.role])}
      </Typography>
      {refused ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refused}
        </Alert>
      ) : null}
      <Stack spacing={1}>
        <TextField
          label={t.nameLabel}
          value={invitation.name}
          slotProps={{ input: { readOnly: true } }}
          helperText=" "
        />
        <TextField
          label={t.emailLabel}
          value={invitation.email}
          name="username"
          autoComplete="username"
          slotProps={{ input: { readOnly: true } }}
          helperText=" "
        />
        <PasswordField
          {...fieldProps(form, 'password')}
          label={p.passwordLabel}
          autoComplete="new-password"
          autoFocus
        />
        <PasswordField {...fieldProps(form, 'confirm')} label={p.confirmLabel} autoComplete="new-password" />
        <TextField
          {...fieldProps(form, 'phone')}
          label={p.phoneLabel}
          inputMode="numeric"
          autoComplete="tel-national"
        />
        <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
          {busy ? p.joining : p.join}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * The invitation page (issue 16): who invites, to which library, as what; the person sets a
 * password (and a mobile number if they like) and is signed in. An expired, used or revoked
 * link gets the server's message, which says how to get a new one.
 */
export function InviteForm({ hash, onJoined }: { hash: string; onJoined: (response: ApiEnvelope) => void }) {
  const token = tokenFromFragment(hash);
  const preview = usePreviewInvitationQuery(token ?? '', { skip: !token });
  if (!token) return <Refusal text={p.noToken} />;
  if (preview.isError) return <Refusal text={errorMessage(preview.error, p.failed)} />;
  if (!preview.data) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', gap: 2, py: 4 }} aria-busy="true">
        <CircularProgress aria-label={p.loading} />
        <Typography color="text.secondary">{p.loading}</Typography>
      </Box>
    );
  }
  return <JoinForm token={token} invitation={preview.data} onJoined={onJoined} />;
}
