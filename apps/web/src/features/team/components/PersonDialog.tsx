import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { toast } from '@/lib/toast';
import {
  invitationCreateSchema,
  personCreateSchema,
  type PersonCreated,
  type PersonCreateInput,
  teamScreenMessages,
  teamMessages,
} from '@app/shared';
import { SelectField } from '@/components/SelectField';
import { errorMessage } from '@/lib/api-errors';
import { fieldErrors } from '@/lib/entity-actions';
import { applyFieldErrors, fieldProps } from '@/lib/form';
import { useAddPersonMutation, useInvitePersonMutation } from '../api/team-api';
import { TeamDialogFrame } from './TeamDialogFrame';

const t = teamScreenMessages;
const FIELDS: Path<PersonCreateInput>[] = ['name', 'email', 'phone', 'role'];

/**
 * Invite Person (mail set up: a link by email) or Add Person (no mail: a one-time password,
 * handed to `onAdded` to show once). The email already in the team is the server's to refuse.
 */
export function PersonDialog({
  mode,
  onClose,
  onAdded,
}: {
  mode: 'invite' | 'add';
  onClose: () => void;
  onAdded: (created: PersonCreated) => void;
}) {
  const invite = mode === 'invite';
  const form = useForm<PersonCreateInput>({
    // Inviting asks no mobile number (the person gives it as they join): its schema drops the field.
    resolver: (invite
      ? zodResolver(invitationCreateSchema)
      : zodResolver(personCreateSchema)) as Resolver<PersonCreateInput>,
    defaultValues: { name: '', email: '', phone: '', role: 'desk' },
  });
  const [sendInvitation] = useInvitePersonMutation();
  const [addPerson] = useAddPersonMutation();
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    try {
      if (invite) {
        const { name, email, role } = values;
        await sendInvitation({ name, email, role }).unwrap();
        toast.success(teamMessages.invited);
      } else {
        const created = await addPerson(values).unwrap();
        onAdded(created);
      }
      onClose();
    } catch (error) {
      const reasons = fieldErrors(error).filter((reason) => (FIELDS as string[]).includes(reason.field));
      applyFieldErrors(form, reasons, FIELDS);
      if (reasons.length === 0) toast.error(errorMessage(error, t.saveFailed));
    }
  });

  return (
    <TeamDialogFrame
      id="person-dialog"
      title={invite ? t.inviteTitle : t.addTitle}
      help={invite ? t.inviteHelp : t.addHelp}
      busy={busy}
      submitLabel={invite ? t.sendInvitation : t.add}
      busyLabel={invite ? t.sending : t.adding}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={1}>
        <TextField label={t.nameLabel} required autoFocus autoComplete="off" {...fieldProps(form, 'name')} />
        <TextField label={t.emailLabel} required type="email" autoComplete="off" {...fieldProps(form, 'email')} />
        {invite ? null : (
          <TextField
            label={t.phoneLabel}
            required
            inputMode="numeric"
            autoComplete="off"
            {...fieldProps(form, 'phone')}
          />
        )}
        <SelectField
          control={form.control}
          name="role"
          label={t.roleLabel}
          help={(role) => t.roleHelp[role as 'desk'] ?? ''}
        >
          <MenuItem value="desk">{t.roles.desk}</MenuItem>
          <MenuItem value="manager">{t.roles.manager}</MenuItem>
        </SelectField>
      </Stack>
    </TeamDialogFrame>
  );
}
