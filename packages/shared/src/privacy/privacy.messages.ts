/**
 * Data rights (issue 19, DPDP Act 2023 and Rules 2025): consent at collection, leaving,
 * erasure of identity documents and export of a student's data. The API's answers and the
 * admin screens' texts; the student app's notice page is in `studentAppMessages.privacy`.
 */
export const privacyMessages = {
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
    recorded: (when: string, byWhom: string, giver: 'student' | 'guardian') =>
      `Consent recorded on ${when} by ${byWhom} (${giver === 'guardian' ? 'a parent or guardian agreed' : 'the student agreed'})`,
    missing: 'No consent on record yet: it is needed with the documents at the next save',
    unknownStaff: 'a former staff member',
  },
  leave: {
    action: 'Mark as left',
    confirmTitle: 'Mark this student as left?',
    confirmBody:
      'They leave the active lists and cannot be booked. Their subscriptions, payments, receipts and attendance stay for the books. Their phones are signed out of the student app.',
    erasureNote: (days: number) =>
      days === 0
        ? 'Their identity documents are erased at the next daily run.'
        : `Their identity documents are erased ${days} days after they leave.`,
    confirm: 'Mark as left',
    done: 'Student marked as left',
    failed: 'Failed to mark the student as left',
    alreadyLeft: 'This student has already left',
    rejoin: 'Mark as returned',
    rejoined: 'Student is a member again',
    rejoinFailed: 'Failed to mark the student as returned',
    notLeft: 'This student has not left',
    /** The audit entry's detail when a student is marked as left: what of their access ended. */
    auditDetail: (sessions: number, devices: number, cards: number) =>
      `${sessions} student-app ${sessions === 1 ? 'session' : 'sessions'} ended, ${devices} ${
        devices === 1 ? 'device' : 'devices'
      } removed, ${cards} ID ${cards === 1 ? 'card' : 'cards'} revoked`,
    leftOn: (date: string) => `Left on ${date}`,
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
    activeSubscription: (what: string, until: string) =>
      `This student has an active subscription (${what}, until ${until}). Erase their documents after it ends`,
    erasedOn: (date: string) => `Identity documents erased on ${date}`,
    dueOn: (date: string) => `Identity documents will be erased on ${date}`,
    /** The audit entry's detail: what was erased, never the data itself. */
    auditDetail: (how: 'request' | 'retention', keptLast4: boolean) =>
      `Aadhaar number and the profile, Aadhaar front and Aadhaar back images erased ${
        how === 'retention' ? 'after the retention period' : 'on request'
      }${keptLast4 ? '; last four Aadhaar digits kept' : ''}`,
    documentsNeeded:
      'This student’s identity documents were erased. Add their Aadhaar number, the three images and their consent again',
    anySeat: 'any free seat',
    /** The subscription named in `activeSubscription`: `Seat A12, 6:00 AM–2:00 PM`. */
    seat: (name: string) => `Seat ${name}`,
  },
  exportData: {
    action: 'Download their data',
    json: 'Download as JSON',
    html: 'Download as a readable page',
    done: 'Student data downloaded',
    failed: 'Failed to download the student’s data',
    formatInvalid: 'Format must be json or html',
    /** The readable file's headings. */
    title: (name: string) => `Personal data of ${name}`,
    generated: (when: string, library: string) => `Prepared on ${when} by ${library}`,
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
      documentsErased: (date: string) => `Erased on ${date}`,
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
  defaultNotice: (library: string, retentionDays: number) =>
    `${library} keeps your name, mobile number, email, date of birth, Aadhaar number, your photograph and photographs of your Aadhaar card, to know who is in the reading room and to run your membership: seat bookings, fees, receipts and entry. Only the library’s staff can see them, and they are not shared with anyone unless the law requires it. When you leave, your Aadhaar number and the photographs are erased ${
      retentionDays === 0 ? 'at once' : `${retentionDays} days later`
    }, or sooner if you ask; your payments and receipts are kept for the library’s accounts as the law requires. You may ask the library for a copy of your data, or to correct or erase it, at the desk.`,
};
