import { defineMessages, msg } from '../i18n/catalogue';

/**
 * Data rights (issue 19, DPDP Act 2023 and Rules 2025): consent at collection, leaving,
 * erasure of identity documents and export of a student's data. The API's answers and the
 * admin screens' texts; the student app's notice page is in `studentAppMessages.privacy`.
 */
export const privacyMessages = defineMessages('privacy', {
  consent: {
    heading: 'Consent',
    /** The form's checkbox for a student of 18 or more. */
    student:
      'The student has read the library’s privacy notice and agrees to the library storing their identity documents',
    /** The form's checkbox for a student under 18 by date of birth. */
    guardian:
      'A parent or guardian of the student has read the library’s privacy notice and agrees to the library storing the student’s identity documents',
    showNotice: 'Read the privacy notice',
    hideNotice: 'Hide the privacy notice',
    required: 'Record the student’s consent to store their identity documents',
    guardianRequired: 'The student is under 18: a parent or guardian must agree',
    invalid: 'Consent must be given by the student or a parent or guardian',
    recorded: msg(
      {
        '': 'Consent recorded on {{when}} by {{byWhom}} (the student agreed)',
        guardian: 'Consent recorded on {{when}} by {{byWhom}} (a parent or guardian agreed)',
      },
      (when: string, byWhom: string, giver: 'student' | 'guardian') =>
        giver === 'guardian' ? { context: 'guardian', when, byWhom } : { when, byWhom },
    ),
    missing: 'No consent on record yet: it is needed with the documents at the next save',
    unknownStaff: 'a former staff member',
  },
  leave: {
    action: 'Mark as left',
    confirmTitle: 'Mark this student as left?',
    confirmBody:
      'They leave the active lists and cannot be booked. Their subscriptions, payments, receipts and attendance stay for the books. Their phones are signed out of the student app.',
    erasureNote: msg(
      {
        '': 'Their identity documents are erased {{days}} days after they leave.',
        nextRun: 'Their identity documents are erased at the next daily run.',
      },
      (days: number) => (days === 0 ? { context: 'nextRun' } : { days }),
    ),
    confirm: 'Mark as left',
    done: 'Student marked as left',
    failed: 'Failed to mark the student as left',
    alreadyLeft: 'This student has already left',
    rejoin: 'Mark as returned',
    rejoined: 'Student is a member again',
    rejoinFailed: 'Failed to mark the student as returned',
    notLeft: 'This student has not left',
    /** The audit entry's detail when a student is marked as left: what of their access ended. */
    auditDetail: msg(
      {
        one: '{{count}} student-app session ended, {{devices}} devices removed, {{cards}} ID cards revoked',
        other: '{{count}} student-app sessions ended, {{devices}} devices removed, {{cards}} ID cards revoked',
        oneDevice_one: '{{count}} student-app session ended, {{devices}} device removed, {{cards}} ID cards revoked',
        oneDevice_other: '{{count}} student-app sessions ended, {{devices}} device removed, {{cards}} ID cards revoked',
        oneCard_one: '{{count}} student-app session ended, {{devices}} devices removed, {{cards}} ID card revoked',
        oneCard_other: '{{count}} student-app sessions ended, {{devices}} devices removed, {{cards}} ID card revoked',
        oneDeviceOneCard_one:
          '{{count}} student-app session ended, {{devices}} device removed, {{cards}} ID card revoked',
        oneDeviceOneCard_other:
          '{{count}} student-app sessions ended, {{devices}} device removed, {{cards}} ID card revoked',
      },
      // The sessions pick the plural form; one device and one card, each a context.
      (sessions: number, devices: number, cards: number) => {
        const context = `${devices === 1 ? 'oneDevice' : ''}${cards === 1 ? (devices === 1 ? 'OneCard' : 'oneCard') : ''}`;
        return context ? { count: sessions, devices, cards, context } : { count: sessions, devices, cards };
      },
    ),
    leftOn: msg('Left on {{date}}', (date: string) => ({ date })),
    /** The refusal when a student who left is booked, on every booking path. */
    cannotBook: 'This student has left the library. Mark them as returned before booking a seat',
    /** A pairing code (the student app) for a student who left. */
    cannotPair: 'This student has left the library. Mark them as returned before pairing a phone',
    statusLabel: { active: 'Active', left: 'Left' } as Record<string, string>,
    listFilter: 'Show',
    listActive: 'Members',
    listLeft: 'Left',
    stateFilterInvalid: 'Show must be active or left',
  },
  erase: {
    action: 'Erase documents now',
    confirmTitle: 'Erase this student’s identity documents now?',
    confirmBody:
      'The Aadhaar number and the three images are deleted for good, from the database, the files and every backup taken from now on. Their payments, receipts and attendance stay.',
    keepLast4: 'The last four Aadhaar digits stay for the books (Settings).',
    confirm: 'Erase',
    done: 'Identity documents erased',
    failed: 'Failed to erase the identity documents',
    mustLeaveFirst: 'Mark the student as left before erasing their identity documents',
    alreadyErased: 'This student’s identity documents are already erased',
    /** Refused while a subscription runs: `{student} has an active subscription: {what} until {date}`. */
    activeSubscription: msg(
      'This student has an active subscription ({{what}}, until {{until}}). Erase their documents after it ends',
      (what: string, until: string) => ({ what, until }),
    ),
    erasedOn: msg('Identity documents erased on {{date}}', (date: string) => ({ date })),
    dueOn: msg('Identity documents will be erased on {{date}}', (date: string) => ({ date })),
    /** The audit entry's detail: what was erased, never the data itself. */
    auditDetail: msg(
      {
        '': 'Aadhaar number and the profile, Aadhaar front and Aadhaar back images erased on request',
        kept: 'Aadhaar number and the profile, Aadhaar front and Aadhaar back images erased on request; last four Aadhaar digits kept',
        retention:
          'Aadhaar number and the profile, Aadhaar front and Aadhaar back images erased after the retention period',
        retentionKept:
          'Aadhaar number and the profile, Aadhaar front and Aadhaar back images erased after the retention period; last four Aadhaar digits kept',
      },
      (how: 'request' | 'retention', keptLast4: boolean) => {
        const context = how === 'retention' ? (keptLast4 ? 'retentionKept' : 'retention') : keptLast4 ? 'kept' : '';
        return context ? { context } : {};
      },
    ),
    documentsNeeded:
      'This student’s identity documents were erased. Add their Aadhaar number, the three images and their consent again',
    anySeat: 'any free seat',
    /** The subscription named in `activeSubscription`: `Seat A12, 6:00 AM–2:00 PM`. */
    seat: msg('Seat {{name}}', (name: string) => ({ name })),
  },
  exportData: {
    action: 'Download their data',
    json: 'Download as JSON',
    html: 'Download as a readable page',
    done: 'Student data downloaded',
    failed: 'Failed to download the student’s data',
    formatInvalid: 'Format must be json or html',
    /** The readable file's headings. */
    title: msg('Personal data of {{name}}', (name: string) => ({ name })),
    generated: msg('Prepared on {{when}} by {{library}}', (when: string, library: string) => ({ when, library })),
    sections: {
      profile: 'Profile',
      consent: 'Consent',
      subscriptions: 'Subscriptions',
      payments: 'Payments',
      attendance: 'Attendance',
      notifications: 'Notifications sent',
    },
    fields: {
      name: 'Name',
      mobile: 'Mobile',
      email: 'Email',
      dob: 'Date of Birth',
      aadhaar: 'Aadhaar Number',
      kyc: 'KYC status',
      status: 'Status',
      joined: 'Added on',
      leftOn: 'Left on',
      documents: 'Identity documents',
      documentsHeld: 'Held by the library (Aadhaar number and three images)',
      documentsErased: msg('Erased on {{date}}', (date: string) => ({ date })),
      consentAt: 'Agreed on',
      consentBy: 'Agreed by',
      consentNotice: 'Notice shown',
      consentRecordedBy: 'Recorded by',
      seat: 'Seat',
      window: 'Daily time',
      from: 'From',
      to: 'To',
      price: 'Price',
      date: 'Date',
      amount: 'Amount',
      mode: 'Mode',
      receipt: 'Receipt',
      voided: 'Voided',
      checkIn: 'In',
      checkOut: 'Out',
      title: 'Title',
      message: 'Message',
      sentAt: 'Sent',
    },
    none: 'None',
    guardian: 'A parent or guardian',
    student: 'The student',
    noConsent: 'Not recorded',
    /** The readable file's values. */
    anySeat: 'Any free seat',
    yes: 'Yes',
    erased: 'Erased',
    notCheckedOut: 'Not checked out',
    kyc: { pending: 'Pending', verified: 'Verified', rejected: 'Rejected' } as Record<string, string>,
    printHint: 'Keep this file safe: it holds the student’s personal data.',
  },
  settings: {
    heading: 'Privacy',
    subtitle:
      'The notice students agree to before you keep their identity documents, and how long you keep them after they leave',
    notice: 'Privacy notice',
    noticeHelp: 'Shown on the student form and in the student app. Leave empty for the default notice.',
    noticeTooLong: 'The privacy notice must be at most 4,000 characters',
    restoreDefault: 'Use the default notice',
    retentionDays: 'Erase identity documents after (days)',
    retentionHelp: 'Days after a student leaves. 0 erases them at the next daily run.',
    retentionInvalid: 'Enter a whole number of days from 0 to 3650',
    keepLast4: 'Keep the last four Aadhaar digits for the books',
  },
  /** The library's default notice, until the owner writes their own. */
  defaultNotice: msg(
    {
      '': '{{library}} keeps your name, mobile number, email, date of birth, Aadhaar number, your photograph and photographs of your Aadhaar card, to know who is in the reading room and to run your membership: seat bookings, fees, receipts and entry. Only the library’s staff can see them, and they are not shared with anyone unless the law requires it. When you leave, your Aadhaar number and the photographs are erased {{retentionDays}} days later, or sooner if you ask; your payments and receipts are kept for the library’s accounts as the law requires. You may ask the library for a copy of your data, or to correct or erase it, at the desk.',
      atOnce:
        '{{library}} keeps your name, mobile number, email, date of birth, Aadhaar number, your photograph and photographs of your Aadhaar card, to know who is in the reading room and to run your membership: seat bookings, fees, receipts and entry. Only the library’s staff can see them, and they are not shared with anyone unless the law requires it. When you leave, your Aadhaar number and the photographs are erased at once, or sooner if you ask; your payments and receipts are kept for the library’s accounts as the law requires. You may ask the library for a copy of your data, or to correct or erase it, at the desk.',
    },
    (library: string, retentionDays: number) =>
      retentionDays === 0 ? { context: 'atOnce', library } : { library, retentionDays },
  ),
});
