import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { libraries } from './libraries';

/**
 * Issue 18: each library's counted fees (not voided) summed by local day and by local month of
 * the library's time zone (`unit`: `day` or `month`; `day`: the bucket's first day), and by
 * payment mode and plan: the money, the transactions (every kind but adjustments), the sales
 * (creations and renewals) and the number of fees. Kept by statement-level triggers on `fees`
 * in the same transaction as every write (migration 0019), rebuilt for a library when its time
 * zone changes. Since migration 0026 a group has a row per writer `slot` (the writing backend's
 * process id modulo 64), so two transactions writing fees of the same library, day, mode and
 * plan add to two rows instead of one taking turns on the other's; a group's figures are the sum
 * of its rows, and a row that holds nothing is deleted. Nothing in the app writes it; the
 * dashboard's repository reads it, always summed.
 */
export const dashboardFeeTotals = pgTable(
  'dashboard_fee_totals',
  {
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    unit: text('unit').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    mode: text('mode').notNull(),
    duration: integer('duration').notNull(),
    isReserved: boolean('is_reserved').notNull(),
    amount: numeric('amount').notNull().default('0'),
    transactions: integer('transactions').notNull().default(0),
    sales: integer('sales').notNull().default(0),
    fees: integer('fees').notNull().default(0),
    slot: smallint('slot').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'dashboard_fee_totals_pkey',
      columns: [table.libraryId, table.unit, table.day, table.mode, table.duration, table.isReserved, table.slot],
    }),
    check('dashboard_fee_totals_unit_check', sql`${table.unit} in ('day', 'month')`),
    index('dashboard_fee_totals_empty_idx')
      .on(table.libraryId)
      .where(sql`${table.fees} = 0`),
  ],
);

/**
 * Issue 18: for each library, by day, how many students start (+) or stop (-) being on a plan
 * of a given length, and, in the `members` rows (duration 0), how many members (students who
 * have not left) start or stop being on any plan. A student's overlapping plans make one span,
 * so the number on a plan on day D is minus the sum of the changes after D. Kept by triggers on
 * `subscriptions` and on students' status (migration 0019); a row per writer `slot` since
 * migration 0026, as `dashboardFeeTotals`, read summed.
 */
export const dashboardPlanChanges = pgTable(
  'dashboard_plan_changes',
  {
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    members: boolean('members').notNull(),
    duration: integer('duration').notNull(),
    delta: integer('delta').notNull(),
    slot: smallint('slot').notNull().default(0),
  },
  (table) => [
    primaryKey({
      name: 'dashboard_plan_changes_pkey',
      columns: [table.libraryId, table.day, table.members, table.duration, table.slot],
    }),
    index('dashboard_plan_changes_empty_idx')
      .on(table.libraryId)
      .where(sql`${table.delta} = 0`),
  ],
);
