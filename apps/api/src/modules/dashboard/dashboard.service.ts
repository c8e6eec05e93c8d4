import { messages, type DashboardData, type DashboardPeriod } from '@app/shared';
import type { Actor, ServiceContext } from '../../lib/service-context';
import { dashboardFigures, type Bucket } from './dashboard.repository';

export type DashboardContext = ServiceContext;

/** Hours for the last day, days up to three months, months beyond (DESIGN.md §6). */
export function bucketOf(period: DashboardPeriod): Bucket {
  if (period === '24_hour') return 'hour';
  if (period === '7_days' || period === '1_month' || period === '3_months') return 'day';
  return 'month';
}

// The answer's `type` is a value of the contract (the web app names it in its language), not a text.
const TRANSACTION_TYPES = { new: 'New', renewal: 'Renewal', balance: 'Balance', adjustment: 'Adjustment' } as const;

/** The dashboard of one library for one period. */
export async function dashboard(
  context: DashboardContext,
  actor: Actor,
  period: DashboardPeriod,
): Promise<DashboardData> {
  const { db } = context;
  const { libraryId } = actor;
  const bucket = bucketOf(period);
  // One statement: its figures share one snapshot and one now(), so a fee saved meanwhile is in all
  // of this answer's figures or in none, without a transaction around it.
  const figures = await dashboardFigures(db, libraryId, period, bucket);
  const plans = messages.dashboard.plans;
  return {
    period,
    periodStart: figures.periodStart,
    bucket,
    student: { total: figures.students.total, activeSubscription: figures.students.active },
    seat: figures.seats,
    revenue: {
      revenue: Number(figures.revenue.revenue),
      transaction: figures.revenue.transactions,
      avg_transaction: Number(figures.revenue.average),
    },
    topContent: figures.topPlans.map((plan) => ({
      thumbnailUrl: null,
      contentType: plan.is_reserved ? plans.contentType.reserved : plans.contentType.open,
      title: plans.title(plan.duration, plan.is_reserved),
      description: plans.description(plan.duration, plan.is_reserved),
      revenue: Number(plan.revenue),
      totalSales: plan.sales,
    })),
    recentTransactions: figures.recent.map((fee) => ({
      userEmail: fee.email,
      date: fee.date,
      amount: Number(fee.amount),
      type: TRANSACTION_TYPES[fee.kind],
    })),
    subscriptionStats: figures.plans.map((plan) => ({
      planName: plans.name(plan.duration),
      description: plans.subscribers(plan.duration),
      totalSubscribers: plan.subscribers,
    })),
    financialStats: figures.series.map((point) => ({
      date: point.date,
      revenue: Number(point.revenue),
      transactions: point.transactions,
    })),
    contentStats: figures.modes.map((mode) => ({
      mode: mode.mode as DashboardData['contentStats'][number]['mode'],
      amount: Number(mode.amount),
      count: mode.count,
    })),
  };
}
