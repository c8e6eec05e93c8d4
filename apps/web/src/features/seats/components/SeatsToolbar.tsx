import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type Area, seatMessages } from '@app/shared';
import { SeatLegend } from './SeatLegend';

interface SeatsToolbarProps {
  areas: Area[];
  areaId: string;
  disabled: boolean;
  onAreaChange: (areaId: string) => void;
  /** How many students are inside now, when known. */
  insideCount?: number;
}

/** The area filter (All Areas, then "name (total_seats seats)") and the colour legend. */
export function SeatsToolbar({ areas, areaId, disabled, onAreaChange, insideCount }: SeatsToolbarProps) {
  const m = seatMessages;
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
    >
      <TextField
        select
        size="small"
        label={m.detail.area}
        value={areaId}
        disabled={disabled}
        onChange={(event) => onAreaChange(event.target.value)}
        sx={{ minWidth: 240, maxWidth: { md: 360 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{m.allAreas}</MenuItem>
        {areas.map((area) => (
          <MenuItem key={area.id} value={area.id}>
            {m.areaOption(area.name, area.total_seats)}
          </MenuItem>
        ))}
      </TextField>
      <SeatLegend insideCount={insideCount} />
    </Stack>
  );
}
