import { formatRupees } from '../common/format';

/** Payments, balances and the day book (issue 13). */
export const paymentMessages = {
  recordTitle: 'Record Payment',
  submit: 'Record Payment',
  busy: 'Recording...',
  recorded: 'Payment recorded',
  amount: 'Amount',
  amountRequired: 'Amount is required',
  amountInvalid: 'Enter an amount in rupees with at most 2 decimals',
  amountZero: 'The amount must be more than ₹0',
  overpayment: (balance: number) =>
    balance <= 0
      ? 'Nothing is due on this subscription'
      : `The amount is more than the balance due (${formatRupees(balance)})`,
  feeAbovePrice: (price: number) => `The fee paid now cannot be more than the price (${formatRupees(price)})`,
  mode: 'Mode',
  reference: 'Reference',
  referenceHelp: {
    UPI: 'The 12-digit UPI transaction ID (UTR) from the student’s app',
    'Bank Transfer': 'The bank’s transfer reference (UTR)',
    Cheque: 'The cheque number (optional)',
    other: 'Optional',
  },
  referenceRequired: {
    UPI: 'Enter the 12-digit UPI UTR',
    'Bank Transfer': 'Enter the bank reference',
  },
  utrInvalid: 'A UPI UTR is 12 digits',
  referenceInvalid: 'A reference is 6 to 22 letters and digits',
  referenceUsed: (reference: string, student: string, amount: number, date: string) =>
    `Reference ${reference} was already recorded for ${student}’s payment of ${formatRupees(amount)} on ${date}`,
  price: 'Price',
  priceHelp: 'The agreed price of the plan',
  priceFromList: (amount: number) => `Price list: ${formatRupees(amount)}`,
  priceRequired: 'Price is required',
  priceInvalid: 'Price must be an amount in rupees from 0 to 10,00,000 with at most 2 decimals',
  discount: (amount: number) => `Discount ${formatRupees(amount)}`,
  paid: 'Paid',
  balance: 'Balance',
  balanceValue: (amount: number) => (amount > 0 ? `${formatRupees(amount)} due` : 'Paid in full'),
  notFound: 'Subscription not found',
  history: 'Payments',
  receivedBy: 'Received by',
  notRecorded: 'Not recorded',
  dayBook: {
    title: 'Day Book',
    subtitle: 'What came in on a day, for closing the cash drawer',
    date: 'Date',
    total: 'Total collected',
    byMode: 'By mode',
    byCollector: 'By who collected',
    count: (count: number) => `${count} ${count === 1 ? 'payment' : 'payments'}`,
    empty: 'No payments on this day',
    export: 'Export CSV',
    exportFailed: 'Failed to export the day book',
    fetchFailed: 'Failed to fetch the day book',
    columns: {
      time: 'Time',
      student: 'Student',
      mobile: 'Mobile',
      amount: 'Amount',
      mode: 'Mode',
      reference: 'Reference',
      receivedBy: 'Received by',
    },
  },
} as const;
