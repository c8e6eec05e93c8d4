import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { seatLook } from './seat-look';
import { deskMessages } from '@app/shared';
import { InsideMark, toneColor } from './SeatCard';

const SHOWN = ['available', 'occupied', 'reserved', 'maintenance', 'inactive'] as const;

/** What the card colours mean, and the inside mark with how many are inside now when known. */
export function SeatLegend({ insideCount }: { insideCount?: number }) {
  const theme = useTheme();
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
      {SHOWN.map((state) => {
        const look = seatLook(state);
        return (
          <Stack key={state} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: toneColor(theme, look.tone) }} />
            <Typography variant="caption" color="text.secondary">
              {look.label}
            </Typography>
          </Stack>
        );
      })}
      {insideCount !== undefined ? (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <InsideMark size={16} />
          <Typography variant="caption" color="text.secondary">
            {deskMessages.insideNow.seatsCount(insideCount)}
          </Typography>
        </Stack>
      ) : null}
    </Stack>
  );
}
