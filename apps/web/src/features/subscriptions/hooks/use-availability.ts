import { useCallback, useState } from 'react';
import { toast } from '@/lib/toast';
import { TIME_OF_DAY_PATTERN, TOAST_MS, type Availability, subscriptionMessages } from '@app/shared';
import { errorMessage } from '@/lib/api-errors';
import { useLazyCheckAvailabilityQuery, type AvailabilityArgs } from '../api/subscriptions-api';

const m = subscriptionMessages;

export type SeatOption = Availability['nonReservedSeats'][number];

export interface AvailabilityNote {
  tone: 'success' | 'warning' | 'error';
  text: string;
}

/**
 * Seat availability, fetched on demand (SPEC.md §4): the count shows only when above
 * zero, else the no-seat message. The seats of the last answer fill the Reserved Seat
 * choice; they stay after the window changes (the server checks again on save), but
 * the note goes, since it spoke of another window.
 */
export function useAvailability(initialSeats: SeatOption[] = []) {
  const [trigger, { isFetching }] = useLazyCheckAvailabilityQuery();
  const [note, setNote] = useState<AvailabilityNote | null>(null);
  const [seats, setSeats] = useState<SeatOption[]>(initialSeats);

  const check = useCallback(
    async (args: AvailabilityArgs): Promise<SeatOption[] | undefined> => {
      if (!TIME_OF_DAY_PATTERN.test(args.start_time) || !TIME_OF_DAY_PATTERN.test(args.end_time)) {
        setNote({ tone: 'error', text: m.timesRequiredForAvailability });
        return undefined;
      }
      try {
        const answer = await trigger(args).unwrap();
        setSeats(answer.nonReservedSeats);
        setNote(
          answer.availableSeats > 0
            ? { tone: 'success', text: m.seatsAvailable(answer.availableSeats) }
            : { tone: 'warning', text: m.noSeatsAvailable },
        );
        return answer.nonReservedSeats;
      } catch (error) {
        setNote(null);
        toast.error(errorMessage(error, m.availabilityFailed), { autoClose: TOAST_MS.default });
        return undefined;
      }
    },
    [trigger],
  );

  const clearNote = useCallback(() => setNote(null), []);
  return { check, checking: isFetching, note, seats, clearNote };
}
