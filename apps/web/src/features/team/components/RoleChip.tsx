import Chip from '@mui/material/Chip';
import { type Role, teamScreenMessages } from '@app/shared';

const t = teamScreenMessages;
const COLOURS = { owner: 'primary', manager: 'secondary', desk: 'default' } as const;

/** A person's role as a small chip: Owner, Manager or Desk. */
export function RoleChip({ role }: { role: Role }) {
  return <Chip size="small" variant="outlined" color={COLOURS[role]} label={t.roles[role]} />;
}
