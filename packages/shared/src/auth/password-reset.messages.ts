import { defineMessages, msg } from '../i18n/catalogue';

/**
 * Password recovery (issue 16): the Forgot password and Reset password screens, their API
 * answers and the reset email: a catalogue of its own (not gathered into `messages`), so
 * the sign-in page's bundle does not carry it.
 */
export const passwordResetMessages = defineMessages('passwordReset', {
  forgotTitle: 'Forgot password',
  forgotSubtitle: 'Enter the email you sign in with. We will email you a link to choose a new password.',
  email: 'Email Address',
  emailRequired: 'Email address is required',
  emailInvalid: 'Enter a valid email address',
  send: 'Send reset link',
  sending: 'Sending...',
  /** The same answer whether or not the email has an account. */
  sent: 'If an account uses this email, a link to choose a new password is on its way. It works once, within 30 minutes.',
  mailNotConfigured:
    'Email is not set up on this server, so no reset link can be sent. Ask the person who runs the server for a reset link.',
  backToSignIn: 'Back to Sign In',

  resetTitle: 'Choose a new password',
  resetSubtitle: 'Your new password signs you in from now on; every device signed in with the old one is signed out.',
  password: 'New password',
  confirmPassword: 'Confirm new password',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters long',
  passwordMax: 'Password must be at most 256 characters long',
  passwordsDiffer: 'The two passwords do not match',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  save: 'Set new password',
  saving: 'Saving...',
  done: 'Your password has been changed. Sign in with your new password.',
  signIn: 'Sign In',
  linkInvalid:
    'This reset link has expired or has already been used. Ask for a new one on the Forgot password page: links work once, within 30 minutes.',
  linkMissing:
    'This page opens from the link in the password reset email. Ask for a new link on the Forgot password page.',
  requestNew: 'Ask for a new link',
  failed: 'The password could not be changed. Please try again.',

  mailSubject: 'Reset your Study Library password',
  mailText: msg(
    'Hello {{name}},\n\nSomeone (hopefully you) asked to reset the password of your Study Library account.\n' +
      'Open this link within 30 minutes to choose a new password:\n\n{{link}}\n\n' +
      'The link works once. If you did not ask for it, ignore this email: your password stays as it is.\n',
    (name: string, link: string) => ({ name, link }),
  ),
  /** The HTML mail's greeting (the plain text's first line). */
  mailGreeting: msg('Hello {{name}},', (name: string) => ({ name })),
  mailHeading: 'Reset your password',
  mailButton: 'Choose a new password',
  mailIgnore:
    'The link works once, within 30 minutes. If you did not ask for it, ignore this email: your password stays as it is.',

  cliUsage: 'Usage: npm run reset-password -- <email>',
  cliNoAccount: 'No active account uses this email.',
  cliLink: msg(
    'A one-time link to set a new password for {{email}} (valid 30 minutes, works once):',
    (email: string) => ({ email }),
  ),
});
