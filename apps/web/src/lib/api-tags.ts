/**
 * Cache tags that more than one feature provides or invalidates. A payment changes what a
 * subscription owes, the dues lists and their summary, the day book, the fee report and a
 * student's balance; those features tag their queries with these names, so a payment
 * recorded on any screen refreshes them all. Features may not import each other, so the
 * names live here.
 */
export const API_TAGS = {
  subscriptions: 'Subscription',
  dues: 'Dues',
  dayBook: 'DayBook',
  fees: 'Fee',
  students: 'Student',
  settings: 'Settings',
} as const;

/** What a recorded payment makes stale. */
export const PAYMENT_TAGS = [
  API_TAGS.subscriptions,
  API_TAGS.dues,
  API_TAGS.dayBook,
  API_TAGS.fees,
  API_TAGS.students,
] as const;
