import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import { currentLanguage, pickerMessages as p } from '@app/shared';

/**
 * The pickers' own texts in Hindi (issue 20): MUI X ships no Hindi locale, so these come from the
 * `pickers` catalogue. English pages pass none and keep MUI X's own (the catalogue's English).
 */
function hindiLocaleText(): Partial<PickersLocaleText> {
  return {
    previousMonth: p.previousMonth,
    nextMonth: p.nextMonth,
    openPreviousView: p.openPreviousView,
    openNextView: p.openNextView,
    cancelButtonLabel: p.cancelButtonLabel,
    clearButtonLabel: p.clearButtonLabel,
    okButtonLabel: p.okButtonLabel,
    todayButtonLabel: p.todayButtonLabel,
    nextStepButtonLabel: p.nextStepButtonLabel,
    datePickerToolbarTitle: p.datePickerToolbarTitle,
    dateTimePickerToolbarTitle: p.dateTimePickerToolbarTitle,
    timePickerToolbarTitle: p.timePickerToolbarTitle,
    openDatePickerDialogue: (formattedDate) => p.openDatePickerDialogue(formattedDate),
    openTimePickerDialogue: (formattedTime) => p.openTimePickerDialogue(formattedTime),
    fieldClearLabel: p.fieldClearLabel,
    timeTableLabel: p.timeTableLabel,
    dateTableLabel: p.dateTableLabel,
    year: p.year,
    month: p.month,
    day: p.day,
    weekDay: p.weekDay,
    hours: p.hours,
    minutes: p.minutes,
    seconds: p.seconds,
    meridiem: p.meridiem,
    empty: p.empty,
  };
}

/**
 * MUI X's date and time pickers over dayjs, in the page's language: dayjs's locale (`hi` on a
 * Hindi page, issue 20) names the months and days the pickers show. The adapter does not follow
 * dayjs's global locale by itself (it formats in English unless told), so it is passed on;
 * English pages pass `en`, the adapter's own default.
 */
export function DatePickersProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={dayjs.locale()}
      localeText={currentLanguage() === 'hi' ? hindiLocaleText() : undefined}
    >
      {children}
    </LocalizationProvider>
  );
}
