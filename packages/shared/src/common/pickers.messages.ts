import { defineMessages, msg } from '../i18n/catalogue';

/**
 * The texts MUI X's date and time pickers show (issue 20): MUI X has no Hindi locale, so the
 * app passes these in Hindi (components/DatePickersProvider). The English texts are MUI X's own
 * (en-US), which English pages keep by passing nothing.
 */
export const pickerMessages = defineMessages('pickers', {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  openPreviousView: 'Open previous view',
  openNextView: 'Open next view',
  cancelButtonLabel: 'Cancel',
  clearButtonLabel: 'Clear',
  okButtonLabel: 'OK',
  todayButtonLabel: 'Today',
  nextStepButtonLabel: 'Next',
  datePickerToolbarTitle: 'Select date',
  dateTimePickerToolbarTitle: 'Select date & time',
  timePickerToolbarTitle: 'Select time',
  openDatePickerDialogue: msg(
    { '': 'Choose date', selected: 'Choose date, selected date is {{value}}' },
    (value: string | null) => (value ? { context: 'selected', value } : {}),
  ),
  openTimePickerDialogue: msg(
    { '': 'Choose time', selected: 'Choose time, selected time is {{value}}' },
    (value: string | null) => (value ? { context: 'selected', value } : {}),
  ),
  fieldClearLabel: 'Clear',
  timeTableLabel: 'pick time',
  dateTableLabel: 'pick date',
  year: 'Year',
  month: 'Month',
  day: 'Day',
  weekDay: 'Week day',
  hours: 'Hours',
  minutes: 'Minutes',
  seconds: 'Seconds',
  meridiem: 'Meridiem',
  empty: 'Empty',
});
