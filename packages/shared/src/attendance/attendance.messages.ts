import { formatDateDMY, formatRupees, formatWindow } from '../common/format';
import { defineMessages, msg } from '../i18n/catalogue';

/** Entry passes, ID cards, check-in and attendance (issue 15): the API's texts; the screens' texts too. */
export const attendanceMessages = defineMessages('attendance', {
  /** `POST /api/attendance/check` answers: what the desk shows, large. */
  checkedIn: msg('Welcome, {{name}}', (name: string) => ({ name })),
  checkedOut: msg('Goodbye, {{name}}: checked out', (name: string) => ({ name })),
  ignored: msg('{{name}} was scanned a moment ago: scan again after a minute to check out', (name: string) => ({
    name,
  })),
  denied: {
    forged: 'Pass forged: this code was not made by the student app or an ID card of this library',
    revoked: 'Pass revoked: this phone was signed out of the student app',
    cardRevoked: 'ID card revoked: a newer card was printed or this one was cancelled',
    stale: 'Pass expired: ask the student to open the app again',
    replayed: 'Pass already used: ask the student to open the app again',
    otherLibrary: 'This pass is not for this library',
    unknownMobile: 'No student with this mobile number',
    noPlan: 'No plan: this student has no membership',
    notStarted: msg('Plan not started: it starts on {{date}}', (date: string) => ({ date: formatDateDMY(date) })),
    expired: msg('Plan expired on {{date}}', (date: string) => ({ date: formatDateDMY(date) })),
    outsideWindow: msg(
      {
        '': 'Outside the daily window {{window}}',
        early: 'Outside the daily window {{window}} (check-in opens {{earlyMinutes}} minutes before)',
      },
      (start: string, end: string, earlyMinutes: number) =>
        earlyMinutes > 0
          ? { context: 'early', window: formatWindow(start, end), earlyMinutes }
          : { window: formatWindow(start, end) },
    ),
    unpaid: msg(
      'Unpaid balance {{balance}}: more than the {{allowed}} allowed',
      (balance: number, allowed: number) => ({
        balance: formatRupees(balance),
        allowed: formatRupees(allowed),
      }),
    ),
  },
  /** Bad input (400). */
  codeOrMobileRequired: 'Scan a pass or type a mobile number',
  codeOrMobileNotBoth: 'Send a code or a mobile number, not both',
  codeInvalid: 'This is not an entry pass or ID card',
  mobileInvalid: 'Enter a valid 10-digit mobile number',
  dateInvalid: 'Enter a valid date',
  monthInvalid: 'Enter a valid month (YYYY-MM)',
  daysInvalid: 'Enter a number of days from 1 to 365',
  studentNotFound: 'Student not found',
  /** ID cards. */
  cardIssued: 'ID card issued: print it now (any earlier card no longer works)',
  cardRevokedDone: 'ID card cancelled',
  noCard: 'This student has no ID card',
  /** Settings (packages/shared/src/settings) refused; the form's labels are messages.desk.settings. */
  settings: {
    maxDueInvalid: 'Enter an amount of ₹0 or more, or leave it empty',
    earlyMinutesInvalid: 'Enter a number of minutes from 0 to 120',
  },
  /** CSV column headings. */
  columns: {
    name: 'Name',
    mobile: 'Mobile',
    day: 'Date',
    checkedIn: 'In',
    checkedOut: 'Out',
    window: 'Window',
    seat: 'Seat',
    area: 'Area',
    daysPresent: 'Days present',
    planDays: 'Days with a plan',
    lastSeen: 'Last seen',
    daysAbsent: 'Days not seen',
    planExpires: 'Plan expires',
  },
  anySeat: 'Any free seat',
  never: 'Never',
});
