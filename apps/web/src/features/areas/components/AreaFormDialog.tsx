import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { TOAST_MS, type Area, type AreaBody, areaMessages, coreMessages } from '@app/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetAreaQuery } from '../api/areas-api';
import { useAreaActions } from '../hooks/use-area-actions';
import { AreaForm, EMPTY_AREA } from './AreaForm';

const m = areaMessages;

interface AreaFormDialogProps {
  open: boolean;
  /** The area to edit; none to add one. The parent remounts the dialog for each opening. */
  areaId?: string;
  onClose: () => void;
}

function formValues(area: Area) {
  return {
    area_name: area.name,
    total_seats: String(area.total_seats),
    location: area.location ?? '',
    status: area.status,
  };
}

/**
 * The Add/Update Area modal. Editing opens the area fresh from the server (SPEC.md §7
 * GET /area/{id}); when that fails the modal closes with "Failed to get the area".
 */
export function AreaFormDialog({ open, areaId: editingId, onClose }: AreaFormDialogProps) {
  const {
    data: area,
    isError,
    isFetching,
  } = useGetAreaQuery(editingId ?? skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const { save } = useAreaActions();

  useEffect(() => {
    if (editingId && isError) {
      toast.error(m.getFailed, { autoClose: TOAST_MS.areas });
      onClose();
    }
  }, [editingId, isError, onClose]);

  const submit = async (values: AreaBody) => {
    const result = await save(editingId, { ...values, location: values.location ?? '' });
    if (result.saved) onClose();
    return result;
  };

  const ready = !editingId || (area && !isFetching && area.id === editingId);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="area-form-title">
      <DialogTitle id="area-form-title">{editingId ? m.updateTitle : m.addTitle}</DialogTitle>
      {ready ? (
        <AreaForm
          mode={editingId ? 'edit' : 'create'}
          initial={editingId && area ? formValues(area) : EMPTY_AREA}
          onSubmit={submit}
          onCancel={onClose}
        />
      ) : (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label={coreMessages.common.loading} />
        </Box>
      )}
    </Dialog>
  );
}
