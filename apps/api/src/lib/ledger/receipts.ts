import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Receipt numbers (issue 14, docs/decisions.md "Receipt numbers"): `PREFIX/YYYY-YY/NNNN`,
 * one series per library and financial year (April–March, in the library's time zone),
 * at most 16 characters. The rules live here, in SQL, once: the payments take their
 * numbers with them and the settings answer the default prefix with them.
 */

/** The longest a receipt number may be (GST Rule 46 allows 16 characters for a serial number). */
export const MAX_RECEIPT_NO_LENGTH = 16;

/**
 * The default prefix of a library named `name` (a text expression): the initials of its
 * words (runs of A–Z and 0–9 after upper-casing), at most three; a one-word name gives its
 * first three characters; a name with no such characters gives `R`.
 * (drizzle/0008_receipt_numbers.sql holds a copy for the backfill.)
 */
export function defaultReceiptPrefixSql(name: SQL): SQL<string> {
  return sql<string>`(
    select coalesce(nullif(
      case when count(*) = 1 then left(min(receipt_word.word), 3)
           else left(string_agg(left(receipt_word.word, 1), '' order by receipt_word.n), 3) end, ''), 'R')
    from regexp_split_to_table(upper(${name}), '[^A-Z0-9]+') with ordinality as receipt_word(word, n)
    where receipt_word.word <> '')`;
}

/** The financial year (the calendar year it starts in) of a `timestamp without time zone` in local time. */
export function financialYearSql(local: SQL): SQL<number> {
  return sql<number>`(extract(year from ${local})::int - case when extract(month from ${local}) < 4 then 1 else 0 end)`;
}

/**
 * The receipt number from a prefix, a financial year and a running number: the year as
 * `2026-27`, the number with at least four digits. A number past 9999 takes room from the
 * prefix (its first characters are kept), so the whole stays within 16 characters.
 */
export function receiptNoSql(prefix: SQL, year: SQL, number: SQL): SQL<string> {
  return sql<string>`(
    left(${prefix}, greatest(7 - length(${number}::text), 1)) || '/' || ${year}::text || '-'
    || lpad(((${year} + 1) % 100)::text, 2, '0') || '/' || lpad(${number}::text, greatest(4, length(${number}::text)), '0'))`;
}

/**
 * Gives the payment `feeId` (just inserted, above ₹0) the next number of its library's
 * series for the financial year of its `created_at`, in the caller's transaction: the
 * counter row stays locked until it ends, so parallel payments of the library take their
 * numbers one after the other, and a payment rolled back rolls its number back. Answers it.
 */
export async function assignReceiptNo(tx: DbOrTx, libraryId: string, feeId: string): Promise<string> {
  const result = await tx.execute<{ receipt_no: string }>(sql`
    with place as (
      select f.id, coalesce(s.receipt_prefix, ${defaultReceiptPrefixSql(sql`l.name`)}) as prefix,
             ${financialYearSql(sql`(f.created_at at time zone l.time_zone)`)} as year
      from fees f join libraries l on l.id = f.library_id left join library_settings s on s.library_id = l.id
      where f.library_id = ${libraryId} and f.id = ${feeId}
    ), counter as (
      insert into receipt_counters (library_id, financial_year, last_number)
      select ${libraryId}, place.year, 1 from place
      on conflict (library_id, financial_year) do update set last_number = receipt_counters.last_number + 1
      returning last_number
    )
    update fees set receipt_no = ${receiptNoSql(sql`place.prefix`, sql`place.year`, sql`counter.last_number`)}
    from place, counter where fees.id = place.id
    returning fees.receipt_no`);
  const receiptNo = result.rows[0]?.receipt_no;
  if (!receiptNo) throw new Error('receipt number assignment returned nothing');
  return receiptNo;
}

/**
 * The next number of the library's series for a payment taken now (its `created_at`), as two
 * CTEs to write before the payment's insert: `receipt_place` (the prefix and the financial year
 * of now in the library's time zone) and `receipt_counter` (the counter raised, its row locked
 * until the transaction ends, so the library's payments take their numbers one after the other
 * and one rolled back gives its number back). `nextReceiptNo` is the number they make.
 */
export function nextReceiptNoCtes(libraryId: string): SQL {
  return sql`receipt_place as (
      select coalesce(s.receipt_prefix, ${defaultReceiptPrefixSql(sql`l.name`)}) as prefix,
             ${financialYearSql(sql`(now() at time zone l.time_zone)`)} as year
      from libraries l left join library_settings s on s.library_id = l.id
      where l.id = ${libraryId}
    ), receipt_counter as (
      insert into receipt_counters (library_id, financial_year, last_number)
      select ${libraryId}, receipt_place.year, 1 from receipt_place
      on conflict (library_id, financial_year) do update set last_number = receipt_counters.last_number + 1
      returning last_number
    )`;
}

/** The receipt number `nextReceiptNoCtes` makes. */
export const nextReceiptNo = receiptNoSql(
  sql`receipt_place.prefix`,
  sql`receipt_place.year`,
  sql`receipt_counter.last_number`,
);

/** The prefix the library's next receipts take: the saved one, else the default from its name. */
export async function receiptPrefixOf(db: DbOrTx, libraryId: string): Promise<string | undefined> {
  const result = await db.execute<{ prefix: string }>(sql`
    select coalesce(s.receipt_prefix, ${defaultReceiptPrefixSql(sql`l.name`)}) as prefix
    from libraries l left join library_settings s on s.library_id = l.id where l.id = ${libraryId}`);
  return result.rows[0]?.prefix;
}

/**
 * Numbers the library's payments above ₹0 afresh, in `created_at` order (then id) per
 * financial year, with its current prefix, and sets its counters to match, in one
 * transaction; as the migration that brought receipts numbered the payments before them.
 * For history written now and moved back in time (the demo library), never for a library
 * whose receipts were handed out.
 */
export async function renumberReceipts(db: DbOrTx, libraryId: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Cleared first: the unique index is checked row by row, so a swap of two numbers would clash.
    await tx.execute(sql`update fees set receipt_no = null where library_id = ${libraryId}`);
    await tx.execute(sql`delete from receipt_counters where library_id = ${libraryId}`);
    await tx.execute(sql`
      with numbered as (
        select f.id, y.year,
               row_number() over (partition by y.year order by f.created_at, f.id) as number,
               coalesce(s.receipt_prefix, ${defaultReceiptPrefixSql(sql`l.name`)}) as prefix
        from fees f join libraries l on l.id = f.library_id left join library_settings s on s.library_id = l.id
        cross join lateral (select ${financialYearSql(sql`(f.created_at at time zone l.time_zone)`)} as year) y
        where f.library_id = ${libraryId} and f.amount > 0
      )
      update fees set receipt_no = ${receiptNoSql(sql`numbered.prefix`, sql`numbered.year`, sql`numbered.number`)}
      from numbered where fees.id = numbered.id`);
    await tx.execute(sql`
      insert into receipt_counters (library_id, financial_year, last_number)
      select ${libraryId}, ${financialYearSql(sql`(f.created_at at time zone l.time_zone)`)}, count(*)
      from fees f join libraries l on l.id = f.library_id
      where f.library_id = ${libraryId} and f.receipt_no is not null
      group by 2`);
  });
}
