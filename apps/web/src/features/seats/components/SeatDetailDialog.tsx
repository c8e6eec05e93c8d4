import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { type Seat, seatMessages } from '@app/shared';
import { seatLook } from './seat-look';
import { toneColor, toneTextColor } from './SeatCard';

const m = seatMessages;

interface SeatDetailDialogProps {
  open: boolean;
  /** The seat shown; kept while the dialog closes so its content does not vanish mid-fade. */
  seat: Seat | undefined;
  onClose: () => void;
  /** Absent when the role may not (issue 16): no Edit button. */
  onEdit?: (seat: Seat) => void;
  /** Absent when the role may not delete: no Delete button. */
  onDelete?: (seat: Seat) => void;
}

/** A seat's details (SPEC.md §2): Seat name, Status, Capacity in person(s), Area; Close, Edit, Delete. */
export function SeatDetailDialog({ open, seat, onClose, onEdit, onDelete }: SeatDetailDialogProps) {
  const theme = useTheme();
  const look = seatLook(seat?.state);
  const color = toneColor(theme, look.tone);
  const rows: Array<[string, ReactNode]> = seat
    ? [
        [m.detail.name, seat.name],
        [
          m.detail.status,
          <Chip
            key="status"
            size="small"
            label={look.label}
            sx={{
              bgcolor: alpha(color, 0.12),
              color: toneTextColor(theme, look.tone),
              fontWeight: 600,
              border: `1px solid ${alpha(color, 0.4)}`,
            }}
          />,
        ],
        [m.detail.capacity, `${seat.capacity} ${m.detail.persons}`],
        [m.detail.area, seat.area_name],
      ]
    : [];

  return (
    <Dialog
      open={open && seat !== undefined}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="seat-detail-title"
    >
      <DialogTitle id="seat-detail-title">{seat?.name ?? m.detailTitle}</DialogTitle>
      <DialogContent>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}>
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose}>{m.close}</Button>
        <Box sx={{ flex: 1 }} />
        {onDelete ? (
          <Button color="error" onClick={() => seat && onDelete(seat)}>
            {m.delete}
          </Button>
        ) : null}
        {onEdit ? (
          <Button variant="contained" onClick={() => seat && onEdit(seat)}>
            {m.edit}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
