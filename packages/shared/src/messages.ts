/**
 * Every user-visible text of SPEC.md, exactly as the spec words it (misspellings
 * marked "(sic)" in the spec are kept on purpose). Each feature's texts live in
 * `<feature>/<feature>.messages.ts`, the frame's in `core.messages.ts`, and are gathered here
 * for the API and the tests. The web app imports each catalogue on its own (issue 18, from the
 * package's index), so a screen's lazy chunk brings its texts and the first paint carries only
 * the catalogues it renders. The student app's screens
 * (`studentAppMessages`, issue 15) are a catalogue of their own, so the admin bundle does not
 * carry them and the student's bundle carries only them. So are the data-rights texts
 * (`privacyMessages`, issue 19), which only the student screens and settings load.
 */
import { coreMessages } from './core.messages';
import { areaMessages } from './areas/areas.messages';
import { seatMessages } from './seats/seats.messages';
import { studentMessages } from './students/students.messages';
import { subscriptionMessages } from './subscriptions/subscriptions.messages';
import { feeMessages } from './fees/fees.messages';
import { dashboardMessages } from './dashboard/dashboard.messages';
import { notificationMessages } from './notifications/notifications.messages';
import { auditMessages } from './audit/audit.messages';
import { listMessages } from './common/list-messages';
import { settingsMessages } from './settings/settings.messages';
import { duesMessages } from './dues/dues.messages';
import { paymentMessages } from './payments/payments.messages';
import { receiptMessages } from './receipts/receipts.messages';
import { expenseMessages } from './expenses/expenses.messages';
import { profitMessages } from './profit/profit.messages';
import { deskMessages } from './attendance/desk.messages';
import { attendanceMessages } from './attendance/attendance.messages';
import { studentSessionMessages } from './student/student.messages';
import { teamMessages } from './team/team.messages';

export { coreMessages };

export const messages = {
  students: studentMessages,
  areas: areaMessages,
  seats: seatMessages,
  subscriptions: subscriptionMessages,
  fees: feeMessages,
  settings: settingsMessages,
  dues: duesMessages,
  payments: paymentMessages,
  receipts: receiptMessages,
  expenses: expenseMessages,
  profit: profitMessages,
  desk: deskMessages,
  /** Check-in and attendance (issue 15): the API's answers and CSV headings. */
  attendance: attendanceMessages,
  /** The student's own API (issue 15); `students` is the admin's student screens. */
  student: studentSessionMessages,
  /** Staff, roles and the team (issue 16): the 403s of roles.ts, the desk's discount limit, the team API. */
  team: teamMessages,
  list: listMessages,
  dashboard: dashboardMessages,
  notification: notificationMessages,
  audit: auditMessages,
  ...coreMessages,
};

export type Messages = typeof messages;
