import Badge from '@mui/material/Badge';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import EventSeatRounded from '@mui/icons-material/EventSeatRounded';
import { messages, type Seat } from '@app/shared';
import { seatLook, type SeatTone } from './seat-look';

/** The colour of a tone in the current theme. */
export function toneColor(theme: Theme, tone: SeatTone): string {
  if (tone === 'grey') return theme.palette.grey[500];
  if (tone === 'unknown') return theme.palette.text.disabled;
  return theme.palette[tone].main;
}

/**
 * The colour for words in a tone on a tint of it: a shade further from the background than
 * the tone itself, so a status label keeps 4.5:1 on its tinted card or chip.
 */
export function toneTextColor(theme: Theme, tone: SeatTone): string {
  if (tone === 'grey' || tone === 'unknown') return theme.palette.text.secondary;
  return theme.palette.mode === 'dark' ? theme.palette[tone].light : theme.palette[tone].dark;
}

/** One seat in the grid, coloured by its live state, with a capacity badge above 1 person. */
export function SeatCard({ seat, onOpen }: { seat: Seat; onOpen: (seat: Seat) => void }) {
  const theme = useTheme();
  const look = seatLook(seat.state);
  const color = toneColor(theme, look.tone);
  const shared = seat.capacity > 1;
  return (
    <Card
      sx={{
        borderTop: `4px solid ${color}`,
        bgcolor: alpha(color, theme.palette.mode === 'dark' ? 0.12 : 0.06),
      }}
    >
      <CardActionArea
        onClick={() => onOpen(seat)}
        aria-label={`${seat.name}, ${look.label}${shared ? `, ${messages.seats.capacityBadge(seat.capacity)}` : ''}`}
        sx={{ display: 'grid', justifyItems: 'center', gap: 0.5, px: 1, py: 1.5 }}
      >
        <Tooltip title={shared ? messages.seats.capacityBadge(seat.capacity) : ''}>
          <Badge badgeContent={seat.capacity} invisible={!shared} color="secondary" max={99}>
            <EventSeatRounded sx={{ color, fontSize: 30 }} />
          </Badge>
        </Tooltip>
        <Typography variant="subtitle2" component="span" noWrap sx={{ fontWeight: 700, maxWidth: '100%' }}>
          {seat.name}
        </Typography>
        <Typography variant="caption" sx={{ color: toneTextColor(theme, look.tone), fontWeight: 600, lineHeight: 1 }}>
          {look.label}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
