import type { ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { Tooltip } from '@/components/Tooltip';
import EditRounded from '@mui/icons-material/EditRounded';
import { expenseMessages } from '@app/shared';

/**
 * A row's two actions as small icon buttons: Edit, and the one that removes it (Delete, Stop)
 * in the error colour; each named with what it acts on, each with its tooltip.
 */
export function RowActions({
  editName,
  remove,
  onEdit,
  onRemove,
}: {
  editName: string;
  remove: { title: string; name: string; icon: ReactNode };
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <Tooltip title={expenseMessages.edit}>
        <IconButton size="small" aria-label={editName} onClick={onEdit}>
          <EditRounded fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={remove.title}>
        <IconButton size="small" color="error" aria-label={remove.name} onClick={onRemove}>
          {remove.icon}
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
