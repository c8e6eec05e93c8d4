import Chip from '@mui/material/Chip';
import { amber } from '@mui/material/colors';
import { type AreaStatus, areaMessages } from '@app/shared';

const m = areaMessages.status;

/** SPEC.md §2: the status chip is green for active, red for inactive, amber for maintenance. */
export function AreaStatusChip({ status }: { status: AreaStatus }) {
  if (status === 'maintenance') {
    // MUI's warning colour is orange; the spec asks for amber.
    return <Chip size="small" label={m.maintenance} sx={{ bgcolor: amber[600], color: 'rgba(0, 0, 0, 0.87)' }} />;
  }
  return <Chip size="small" color={status === 'active' ? 'success' : 'error'} label={m[status]} />;
}
