import { DASHBOARD_PERIODS } from '@app/shared';
import { arrayOf, int, nullable, number, object, oneOf, string } from '@/lib/answer-checks';

// Whether the dashboard's four answers have their shapes: the same answers as the shared schemas'
// `safeParse(...).success` (dashboardSchema, duesSummarySchema, profitSchema, insideNowSchema),
// which answer-checks.test.ts checks on one-place changes of valid answers and on generated values.
// Written out by hand (lib/answer-checks.ts), as lib/session.ts's parseAdmin is, so that the
// dashboard's first paint carries no zod (issue 18).

/**
 * The shared PAYMENT_MODES, the modes of the dashboard's payment-mode figures. Not imported: the
 * module that holds them also builds the subscriptions' schemas, and would bring zod with it; the
 * test checks the two lists are the same.
 */
export const DASHBOARD_PAYMENT_MODES = ['Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque'] as const;
/** The shared CHECK_METHODS (attendance.schema), for the same reason. */
export const VISIT_METHODS = ['pass', 'card', 'mobile'] as const;

export const isDashboardData = object({
  period: oneOf(DASHBOARD_PERIODS),
  periodStart: nullable(string),
  bucket: oneOf(['hour', 'day', 'month']),
  student: object({ total: int, activeSubscription: int }),
  seat: object({ total: int, active: int, inactive: int }),
  revenue: object({ revenue: number, transaction: int, avg_transaction: number }),
  topContent: arrayOf(
    object({
      thumbnailUrl: nullable(string),
      contentType: string,
      title: string,
      description: string,
      revenue: number,
      totalSales: int,
    }),
  ),
  recentTransactions: arrayOf(
    object({
      userEmail: string,
      date: string,
      amount: number,
      type: oneOf(['New', 'Renewal', 'Balance', 'Adjustment']),
    }),
  ),
  subscriptionStats: arrayOf(object({ planName: string, description: string, totalSubscribers: int })),
  financialStats: arrayOf(object({ date: string, revenue: number, transactions: int })),
  contentStats: arrayOf(object({ mode: oneOf(DASHBOARD_PAYMENT_MODES), amount: number, count: int })),
});

const groupTotal = object({ count: int, amount: number });

export const isDuesSummary = object({
  expiring: groupTotal,
  expired: groupTotal,
  unpaid: groupTotal,
  outstanding: groupTotal,
  reminders: object({ reminded: int, paid: int, amount: number }),
  expiring_days: int,
  grace_days: int,
});

const profitFigures = { collected: number, expenses: number, profit: number };

export const isProfit = object({
  months: arrayOf(object({ month: string, ...profitFigures })),
  total: object(profitFigures),
});

export const isInsideNow = object({
  count: int,
  visits: arrayOf(
    object({
      id: string,
      day: string,
      checked_in_at: string,
      checked_out_at: nullable(string),
      method: oneOf(VISIT_METHODS),
      student_id: string,
      first_name: string,
      last_name: nullable(string),
      mobile: string,
      start_time: nullable(string),
      end_time: nullable(string),
      seat_id: nullable(string),
      seat_name: nullable(string),
      area_name: nullable(string),
    }),
  ),
});
