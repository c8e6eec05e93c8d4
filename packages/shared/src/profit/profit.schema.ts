import { z } from 'zod';
import { profitMessages as m } from './profit.messages';

/** `GET /api/profit` and `/api/profit/export` query: how many months back, this month included (1–24, default 12). */
export const profitQuerySchema = z.object({
  months: z.preprocess(
    (value) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? 12 : Number(value)),
    z
      .number({ error: () => m.monthsInvalid })
      .int({ error: () => m.monthsInvalid })
      .min(1, { error: () => m.monthsInvalid })
      .max(24, { error: () => m.monthsInvalid }),
  ),
});

export const profitMonthSchema = z.object({
  /** `YYYY-MM` in the library's time zone. */
  month: z.string(),
  collected: z.number(),
  expenses: z.number(),
  profit: z.number(),
});
export type ProfitMonth = z.infer<typeof profitMonthSchema>;

/** `GET /api/profit` answer: oldest month first, the current month last. */
export const profitSchema = z.object({
  months: z.array(profitMonthSchema),
  total: profitMonthSchema.omit({ month: true }),
});
export type Profit = z.infer<typeof profitSchema>;
