import type { useAvailability } from '../hooks/use-availability';
import { SeatChoiceFields } from './SeatChoiceFields';
import { TimeRangeFields } from './TimeRangeFields';

interface WindowAndSeatFieldsProps {
  availability: ReturnType<typeof useAvailability>;
  onCheck: () => void;
}

/** The daily window and the seat choice, tied to one availability check (the add and update forms). */
export function WindowAndSeatFields({ availability, onCheck }: WindowAndSeatFieldsProps) {
  return (
    <>
      <TimeRangeFields onChange={availability.clearNote} />
      <SeatChoiceFields
        seats={availability.seats}
        note={availability.note}
        checking={availability.checking}
        onCheck={onCheck}
      />
    </>
  );
}
