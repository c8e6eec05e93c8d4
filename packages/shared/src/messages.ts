/**
 * Every user-visible text of SPEC.md, exactly as the spec words it (misspellings
 * marked "(sic)" in the spec are kept on purpose). Both the API and the web app
 * import from here, so a copy edit is one change. Each feature's texts live in
 * `<feature>/<feature>.messages.ts` and are gathered here. The student app's screens
 * (`studentAppMessages`, issue 15) are a catalogue of their own, so the admin bundle does not
 * carry them and the student's bundle carries only them. So are the data-rights texts
 * (`privacyMessages`, issue 19), which only the student screens and settings load.
 */
import { defineMessages, msg } from './i18n/catalogue';
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

/** The texts of no one feature: the app's frame, sign-in, registration, profile, validation. */
export const coreMessages = defineMessages('core', {
  app: {
    name: 'Study Library Admin',
    unexpectedError: 'Unexpected Application Error!',
  },
  common: {
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    close: 'Close',
    cancel: 'Cancel',
    loading: 'Loading...',
    /** An example address shown in empty email fields. */
    emailPlaceholder: 'you@example.com',
  },
  landing: {
    startFreeTrial: 'Start Free Trial',
    contactName: 'Name',
    contactEmail: 'Email',
    contactMessage: 'Message',
    contactSend: 'Send Message',
    contactThanks: 'Thanks for reaching out! Our team will get back to you within one business day.',
  },
  notFound: {
    title: '404 Page Not Found',
    backToHome: 'Back to Home',
    description: "The page you are looking for doesn't exist or has been moved.",
  },
  errorScreen: {
    title: 'Something went wrong!',
    refresh: 'REFRESH PAGE',
    support: 'If the problem persists, please contact support.',
  },
  auth: {
    missingToken: 'Authorization token missing',
    invalidToken: 'Invalid or expired token',
    invalidCredentials: 'Invalid email or password',
    loggedIn: 'Logged in successfully!',
    loginFailed: 'Login failed',
    registered: 'Library registered successfully',
    loggedOut: 'Logged out successfully',
    ownerEmailTaken: 'An account with this owner email already exists',
    tooManyAttempts: 'Too many attempts. Please try again later.',
  },
  /** The sign-in and registration screens' side panel (AuthLayout). */
  authPanel: {
    headline: 'Run your study library without the registers and spreadsheets.',
    highlights: {
      students: 'Students, seats and areas in one place',
      subscriptions: 'Subscriptions with reserved and shared seating',
      fees: 'Fee collection and reports in rupees',
      push: 'Push notifications to your members',
    },
    trusted: 'Trusted by 500+ libraries across India',
  },
  login: {
    title: 'Sign In',
    identifier: 'Identifier',
    password: 'Password',
    submit: 'Sign In',
    busy: 'Signing In...',
    forgotPassword: 'Forgot password?',
    noAccount: "Don't have an account? Register your library",
    subtitle: 'Sign in to manage your library',
    invalidEmail: 'Invalid email address',
    passwordMin: 'Password must be at least 6 characters long',
  },
  registration: {
    title: 'Library Registration',
    libraryInformation: 'Library Information',
    contactInformation: 'Contact Information',
    ownerDetails: 'Library Owner Details',
    libraryName: 'Library Name',
    mobile: 'Mobile Number',
    email: 'Email Address',
    address: 'Address',
    firstName: 'First Name',
    lastName: 'Last Name',
    ownerMobile: 'Owner Mobile Number',
    ownerEmail: 'Owner Email Address',
    password: 'Password',
    submit: 'Register Library',
    busy: 'Registering...',
    haveAccount: 'Already have an account? Sign In',
    subtitle: 'Set up your library account in a couple of minutes',
    failed: 'Registration failed',
    libraryNameRequired: 'Library name is required',
    mobileRequired: 'Mobile number is required',
    ownerMobileRequired: 'Owner Mobile number is required',
    mobileInvalid: 'Enter a valid 10-digit mobile number',
    emailRequired: 'Email address is required',
    ownerEmailRequired: 'Owner Email address is required',
    emailInvalid: 'Enter a valid email address',
    ownerNameRequired: 'Owner name is required',
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 8 characters long',
  },
  profile: {
    title: 'Profile',
    editProfile: 'Edit Profile',
    cancelEdit: 'Cancel',
    save: 'Save',
    saving: 'Saving...',
    close: 'Close',
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    password: 'Password',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    nameRequired: 'Name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Invalid email address',
    phoneRequired: 'Phone is required',
    phoneInvalid: 'Phone number must be 10 digits',
    passwordRequired: 'Password is required',
    passwordMin: 'Password must be at least 8 characters long',
    updated: 'Profile updated successfully',
    updateFailed: 'Error updating profile',
    emailTaken: 'This email is already used by another account',
    currentPassword: 'Current password',
    currentPasswordHint: 'Needed to change your email or password',
    currentPasswordRequired: 'Enter your current password to change your email or password',
    currentPasswordWrong: 'Current password is incorrect',
  },
  shell: {
    dashboard: 'Dashboard',
    students: 'Students',
    area: 'Area',
    seats: 'Seats',
    subscriptions: 'Subscriptions',
    feeReport: 'Fee Report',
    dues: 'Dues',
    dayBook: 'Day Book',
    expenses: 'Expenses',
    profit: 'Profit',
    settings: 'Settings',
    notifications: 'Notifications',
    activity: 'Activity',
    toggleMenu: 'Toggle menu',
    sendNotification: 'Send notification',
    profile: 'Profile',
    logout: 'Logout',
    themeLight: 'Light theme',
    themeDark: 'Dark theme',
    themeSystem: 'System theme',
    accountMenu: 'Account menu',
    navigation: 'Main navigation',
    /** The caption above the library's name at the foot of the sidebar. */
    libraryCaption: 'Library',
  },
  validation: {
    fieldRequired: 'This field is required',
    invalidInput: 'Invalid input',
    /** A text field longer than its limit (common/fields.ts). */
    tooLong: msg('At most {{max}} characters', (max: number) => ({ max })),
    /** A new password longer than 256 characters (registration, profile). */
    passwordTooLong: 'Password must be at most 256 characters long',
    malformedJson: 'Request body is not valid JSON',
    bodyTooLarge: 'Request body is too large',
    unsupportedMediaType: 'Unsupported content type',
    notFound: 'Not found',
    routeNotFound: 'Route not found',
    internal: 'Something went wrong on our side. Please try again.',
    shuttingDown: 'The server is restarting. Please try again in a moment.',
    // Also a wait for a free database connection that ran out (the server overloaded, issue 18's
    // bench/booking): node-postgres reports both alike, so the text names both.
    databaseUnavailable:
      'The server is busy or cannot reach its database right now. Please try again in a few seconds.',
  },
});

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
