import { formatDateDMY, formatRupees, formatWindow } from '../common/format';

/** Entry passes, ID cards, check-in and attendance (issue 15): the API's texts; the screens' texts too. */
export const attendanceMessages = {
  /** `POST /api/attendance/check` answers: what the desk shows, large. */
  checkedIn: (name: string) => `Welcome, ${name}`,
  checkedOut: (name: string) => `Goodbye, ${name}: checked out`,
  ignored: (name: string) => `${name} was scanned a moment ago: scan again after a minute to check out`,
  denied: {
    forged: 'Pass forged: this code was not made by the student app or an ID card of this library',
    revoked: 'Pass revoked: this phone was signed out of the student app',
    cardRevoked: 'ID card revoked: a newer card was printed or this one was cancelled',
    stale: 'Pass expired: ask the student to open the app again',
    replayed: 'Pass already used: ask the student to open the app again',
    otherLibrary: 'This pass is not for this library',
    unknownMobile: 'No student with this mobile number',
    noPlan: 'No plan: this student has no membership',
    notStarted: (date: string) => `Plan not started: it starts on ${formatDateDMY(date)}`,
    expired: (date: string) => `Plan expired on ${formatDateDMY(date)}`,
    outsideWindow: (start: string, end: string, earlyMinutes: number) =>
      earlyMinutes > 0
        ? `Outside the daily window ${formatWindow(start, end)} (check-in opens ${earlyMinutes} minutes before)`
        : `Outside the daily window ${formatWindow(start, end)}`,
    unpaid: (balance: number, allowed: number) =>
      `Unpaid balance ${formatRupees(balance)}: more than the ${formatRupees(allowed)} allowed`,
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
} as const;
