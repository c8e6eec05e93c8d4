/** Fee report texts (SPEC.md §2 Fee report, §8). */
export const feeMessages = {
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
  durationValue: (duration: number, unit: string) => `${duration} ${duration === 1 ? unit.replace(/s$/, '') : unit}`,
  empty: 'No Record found',
  fetchFailed: 'Failed to fetch fees',
  invalidRange: 'The start date must be on or before the end date',
} as const;
