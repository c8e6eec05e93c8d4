import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { SEAT_LIMITS, type Area, type Seat, type SeatBody, seatMessages } from '@app/shared';
import { useSeatActions } from '../hooks/use-seat-actions';
import { SeatForm } from './SeatForm';

const m = seatMessages;

interface SeatFormDialogProps {
  open: boolean;
  /** The seat to edit; none to add one. The parent remounts the dialog for each opening. */
  seat?: Seat;
  /** The area a new seat goes to first (the one the grid shows). */
  defaultAreaId?: string;
  areas: Area[];
  onClose: () => void;
}

/** The add/edit seat dialog; its heading keeps the spec's "Add Area" / "Update Area" wording. */
export function SeatFormDialog({ open, seat, defaultAreaId, areas, onClose }: SeatFormDialogProps) {
  const { save } = useSeatActions();
  const initial = seat
    ? { name: seat.name, area_id: seat.area_id, status: seat.status, capacity: String(seat.capacity) }
    : {
        name: '',
        area_id: defaultAreaId ?? '',
        status: 'active' as const,
        capacity: String(SEAT_LIMITS.defaultCapacity),
      };

  const submit = async (values: SeatBody) => {
    const result = await save(seat?.id, values);
    if (result.saved) onClose();
    return result;
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="seat-form-title">
      <DialogTitle id="seat-form-title">{seat ? m.updateTitle : m.addTitle}</DialogTitle>
      <SeatForm mode={seat ? 'edit' : 'create'} initial={initial} areas={areas} onSubmit={submit} onCancel={onClose} />
    </Dialog>
  );
}
