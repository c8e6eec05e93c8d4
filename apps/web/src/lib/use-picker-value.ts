import { useState } from 'react';
import type { Dayjs } from 'dayjs';

/**
 * Binds an MUI X picker to a form field held as text (`YYYY-MM-DD`, `HH:mm`).
 *
 * The picker gets back the very value it reported, not one parsed again from the text:
 * it tells a new value from an old one by reference and rebuilds its sections from any
 * new one, so a value rebuilt on each render (a form that re-validates on every change
 * renders several times per key) wipes what was half typed. The text is parsed only when
 * it changes from outside (a reset, a loaded record).
 */
export function usePickerValue(
  text: string,
  parse: (text: string) => Dayjs | null,
  format: (value: Dayjs | null) => string,
): [value: Dayjs | null, change: (value: Dayjs | null) => string] {
  // `seen`: the form's text at the last render; `reported`: the text of the picker's last value.
  // The form may take a render or two to hand back what the picker reported (it validates
  // first): until the text changes to something the picker did not report, its value stands.
  const [state, setState] = useState(() => ({ seen: text, reported: text, value: parse(text) }));
  let current = state;
  if (text !== state.seen) {
    current = text === state.reported ? { ...state, seen: text } : { seen: text, reported: text, value: parse(text) };
    setState(current);
  }
  const change = (value: Dayjs | null) => {
    const reported = format(value);
    setState((previous) => ({ ...previous, reported, value }));
    return reported;
  };
  return [current.value, change];
}
