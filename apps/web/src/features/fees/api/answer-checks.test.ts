import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeListSchema } from '@app/shared';
import { answerMutations } from '@/test/answer-mutations';
import { isFeeList } from './answer-checks';

const fee = {
  id: 'f1',
  subscription_id: 's1',
  student_id: 'st1',
  first_name: 'Asha',
  last_name: null,
  mobile: '9876543210',
  email: 'asha@example.com',
  amount: 800.5,
  duration: 1,
  unit: 'month',
  mode: 'UPI',
  kind: 'renewal',
  receipt_no: 'R-1',
  status: 'paid',
  created_at: '2026-11-24T05:00:00.000Z',
  updated_at: '2026-11-24T05:00:00.000Z',
};
const valid = {
  fees: [fee, { ...fee, id: 'f2', kind: 'adjustment', amount: -100, receipt_no: null }],
  pagination: {
    currentPage: 1,
    totalPages: 1,
    totalItems: 2,
    itemsPerPage: 10,
    hasNextPage: false,
    hasPrevPage: false,
    nextPage: null,
    prevPage: null,
  },
};

describe("the fee report's answer check", () => {
  it('accepts a page of fees and refuses it changed anywhere exactly when the shared schema does', () => {
    expect(isFeeList(valid)).toBe(true);
    expect(isFeeList({ ...valid, extra: 1 })).toBe(true);
    let refused = 0;
    for (const changed of answerMutations(valid, ['new', 'balance', 'void'])) {
      const expected = feeListSchema.safeParse(changed).success;
      expect(isFeeList(changed), JSON.stringify(changed)).toBe(expected);
      if (!expected) refused += 1;
    }
    expect(refused).toBeGreaterThan(10);
  });

  it('answers as the shared schema does for any value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.constant(valid)), (value) => {
        expect(isFeeList(value)).toBe(feeListSchema.safeParse(value).success);
      }),
      { numRuns: 500 },
    );
  });
});
