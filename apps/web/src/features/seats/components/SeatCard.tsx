import Badge from '@mui/material/Badge';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import { Tooltip } from '@/components/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha, useTheme, type Theme } from '@mui/material/styles';
import EventSeatRounded from '@mui/icons-material/EventSeatRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import Box from '@mui/material/Box';
import { type Seat, deskMessages, seatMessages } from '@app/shared';
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

/** The mark of a seat whose student is inside now: a white figure on green. */
export function InsideMark({ size = 20 }: { size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: '#1b5e20',
        color: '#ffffff',
        display: 'grid',
        placeItems: 'center',
        flexShrink: 0,
      }}
    >
      <PersonRounded sx={{ fontSize: size * 0.75 }} />
    </Box>
  );
}

/**
 * One seat in the grid, coloured by its live state, with a capacity badge above 1 person and,
 * when its students are inside now, the inside mark with their names.
 */
export function SeatCard({
  seat,
  inside = [],
  onOpen,
}: {
  seat: Seat;
  /** The names of this seat's students inside now. */
  inside?: string[];
  onOpen: (seat: Seat) => void;
}) {
  const theme = useTheme();
  const look = seatLook(seat.state);
  const color = toneColor(theme, look.tone);
  const shared = seat.capacity > 1;
  return (
    <Card
      sx={{
        position: 'relative',
        borderTop: `4px solid ${color}`,
        bgcolor: alpha(color, theme.palette.mode === 'dark' ? 0.12 : 0.06),
      }}
    >
      <CardActionArea
        onClick={() => onOpen(seat)}
        aria-label={`${seat.name}, ${look.label}${shared ? `, ${seatMessages.capacityBadge(seat.capacity)}` : ''}${
          inside.length > 0 ? `, ${deskMessages.insideNow.seatInside(inside.join(', '))}` : ''
        }`}
        sx={{ display: 'grid', justifyItems: 'center', gap: 0.5, px: 1, py: 1.5 }}
      >
        <Tooltip title={shared ? seatMessages.capacityBadge(seat.capacity) : ''}>
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
        {inside.length > 0 ? (
          <Tooltip title={deskMessages.insideNow.seatInside(inside.join(', '))}>
            <Box sx={{ position: 'absolute', top: 6, right: 6 }} data-inside>
              <InsideMark />
            </Box>
          </Tooltip>
        ) : null}
      </CardActionArea>
    </Card>
  );
}
