import { z } from 'zod';
import { PAYMENT_MODES } from '../subscriptions/subscriptions.schema';

/** Periods of `GET /dashboard/{period}` (SPEC.md §7); the default is the last 24 hours. */
export const DASHBOARD_PERIODS = [
  '24_hour',
  '7_days',
  '1_month',
  '3_months',
  '6_months',
  '9_months',
  '1_year',
  'lifetime',
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '24_hour';

/** Dashboard data (SPEC.md §3, DESIGN.md §6). */
export const dashboardSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  periodStart: z.string().nullable(),
  bucket: z.enum(['hour', 'day', 'month']),
  student: z.object({ total: z.number().int(), activeSubscription: z.number().int() }),
  seat: z.object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int() }),
  revenue: z.object({ revenue: z.number(), transaction: z.number().int(), avg_transaction: z.number() }),
  topContent: z.array(
    z.object({
      thumbnailUrl: z.string().nullable(),
      contentType: z.string(),
      title: z.string(),
      description: z.string(),
      revenue: z.number(),
      totalSales: z.number().int(),
    }),
  ),
  recentTransactions: z.array(
    z.object({
      userEmail: z.string(),
      date: z.string(),
      amount: z.number(),
      /**
       * Balance: a later payment towards a subscription's price (issue 13); Adjustment: a
       * correction of a payment, with its sign (issue 14; a refund is negative).
       */
      type: z.enum(['New', 'Renewal', 'Balance', 'Adjustment']),
    }),
  ),
  subscriptionStats: z.array(
    z.object({ planName: z.string(), description: z.string(), totalSubscribers: z.number().int() }),
  ),
  financialStats: z.array(z.object({ date: z.string(), revenue: z.number(), transactions: z.number().int() })),
  contentStats: z.array(z.object({ mode: z.enum(PAYMENT_MODES), amount: z.number(), count: z.number().int() })),
});
export type DashboardData = z.infer<typeof dashboardSchema>;
