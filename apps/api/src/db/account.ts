import { sql, type SQL } from 'drizzle-orm';

/**
 * Whose money: one subscription, or every subscription of one student. Each value is an
 * SQL expression: a parameter (`sql\`${id}\``) or a column of the outer query written out
 * with its alias (`sql\`sub.id\``, `sql\`students.library_id\``). Never a drizzle column
 * object: drizzle writes a single table's columns unqualified, and inside the subqueries
 * below an unqualified `library_id` would name the charge's or the fee's own column.
 */
export type AccountOwner = { libraryId: SQL } & ({ subscriptionId: SQL } | { studentId: SQL });

/** `alias`'s rows that belong to the owner (charges and fees both carry library, subscription and student). */
function belongsTo(alias: string, owner: AccountOwner): SQL {
  const table = sql.raw(alias);
  const whose =
    'subscriptionId' in owner
      ? sql`${table}.subscription_id = ${owner.subscriptionId}`
      : sql`${table}.student_id = ${owner.studentId}`;
  return sql`${table}.library_id = ${owner.libraryId} and ${whose}`;
}

/**
 * The fees (of the alias given) that count as money paid (issue 14): every one not voided. An
 * adjustment counts with its sign (a refund is stored negative); a void counts for nothing
 * anywhere (balances, reports, the dashboard, the day book's totals, profit).
 */
export function countedFee(alias: string): SQL {
  return sql`${sql.raw(alias)}.voided_at is null`;
}

/**
 * THE balance rule (DESIGN.md §8, docs/decisions.md "Prices, payments and balances"): what
 * was agreed (the sum of `subscription_charges.price`) minus what was paid (the sum of
 * `fees.amount` of the fees that count: every kind, creation, renewal, balance payments and
 * adjustments with their sign, none voided), summed by PostgreSQL.
 *
 * A one-row derived table with `price`, `paid` and `balance` (exact `numeric`), for a
 * `from` or a `cross join lateral`. Its own aliases are prefixed `account_`, so an outer
 * alias such as `c` or `f` passed in the owner still names the outer row.
 */
export function accountSql(owner: AccountOwner): SQL {
  return sql`(
    select account_charged.price, account_paid.paid, account_charged.price - account_paid.paid as balance
    from (select coalesce(sum(account_charge.price), 0) as price from subscription_charges account_charge
          where ${belongsTo('account_charge', owner)}) account_charged,
         (select coalesce(sum(account_fee.amount), 0) as paid from fees account_fee
          where ${belongsTo('account_fee', owner)} and ${countedFee('account_fee')}) account_paid
  )`;
}

/** The owner's balance alone, as a scalar `numeric` expression (agreed prices minus payments). */
export function balanceSql(owner: AccountOwner): SQL<string> {
  return sql<string>`(select account.balance from ${accountSql(owner)} account)`;
}
