import { arrayOf, int, nullable, number, object, oneOf, pagination, string } from '@/lib/answer-checks';

// The fee report's answer checked by hand (lib/answer-checks.ts): the same answers as the shared
// feeListSchema's `safeParse(...).success`, which answer-checks.test.ts checks, so that the report's
// first paint carries no zod (issue 18).

export const isFeeList = object({
  fees: arrayOf(
    object({
      id: string,
      subscription_id: string,
      student_id: string,
      first_name: string,
      last_name: nullable(string),
      mobile: string,
      email: string,
      amount: number,
      duration: int,
      unit: string,
      mode: string,
      kind: oneOf(['new', 'renewal', 'balance', 'adjustment']),
      receipt_no: nullable(string),
      status: string,
      created_at: string,
      updated_at: string,
    }),
  ),
  pagination,
});
