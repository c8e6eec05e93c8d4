/** Dashboard texts (SPEC.md §2 Dashboard, §8). */
import { defineMessages, msg } from '../i18n/catalogue';

export const dashboardMessages = defineMessages('dashboard', {
  welcome: 'Welcome Admin!',
  selectDateRange: 'Select Date Range',
  subtitle: "Here's an overview of your library.",
  studentStatistics: 'Student Statistics',
  totalStudents: 'Total Students',
  activeSubscription: 'Active Subscription',
  seatsOverview: 'Seats Overview',
  total: 'Total',
  active: 'Active',
  inactive: 'Inactive',
  feeOverview: 'Fee Overview',
  period: 'Period',
  totalRevenue: 'Total Revenue',
  totalTransactions: 'Total Transactions',
  avgTransactionValue: 'Avg. Transaction Value',
  topContent: 'Top Content',
  noImage: 'No image',
  recentTransactions: 'Recent Transactions',
  subscriptionPlans: 'Subscription Plans',
  revenueOverTime: 'Revenue over the period',
  byPaymentMode: 'Revenue by payment mode',
  viewAll: 'View all',
  noData: 'Nothing in this period yet',
  noTransactions: 'No transactions yet',
  noActivePlans: 'No active subscriptions today',
  columns: { user: 'User', date: 'Date', amount: 'Amount', type: 'Type' },
  sales: msg({ one: '{{count}} sale', other: '{{count}} sales' }, (count: number) => ({ count })),
  subscribersUnit: msg({ one: 'subscriber', other: 'subscribers' }, (count: number) => ({ count })),
  revenue: 'Revenue',
  transactions: 'Transactions',
  fetchError: 'Error fetching dashboard data',
  fetchFailed: 'Failed to fetch dashboard data',
  unknownPeriod: 'Unknown period: use 24_hour, 7_days, 1_month, 3_months, 6_months, 9_months, 1_year or lifetime',
  /** How the API names a plan (a duration in months, a reserved seat or any free seat). */
  plans: {
    /** Top Content's kind of a plan. */
    contentType: { reserved: 'Reserved seat', open: 'Non-reserved seat' },
    /** Top Content's title of a plan. */
    title: msg(
      {
        reserved_one: '{{count}} Month · Reserved',
        reserved_other: '{{count}} Months · Reserved',
        open_one: '{{count}} Month · Non Reserved',
        open_other: '{{count}} Months · Non Reserved',
      },
      (duration: number, reserved: boolean) => ({ count: duration, context: reserved ? 'reserved' : 'open' }),
    ),
    /** Top Content's description of a plan. */
    description: msg(
      {
        reserved_one: '{{count}} month plan, a seat of their own',
        reserved_other: '{{count}} months plan, a seat of their own',
        open_one: '{{count}} month plan, any free seat',
        open_other: '{{count}} months plan, any free seat',
      },
      (duration: number, reserved: boolean) => ({ count: duration, context: reserved ? 'reserved' : 'open' }),
    ),
    /** Subscription Plans' name of a plan. */
    name: msg({ one: '{{count}} Month plan', other: '{{count}} Months plan' }, (duration: number) => ({
      count: duration,
    })),
    /** Subscription Plans' description of a plan. */
    subscribers: msg(
      { one: 'Students on a {{count}} month plan today', other: 'Students on a {{count}} months plan today' },
      (duration: number) => ({ count: duration }),
    ),
  },
  periods: {
    '24_hour': 'Last 24 hours',
    '7_days': 'Last 7 days',
    '1_month': 'Last month',
    '3_months': 'Last 3 months',
    '6_months': 'Last 6 months',
    '9_months': 'Last 9 months',
    '1_year': 'Last year',
    lifetime: 'Lifetime',
  },
});
