import { formatRupees } from '../common/format';
import { defineMessages, msg } from '../i18n/catalogue';

/** The monthly profit view and the dashboard's profit card (issue 14). */
export const profitMessages = defineMessages('profit', {
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
  loss: msg('Loss {{amount}}', (amount: number) => ({ amount: formatRupees(Math.abs(amount)) })),
  dashboardCard: "This month's profit",
  /** The dashboard's link to the Profit screen (web). */
  viewProfit: 'View profit',
  /** The chart's place when nothing was collected or spent in the months shown. */
  empty: 'Nothing collected or spent in these months',
  dashboardDetail: msg('{{collected}} collected − {{expenses}} spent', (collected: number, expenses: number) => ({
    collected: formatRupees(collected),
    expenses: formatRupees(expenses),
  })),
  howCounted: 'Fees are counted on the day they were received, less refunds and void payments; expenses on their date.',
});
