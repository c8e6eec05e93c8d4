import { useState } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { toast } from '@/lib/toast';
import { ROLES, type Role, type TeamPerson, teamScreenMessages, teamMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useChangeRoleMutation } from '../api/team-api';
import { TeamDialogFrame } from './TeamDialogFrame';

const t = teamScreenMessages;

/** Change a person's role; the server keeps the last active owner an owner, and says so. */
export function RoleDialog({ person, onClose }: { person: TeamPerson; onClose: () => void }) {
  const [role, setRole] = useState<Role>(person.role);
  const [changeRole, { isLoading }] = useChangeRoleMutation();
  const save = async () => {
    if (role === person.role) return onClose();
    try {
      await changeRole({ id: person.id, role }).unwrap();
      toast.success(teamMessages.roleChanged);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, t.actionFailed));
    }
  };
  return (
    <TeamDialogFrame
      id="role-dialog"
      title={t.roleTitle(person.name)}
      busy={isLoading}
      submitLabel={t.save}
      busyLabel={t.saving}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      <RadioGroup aria-label={t.roleLabel} value={role} onChange={(event) => setRole(event.target.value as Role)}>
        {ROLES.map((value) => (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <>
                <Typography sx={{ fontWeight: 600 }}>{t.roles[value]}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {t.roleHelp[value]}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
    </TeamDialogFrame>
  );
}
