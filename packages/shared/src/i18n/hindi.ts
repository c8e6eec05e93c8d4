import { z } from 'zod';
import zodHindi from 'zod/v4/locales/hi.js';
import zodEnglish from 'zod/v4/locales/en.js';
import { addLanguage, type LanguageFile } from './catalogue';
import { currentLanguage } from './i18n';
import areas from '../areas/areas.messages.hi';
import attendance from '../attendance/attendance.messages.hi';
import desk from '../attendance/desk.messages.hi';
import audit from '../audit/audit.messages.hi';
import passwordReset from '../auth/password-reset.messages.hi';
import format from '../common/format.messages.hi';
import pickers from '../common/pickers.messages.hi';
import list from '../common/list-messages.hi';
import dashboard from '../dashboard/dashboard.messages.hi';
import dues from '../dues/dues.messages.hi';
import expenses from '../expenses/expenses.messages.hi';
import fees from '../fees/fees.messages.hi';
import landingPage from '../landing/landing.messages.hi';
import language from './language.messages.hi';
import core from '../messages.hi';
import notifications from '../notifications/notifications.messages.hi';
import payments from '../payments/payments.messages.hi';
import privacy from '../privacy/privacy.messages.hi';
import profit from '../profit/profit.messages.hi';
import receipts from '../receipts/receipts.messages.hi';
import seats from '../seats/seats.messages.hi';
import settings from '../settings/settings.messages.hi';
import studentApp from '../student/student-app.messages.hi';
import student from '../student/student.messages.hi';
import students from '../students/students.messages.hi';
import subscriptions from '../subscriptions/subscriptions.messages.hi';
import teamPeople from '../team/team-people.messages.hi';
import teamScreen from '../team/team-screen.messages.hi';
import team from '../team/team.messages.hi';

/**
 * Every catalogue's Hindi texts. Only loaded when Hindi is chosen (the browser imports this
 * module on demand; the API at start), so English pages carry none of it.
 */
export const hindiFiles: readonly LanguageFile[] = [
  areas,
  attendance,
  desk,
  audit,
  passwordReset,
  format,
  pickers,
  list,
  dashboard,
  dues,
  expenses,
  fees,
  landingPage,
  language,
  core,
  notifications,
  payments,
  privacy,
  profit,
  receipts,
  seats,
  settings,
  studentApp,
  student,
  students,
  subscriptions,
  teamPeople,
  teamScreen,
  team,
];

let loaded = false;

/**
 * Adds the Hindi texts to i18next, and zod's own messages in Hindi for the checks that carry
 * none of ours (a field of the wrong type, say) while Hindi is the current language.
 */
export function loadHindi(): void {
  if (loaded) return;
  loaded = true;
  addLanguage('hi', hindiFiles);
  const hindiErrors = zodHindi().localeError;
  const englishErrors = zodEnglish().localeError;
  z.config({ localeError: (issue) => (currentLanguage() === 'hi' ? hindiErrors(issue) : englishErrors(issue)) });
}
