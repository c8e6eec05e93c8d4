import { seatMessages } from '@app/shared';

export type SeatTone = 'success' | 'error' | 'warning' | 'grey' | 'unknown';

export interface SeatLook {
  label: string;
  tone: SeatTone;
}

const m = seatMessages.status;

// SPEC.md §2: available and active green; occupied and inactive red; reserved orange;
// maintenance grey; anything else labelled Unknown.
const LOOKS: Record<string, SeatLook> = {
  available: { label: m.available, tone: 'success' },
  active: { label: m.active, tone: 'success' },
  occupied: { label: m.occupied, tone: 'error' },
  inactive: { label: m.inactive, tone: 'error' },
  reserved: { label: m.reserved, tone: 'warning' },
  maintenance: { label: m.maintenance, tone: 'grey' },
};

/** How a seat state or status is shown: its label and colour. */
export function seatLook(state: string | undefined): SeatLook {
  return (state && LOOKS[state]) || { label: m.unknown, tone: 'unknown' };
}
