import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, uuid } from 'drizzle-orm/pg-core';
import { libraries } from './libraries';
import { subscriptions } from './subscriptions';

/**
 * Issue 18: each subscription's agreed prices (`price`, the sum of its `subscription_charges`)
 * and payments (`paid`, the sum of its counted fees: none voided), kept by statement-level
 * triggers on both tables (migration 0021), so the dues' unpaid group reads the plans that owe
 * from one partial index instead of working out the balance of every plan of the library.
 * THE balance rule stays db/account.ts's: the figures shown are computed by it, and a
 * randomized test holds the kept sums equal to it. Nothing in the app writes this table.
 */
export const subscriptionBalances = pgTable(
  'subscription_balances',
  {
    subscriptionId: uuid('subscription_id')
      .primaryKey()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    price: numeric('price', { precision: 14, scale: 2 }).notNull().default('0'),
    paid: numeric('paid', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (table) => [
    index('subscription_balances_owing_idx')
      .on(table.libraryId, table.subscriptionId)
      .where(sql`${table.price} > ${table.paid}`),
  ],
);
