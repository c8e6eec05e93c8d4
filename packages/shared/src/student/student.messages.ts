import { defineMessages, msg } from '../i18n/catalogue';

/**
 * The student's own API (issue 15): what the student-session and student routes answer.
 * The student app's screen texts are `messages.studentApp` (student-app.messages.ts).
 */
export const studentSessionMessages = defineMessages('student', {
  signedIn: 'Signed in',
  signedOut: 'Signed out',
  codeRequired: 'Pairing code is required',
  // The same words as the device pairing call: to the student it is one code.
  codeInvalid: 'This pairing code is not valid. Ask the library for a new code.',
  me: 'Your membership',
  payments: 'Your payments',
  notifications: 'Your notifications',
  notificationRead: 'Notification marked as read',
  notificationsRead: 'All notifications marked as read',
  notificationNotFound: 'Notification not found',
  passKey: 'Pass key',
  sessionNotFound: 'This phone is no longer signed in',
  unpaired: 'Phone signed out of the student app',
  /** What the owner sees of a phone whose browser we cannot name. */
  deviceBrowser: 'Browser',
  deviceLabel: msg('{{browser}} on {{platform}}', (browser: string, platform: string) => ({ browser, platform })),
});
