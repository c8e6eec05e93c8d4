import Badge from '@mui/material/Badge';
import { Tooltip } from '@/components/Tooltip';
import EventSeatRounded from '@mui/icons-material/EventSeatRounded';
import { areaMessages } from '@app/shared';

/** How many seats an area has set up, capped at 999 on the badge (SPEC.md §9). */
export function SeatBadge({ count }: { count: number }) {
  const label = areaMessages.seatBadge(count);
  return (
    <Tooltip title={label}>
      <Badge badgeContent={count} max={999} color="primary" showZero aria-label={label} role="img">
        <EventSeatRounded color="action" />
      </Badge>
    </Tooltip>
  );
}
