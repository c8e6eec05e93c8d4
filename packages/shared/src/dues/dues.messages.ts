import { formatRupees } from '../common/format';
import { defineMessages, msg } from '../i18n/catalogue';

/** Dues screen, reminders and UPI texts (issue 13). */
export const duesMessages = defineMessages('dues', {
  title: 'Dues',
  subtitle: 'Who owes what, and a one-tap reminder',
  groups: {
    expiring: 'Expiring soon',
    expired: 'Expired, not renewed',
    unpaid: 'Unpaid balances',
  },
  groupHelp: {
    expiring: msg(
      {
        one: 'Plans ending within {{count}} day, not yet renewed',
        other: 'Plans ending within {{count}} days, not yet renewed',
      },
      (days: number) => ({ count: days }),
    ),
    expired: msg(
      {
        one: 'Plans that ended in the last {{count}} day, not renewed',
        other: 'Plans that ended in the last {{count}} days, not renewed',
      },
      (days: number) => ({ count: days }),
    ),
    unpaid: 'Paid less than the agreed price',
  },
  groupTotal: msg(
    { one: '{{count}} due · {{amount}}', other: '{{count}} dues · {{amount}}' },
    (count: number, amount: number) => ({
      count,
      amount: formatRupees(amount),
    }),
  ),
  columns: {
    student: 'Student',
    mobile: 'Mobile',
    place: 'Seat',
    window: 'Time Slot',
    expiry: 'Expires',
    amountDue: 'Amount Due',
    lastReminder: 'Last Reminder',
    actions: 'Actions',
  },
  /** The CSV's columns that the screen does not show. */
  csvColumns: {
    balance: 'Balance (INR)',
    renewalPrice: 'Renewal Price (INR)',
    reminderChannel: 'Reminder Channel',
    remindedBy: 'Reminded By',
    upiReference: 'UPI Reference',
  },
  pool: 'Any free seat',
  searchPlaceholder: 'Search Student...',
  export: 'Export CSV',
  exporting: 'Exporting...',
  exportFailed: 'Failed to export dues',
  empty: 'No dues here',
  fetchFailed: 'Failed to fetch dues',
  notReminded: 'Not reminded',
  remindedAgo: msg(
    { '': 'reminded {{days}} days ago', today: 'reminded today', yesterday: 'reminded yesterday' },
    (days: number) => (days <= 0 ? { context: 'today' } : days === 1 ? { context: 'yesterday' } : { days }),
  ),
  reminderBy: msg({ '': '{{channel}}', by: '{{channel}} by {{by}}' }, (channel: string, by: string | null) =>
    by ? { context: 'by', channel, by } : { channel },
  ),
  channels: { whatsapp: 'WhatsApp', sms: 'SMS', push: 'Push notification' },
  remindWhatsApp: 'Remind on WhatsApp',
  remindSms: 'Remind by SMS',
  showQr: 'Show UPI QR',
  recordPayment: 'Record Payment',
  reminderRecorded: 'Reminder recorded',
  reminderFailed: 'Failed to record the reminder',
  noWhatsApp: 'This mobile number cannot take WhatsApp: it must be 10 digits starting with 6, 7, 8 or 9',
  dueNotFound: 'This due is no longer outstanding',
  effect: msg(
    {
      one: 'Last 30 days: {{paid}} of {{count}} reminded due was paid within 7 days ({{amount}})',
      other: 'Last 30 days: {{paid}} of {{count}} reminded dues were paid within 7 days ({{amount}})',
    },
    (reminded: number, paid: number, amount: number) => ({ count: reminded, paid, amount: formatRupees(amount) }),
  ),
  effectNone: 'Last 30 days: no reminders sent yet',
  outstanding: 'Dues outstanding',
  outstandingCount: msg({ one: '{{count}} due', other: '{{count}} dues' }, (count: number) => ({ count })),
  viewDues: 'View dues',
  qr: {
    title: 'Pay by UPI',
    hint: 'Scan with any UPI app: Google Pay, PhonePe, Paytm, BHIM',
    amount: msg('Amount: {{amount}}', (amount: number) => ({ amount: formatRupees(amount) })),
    payee: msg('To {{payee}} ({{vpa}})', (payee: string, vpa: string) => ({ payee, vpa })),
    noUpi: 'Add the library’s UPI ID in Settings to show a QR code',
    openSettings: 'Open Settings',
    copyLink: 'Copy UPI link',
    copied: 'UPI link copied',
    copyFailed: 'Could not copy the link: select it and copy it by hand',
    link: 'UPI link',
    drawFailed: 'Failed to draw the QR code',
  },
  upiNote: msg('{{library}} fee: {{student}}', (library: string, student: string) => ({ library, student })),
  pushTitle: msg('{{library}}: fee reminder', (library: string) => ({ library })),
  pushBody: {
    before: msg('Your seat plan expires on {{expiry}}. {{amount}} is due.', (expiry: string, amount: number) => ({
      expiry,
      amount: formatRupees(amount),
    })),
    onDay: msg('Your seat plan expires today. {{amount}} is due.', (amount: number) => ({
      amount: formatRupees(amount),
    })),
    after: msg(
      'Your seat plan expired on {{expiry}}. Renew it to keep your seat: {{amount}}.',
      (expiry: string, amount: number) => ({ expiry, amount: formatRupees(amount) }),
    ),
  },
  /** Query and body values the dues endpoints refuse. */
  groupInvalid: 'group must be expiring, expired or unpaid',
  channelInvalid: 'channel must be whatsapp or sms',
});
