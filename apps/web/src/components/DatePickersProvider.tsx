import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';

/**
 * MUI X's date and time pickers over dayjs, in the page's language: dayjs's locale (`hi` on a
 * Hindi page, issue 20) names the months and days the pickers show. The adapter does not follow
 * dayjs's global locale by itself (it formats in English unless told), so it is passed on;
 * English pages pass `en`, the adapter's own default.
 */
export function DatePickersProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={dayjs.locale()}>
      {children}
    </LocalizationProvider>
  );
}
