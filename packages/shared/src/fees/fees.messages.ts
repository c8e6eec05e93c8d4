/** Fee report texts (SPEC.md §2 Fee report, §8). */
import { defineMessages, msg } from '../i18n/catalogue';

export const feeMessages = defineMessages('fees', {
  title: 'Fee Report',
  searchPlaceholder: 'Search Student...',
  search: 'Search',
  clear: 'Clear',
  export: 'Export CSV',
  exporting: 'Exporting...',
  exportFailed: 'Failed to export the fee report',
  clearSearch: 'Clear search',
  rowsPerPage: 'Rows per page:',
  columns: {
    no: 'No',
    studentName: 'Student Name',
    mobile: 'Mobile',
    amount: 'Amount',
    duration: 'Duration',
    status: 'Status',
    createdAt: 'Created At',
    updatedAt: 'Updated At',
    /** Issue 14: the row's receipt. */
    actions: 'Actions',
  },
  /** A fee's status on screen, by its stored value ("paid" → "Paid"; another value is shown capitalised). */
  statuses: { paid: 'Paid' } as Record<string, string>,
  /**
   * "1 month", "3 months": a fee's duration in its unit (the stored unit is `months`, which the
   * `months` context words so that another language can name it; any other unit is shown as
   * stored, without its "s" for 1).
   */
  durationValue: msg(
    {
      one: '{{count}} {{unit}}',
      other: '{{count}} {{unit}}',
      months_one: '{{count}} month',
      months_other: '{{count}} months',
    },
    (duration: number, unit: string) =>
      unit === 'months'
        ? { count: duration, context: 'months' }
        : { count: duration, unit: duration === 1 ? unit.replace(/s$/, '') : unit },
  ),
  /** The CSV export's header (SPEC's columns, then issue 14's Receipt No). */
  csvColumns: {
    studentName: 'Student Name',
    mobile: 'Mobile',
    email: 'Email',
    amount: 'Amount (INR)',
    duration: 'Duration',
    mode: 'Payment Mode',
    type: 'Type',
    status: 'Status',
    createdAt: 'Created At',
    updatedAt: 'Updated At',
    receiptNo: 'Receipt No',
  },
  /** The CSV's Type column: a payment towards a balance is neither a new plan nor a renewal. */
  kinds: { new: 'New', renewal: 'Renewal', balance: 'Balance', adjustment: 'Adjustment' },
  empty: 'No Record found',
  fetchFailed: 'Failed to fetch fees',
  invalidRange: 'The start date must be on or before the end date',
  // The report's query (`GET /fee`): filters the report's own controls never send wrong.
  invalidDate: 'Enter a date as YYYY-MM-DD',
  statusInvalid: 'status must be paid or void',
  modeInvalid: 'Unknown payment mode',
});
