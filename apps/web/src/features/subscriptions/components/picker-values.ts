import dayjs, { type Dayjs } from 'dayjs';

// A half-typed or impossible entry stays in the form as text the schema refuses.
const UNREADABLE = 'invalid';

/** `HH:mm[:ss]` (as the form and the API hold it) → the picker's value. */
export function toPickerTime(time: string): Dayjs | null {
  if (!time) return null;
  const value = dayjs(`2000-01-01T${time.length === 5 ? `${time}:00` : time}`);
  return value.isValid() ? value : dayjs('invalid');
}

/** The picker's value → `HH:mm`, '' when cleared. */
export function fromPickerTime(value: Dayjs | null): string {
  if (!value) return '';
  return value.isValid() ? value.format('HH:mm') : UNREADABLE;
}

/** `YYYY-MM-DD` → the picker's value. */
export function toPickerDate(date: string): Dayjs | null {
  if (!date) return null;
  const value = dayjs(date);
  return value.isValid() ? value : dayjs('invalid');
}

/** The picker's value → `YYYY-MM-DD`, '' when cleared. */
export function fromPickerDate(value: Dayjs | null): string {
  if (!value) return '';
  return value.isValid() ? value.format('YYYY-MM-DD') : UNREADABLE;
}
