import { formatRupees } from '../common/format';
import { defineMessages, msg } from '../i18n/catalogue';

/**
 * The student app's screen texts (issue 15, web). Every sentence is whole, with its figures passed
 * in, so a translation can put them where its grammar wants (no sentence built from parts).
 */
export const studentAppMessages = defineMessages('studentApp', {
  appName: 'My Library',
  appDescription: 'Your study library membership, entry pass, payments and notices',
  loading: 'Loading...',
  retry: 'Try again',
  offline: 'You are offline',
  asOf: msg('Showing what was saved on {{time}}', (time: string) => ({ time })),
  fetchFailed: 'Could not load this. Check your connection and try again.',
  nav: {
    label: 'Student app',
    home: 'Home',
    pass: 'Pass',
    payments: 'Payments',
    inbox: 'Inbox',
    library: 'Library',
  },
  join: {
    title: 'Join your library',
    intro: 'Enter the code your library gave you. It is on the card or QR the desk shows you.',
    code: 'Joining code',
    codeHelp: '8 letters and digits, like K7QH-3MZP',
    codeInvalid: 'Enter the 8-character code, like K7QH-3MZP',
    submit: 'Join',
    joining: 'Joining...',
    failed: 'Could not join. Check your connection and try again.',
    signedOut: 'You were signed out. Ask your library for a new code to join again.',
  },
  home: {
    greeting: msg('Hello, {{firstName}}', (firstName: string) => ({ firstName })),
    membership: 'Your membership',
    noMembership: 'You have no plan at this library yet. Ask at the desk.',
    upcomingPlan: 'Next plan',
    plan: 'Plan',
    planMonths: msg({ one: '{{count}} month', other: '{{count}} months' }, (months: number) => ({ count: months })),
    seat: 'Seat',
    seatInArea: msg('Seat {{seat}}, {{area}}', (seat: string, area: string) => ({ seat, area })),
    anySeatInArea: msg('Any free seat, {{area}}', (area: string) => ({ area })),
    anySeat: 'Any free seat',
    window: 'Daily time',
    joined: 'Joined',
    expires: 'Expires',
    startsOn: 'Starts',
    /** Days of the plan left, today included. */
    daysLeft: msg({ '': '{{days}} days left', lastDay: 'Last day today' }, (days: number) =>
      days <= 1 ? { context: 'lastDay' } : { days },
    ),
    startsOnDate: msg('Starts on {{date}}', (date: string) => ({ date })),
    expiredOn: msg('Expired on {{date}}', (date: string) => ({ date })),
    balanceDue: msg('{{amount}} due', (amount: number) => ({ amount: formatRupees(amount) })),
    status: { active: 'Active', upcoming: 'Upcoming', expired: 'Expired' },
    showPass: 'Show entry pass',
  },
  push: {
    title: 'Get notices on this phone',
    body: 'Your library can tell you about holidays, timings and dues. Turn on notifications to get them even when the app is closed.',
    enable: 'Turn on notifications',
    enabling: 'Turning on...',
    later: 'Not now',
    enabled: 'Notifications are on for this phone',
    denied: 'Notifications are blocked for this site. Allow them in the browser’s site settings to get notices.',
    unsupported: 'This browser cannot receive notifications. Open the app in Chrome to get them.',
    failed: 'Could not turn on notifications. Try again later.',
  },
  install: {
    title: 'Add to your home screen',
    body: 'Open your library app in one tap, even without internet.',
    button: 'Install',
  },
  pass: {
    title: 'Entry pass',
    intro: 'Show this code at the desk. It changes every 30 seconds, so a screenshot will not work.',
    changesIn: msg(
      { one: 'New code in {{count}} second', other: 'New code in {{count}} seconds' },
      (seconds: number) => ({
        count: seconds,
      }),
    ),
    qrLabel: msg('Entry pass QR code of {{name}}', (name: string) => ({ name })),
    failed: 'Could not make the pass on this phone. Open the app again.',
    worksOffline: 'Works without internet',
  },
  payments: {
    title: 'Payments and dues',
    dues: 'Dues',
    noDues: 'Nothing due. Thank you!',
    dueFor: msg('For the plan ending on {{expiryDate}}', (expiryDate: string) => ({ expiryDate })),
    amountDue: msg('{{amount}} due', (amount: number) => ({ amount: formatRupees(amount) })),
    payUpi: 'Pay by UPI',
    payHint: 'Tap Pay by UPI to open your UPI app, or scan this code from another phone.',
    upiQrLabel: msg('UPI QR code to pay {{amount}}', (amount: number) => ({ amount: formatRupees(amount) })),
    askDesk: 'Pay at the desk: this library takes no UPI payments in the app.',
    history: 'Payments',
    noPayments: 'No payments yet',
    paidOn: msg('{{amount}} by {{mode}} on {{date}}', (amount: number, mode: string, date: string) => ({
      amount: formatRupees(amount),
      mode,
      date,
    })),
    receiptNo: msg('Receipt {{number}}', (number: string) => ({ number })),
    void: 'Void',
    /** Each payment mode's name (the stored value is its English name). */
    modes: { Cash: 'Cash', UPI: 'UPI', Card: 'Card', 'Bank Transfer': 'Bank Transfer', Cheque: 'Cheque' } as Record<
      string,
      string
    >,
  },
  inbox: {
    title: 'Inbox',
    empty: 'No notices yet',
    unread: 'Unread',
    unreadCount: msg({ one: '{{count}} unread', other: '{{count}} unread' }, (count: number) => ({ count })),
    markRead: 'Mark as read',
    /** The accessible name of an unread notice, which a tap marks read. */
    markReadOf: msg('Mark as read: {{title}}', (title: string) => ({ title })),
    markAllRead: 'Mark all as read',
    markFailed: 'Could not mark as read. Try again.',
    more: 'Show older',
  },
  library: {
    title: 'Your library',
    address: 'Address',
    phone: 'Phone',
    call: 'Call',
    whatsapp: 'WhatsApp',
    noContact: 'The library has not added its contact details yet.',
    /** Issue 19: the privacy notice the student agreed to, on the Library screen. */
    privacyNotice: 'Privacy notice',
    privacyNoticeIntro: 'What the library keeps about you, why, and for how long',
  },
  signOut: {
    button: 'Sign out',
    confirmTitle: 'Sign out of this phone?',
    confirmBody: 'You will need a new code from your library to sign in again.',
    confirm: 'Sign out',
    cancel: 'Cancel',
    failed: 'Could not sign out. Check your connection and try again.',
  },
  theme: {
    toDark: 'Dark theme',
    toLight: 'Light theme',
  },
  notFound: 'This page is not in the student app.',
  goHome: 'Go to Home',
});
