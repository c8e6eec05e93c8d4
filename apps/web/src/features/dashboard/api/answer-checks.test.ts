import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHECK_METHODS,
  dashboardSchema,
  duesSummarySchema,
  insideNowSchema,
  PAYMENT_MODES,
  profitSchema,
} from '@app/shared';
import {
  DASHBOARD_PAYMENT_MODES,
  isDashboardData,
  isDuesSummary,
  isInsideNow,
  isProfit,
  VISIT_METHODS,
} from './answer-checks';
import { answerMutations } from '@/test/answer-mutations';

const visit = {
  id: 'v1',
  day: '2026-11-24',
  checked_in_at: '2026-11-24T04:00:00.000Z',
  checked_out_at: null,
  method: 'pass',
  student_id: 's1',
  first_name: 'Asha',
  last_name: null,
  mobile: '9876543210',
  start_time: '06:00',
  end_time: null,
  seat_id: null,
  seat_name: 'A1',
  area_name: null,
};

const cases = [
  {
    name: 'dashboard',
    check: isDashboardData,
    schema: dashboardSchema,
    valid: {
      period: '24_hour',
      periodStart: null,
      bucket: 'hour',
      student: { total: 3, activeSubscription: 2 },
      seat: { total: 10, active: 4, inactive: 6 },
      revenue: { revenue: 1200.5, transaction: 2, avg_transaction: 600.25 },
      topContent: [
        { thumbnailUrl: null, contentType: 'Plan', title: 'Morning', description: '6-2', revenue: 800, totalSales: 1 },
      ],
      recentTransactions: [{ userEmail: 'a@example.com', date: '2026-11-24', amount: -50, type: 'Adjustment' }],
      subscriptionStats: [{ planName: 'Morning', description: '6-2', totalSubscribers: 2 }],
      financialStats: [{ date: '2026-11-24T05:00:00.000Z', revenue: 800, transactions: 1 }],
      contentStats: [{ mode: 'UPI', amount: 800, count: 1 }],
    },
  },
  {
    name: 'dues summary',
    check: isDuesSummary,
    schema: duesSummarySchema,
    valid: {
      expiring: { count: 1, amount: 500 },
      expired: { count: 0, amount: 0 },
      unpaid: { count: 2, amount: 700.5 },
      outstanding: { count: 3, amount: 1200.5 },
      reminders: { reminded: 2, paid: 1, amount: 500 },
      expiring_days: 3,
      grace_days: 0,
    },
  },
  {
    name: 'profit',
    check: isProfit,
    schema: profitSchema,
    valid: {
      months: [{ month: '2026-11', collected: 42000, expenses: 15500.5, profit: 26499.5 }],
      total: { collected: 42000, expenses: 15500.5, profit: 26499.5 },
    },
  },
  {
    name: 'inside now',
    check: isInsideNow,
    schema: insideNowSchema,
    valid: { count: 1, visits: [visit, { ...visit, id: 'v2', method: 'mobile', checked_out_at: 'later' }] },
  },
];

describe("the dashboard's answer checks", () => {
  it('use the shared payment modes and check-in methods', () => {
    expect(DASHBOARD_PAYMENT_MODES).toEqual(PAYMENT_MODES);
    expect(VISIT_METHODS).toEqual(CHECK_METHODS);
  });

  for (const { name, check, schema, valid } of cases) {
    it(`accept a ${name} answer and refuse it changed anywhere exactly when the shared schema does`, () => {
      expect(check(valid)).toBe(true);
      expect(check({ ...valid, extra: 1 })).toBe(true);
      let refused = 0;
      for (const changed of answerMutations(valid, ['month', 'Cash', 'card', 'lifetime', 'Adjustment'])) {
        const expected = schema.safeParse(changed).success;
        expect(check(changed), JSON.stringify(changed)).toBe(expected);
        if (!expected) refused += 1;
      }
      expect(refused).toBeGreaterThan(10);
    });

    it(`answer as the shared ${name} schema does for any value`, () => {
      fc.assert(
        fc.property(fc.oneof(fc.anything(), fc.constant(valid)), (value) => {
          expect(check(value)).toBe(schema.safeParse(value).success);
        }),
        { numRuns: 500 },
      );
    });
  }
});
