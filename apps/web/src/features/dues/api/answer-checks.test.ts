import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dueListSchema, reminderRecordSchema } from '@app/shared';
import { answerMutations } from '@/test/answer-mutations';
import { isDueList, isReminderRecord } from './answer-checks';

const due = {
  subscription_id: 's1',
  student_id: 'st1',
  group: 'expiring',
  first_name: 'Asha',
  last_name: null,
  mobile: '9876543210',
  is_reserved: false,
  seat_name: 'A1',
  area_name: null,
  start_time: '06:00',
  end_time: '14:00',
  plan_expires_at: '2026-11-30',
  duration: 1,
  balance: 0,
  renewal_price: 800,
  amount_due: 800.5,
  last_reminded_at: null,
  last_reminder_channel: 'whatsapp',
  last_reminder_by: null,
  upi_reference: 'DUE-1',
  upi_link: null,
  reminder_text: 'Your plan ends soon',
  has_device: true,
};
const groupTotal = { count: 1, amount: 800.5 };
const cases = [
  {
    name: 'page of dues',
    check: isDueList,
    schema: dueListSchema,
    valid: {
      dues: [due, { ...due, subscription_id: 's2', group: 'unpaid', last_reminder_channel: null }],
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalItems: 2,
        itemsPerPage: 10,
        hasNextPage: false,
        hasPrevPage: false,
        nextPage: null,
        prevPage: 0,
      },
      summary: {
        expiring: groupTotal,
        expired: groupTotal,
        unpaid: groupTotal,
        outstanding: groupTotal,
        reminders: { reminded: 1, paid: 0, amount: 0 },
        expiring_days: 3,
        grace_days: 0,
      },
    },
  },
  {
    name: 'reminder record',
    check: isReminderRecord,
    schema: reminderRecordSchema,
    valid: {
      id: 'r1',
      subscription_id: 's1',
      group: 'expired',
      channel: 'sms',
      amount: 800,
      sent_at: '2026-11-24T05:00:00.000Z',
      sent_by: null,
      sent_by_name: 'Ravi',
    },
  },
];

describe("the dues screen's answer checks", () => {
  for (const { name, check, schema, valid } of cases) {
    it(`accept a ${name} and refuse it changed anywhere exactly when the shared schema does`, () => {
      expect(check(valid)).toBe(true);
      expect(check({ ...valid, extra: 1 })).toBe(true);
      let refused = 0;
      for (const changed of answerMutations(valid, ['expired', 'push', 'sms'])) {
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
