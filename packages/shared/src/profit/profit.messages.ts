import { formatRupees } from '../common/format';

/** The monthly profit view and the dashboard's profit card (issue 14). */
export const profitMessages = {
  title: 'Profit',
  subtitle: 'Fees collected minus expenses, month by month',
  months: 'Last 12 months',
  columns: { month: 'Month', collected: 'Fees collected', expenses: 'Expenses', profit: 'Profit' },
  total: 'Total',
  chartLabel: 'Fees collected, expenses and profit by month',
  export: 'Export CSV',
  exporting: 'Exporting...',
  exportFailed: 'Failed to export the profit',
  fetchFailed: 'Failed to fetch the profit',
  monthsInvalid: 'months must be a whole number from 1 to 24',
  loss: (amount: number) => `Loss ${formatRupees(Math.abs(amount))}`,
  dashboardCard: "This month's profit",
  /** The dashboard's link to the Profit screen (web). */
  viewProfit: 'View profit',
  /** The chart's place when nothing was collected or spent in the months shown. */
  empty: 'Nothing collected or spent in these months',
  dashboardDetail: (collected: number, expenses: number) =>
    `${formatRupees(collected)} collected − ${formatRupees(expenses)} spent`,
  howCounted: 'Fees are counted on the day they were received, less refunds and void payments; expenses on their date.',
} as const;
