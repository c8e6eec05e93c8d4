import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Seat } from '@app/shared';
import { SeatCard } from './SeatCard';

interface SeatGridProps {
  seats: Seat[];
  /** Group the cards under their area's name (when all areas are shown). */
  grouped: boolean;
  /** The names of the students inside now, by seat id. */
  insideBySeat?: ReadonlyMap<string, string[]>;
  onOpen: (seat: Seat) => void;
}

function Cards({ seats, insideBySeat, onOpen }: Omit<SeatGridProps, 'grouped'>) {
  return (
    <Box
      component="ul"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))',
        gap: 1.5,
        listStyle: 'none',
        p: 0,
        m: 0,
      }}
    >
      {seats.map((seat) => (
        <li key={seat.id}>
          <SeatCard seat={seat} inside={insideBySeat?.get(seat.id)} onOpen={onOpen} />
        </li>
      ))}
    </Box>
  );
}

/** The responsive grid of seat cards (SPEC.md §2 Seats Management). */
export function SeatGrid({ seats, grouped, insideBySeat, onOpen }: SeatGridProps) {
  if (!grouped) return <Cards seats={seats} insideBySeat={insideBySeat} onOpen={onOpen} />;
  // The server answers seats ordered by area, so consecutive runs are the groups.
  const groups: Array<{ areaId: string; areaName: string; seats: Seat[] }> = [];
  for (const seat of seats) {
    const last = groups.at(-1);
    if (last && last.areaId === seat.area_id) last.seats.push(seat);
    else groups.push({ areaId: seat.area_id, areaName: seat.area_name, seats: [seat] });
  }
  return (
    <Stack spacing={3}>
      {groups.map((group) => (
        <Box component="section" key={group.areaId} aria-label={group.areaName}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
            {group.areaName}{' '}
            <Typography component="span" variant="body2" color="text.secondary">
              ({group.seats.length})
            </Typography>
          </Typography>
          <Cards seats={group.seats} insideBySeat={insideBySeat} onOpen={onOpen} />
        </Box>
      ))}
    </Stack>
  );
}
