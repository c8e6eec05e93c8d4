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
  expenses: 'Expense',
  profit: 'Profit',
  receipts: 'Receipt',
  /** Check-ins: the attendance lists, the dashboard's and the seats screen's inside now. */
  attendance: 'Attendance',
} as const;

/** What a recorded payment makes stale (the month's profit counts the fees collected). */
export const PAYMENT_TAGS = [
  API_TAGS.subscriptions,
  API_TAGS.dues,
  API_TAGS.dayBook,
  API_TAGS.fees,
  API_TAGS.students,
  API_TAGS.profit,
] as const;

/** What an expense or a monthly expense makes stale: the month's expenses and the profit. */
export const EXPENSE_TAGS = [API_TAGS.expenses, API_TAGS.profit] as const;

/**
 * What a void or an adjustment makes stale: everything a payment does, and the receipts
 * (a void marks its receipt VOID; an adjustment is listed on its original's).
 */
export const CORRECTION_TAGS = [...PAYMENT_TAGS, API_TAGS.receipts] as const;
