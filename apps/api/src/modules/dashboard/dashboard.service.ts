import { messages, type DashboardData, type DashboardPeriod } from '@app/shared';
import type { Actor, ServiceContext } from '../../lib/service-context';
import { requestLanguage } from '../../plugins/language';
import { dashboardFigures, type Bucket } from './dashboard.repository';

export type DashboardContext = ServiceContext;

/** Hours for the last day, days up to three months, months beyond (DESIGN.md §6). */
export function bucketOf(period: DashboardPeriod): Bucket {
  if (period === '24_hour') return 'hour';
  if (period === '7_days' || period === '1_month' || period === '3_months') return 'day';
  return 'month';
}

/** A plan's texts on the dashboard: Top Content's kind, title and description, Subscription Plans' name and description. */
interface PlanTexts {
  contentType: string;
  title: string;
  description: string;
  name: string;
  subscribers: string;
}

const planTexts = new Map<string, PlanTexts>();

/**
 * A plan's texts, worked out once per language and plan (its length, a reserved seat or not) and
 * then answered as read: the catalogue does not change while the process runs, and the dozen or
 * so i18next lookups a dashboard made for them were about 7 % of its server time (issue 18, a CPU
 * profile at 100,000 students). A library's plans are a handful of lengths; past 200 the memo is
 * emptied all the same.
 */
function textsOf(duration: number, reserved: boolean): PlanTexts {
  const key = `${requestLanguage()} ${duration} ${reserved}`;
  let texts = planTexts.get(key);
  if (texts === undefined) {
    if (planTexts.size >= 200) planTexts.clear();
    const plans = messages.dashboard.plans;
    texts = {
      contentType: reserved ? plans.contentType.reserved : plans.contentType.open,
      title: plans.title(duration, reserved),
      description: plans.description(duration, reserved),
      name: plans.name(duration),
      subscribers: plans.subscribers(duration),
    };
    planTexts.set(key, texts);
  }
  return texts;
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
    topContent: figures.topPlans.map((plan) => {
      const texts = textsOf(plan.duration, plan.is_reserved);
      return {
        thumbnailUrl: null,
        contentType: texts.contentType,
        title: texts.title,
        description: texts.description,
        revenue: Number(plan.revenue),
        totalSales: plan.sales,
      };
    }),
    recentTransactions: figures.recent.map((fee) => ({
      userEmail: fee.email,
      date: fee.date,
      amount: Number(fee.amount),
      type: TRANSACTION_TYPES[fee.kind],
    })),
    subscriptionStats: figures.plans.map((plan) => {
      // The plan's name and description depend on its length alone.
      const texts = textsOf(plan.duration, false);
      return { planName: texts.name, description: texts.subscribers, totalSubscribers: plan.subscribers };
    }),
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
