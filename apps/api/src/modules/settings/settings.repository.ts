import { sql } from 'drizzle-orm';
import type { LibrarySettings } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../lib/pg-errors';

export { priceListOf, type PriceListRow } from '../../lib/ledger/ledger.repository';

/** A library's saved settings row; undefined until they are saved once. */
export type SettingsRow = {
  upi_id: string | null;
  upi_payee_name: string | null;
  dues_expiring_days: number;
  dues_grace_days: number;
  reminder_template: string | null;
  auto_push_reminders: boolean;
  updated_at: string;
};

export { receiptPrefixOf } from '../../lib/ledger/receipts';

export async function findSettings(db: DbOrTx, libraryId: string): Promise<SettingsRow | undefined> {
  const result = await db.execute<SettingsRow>(sql`
    select upi_id, upi_payee_name, dues_expiring_days, dues_grace_days, reminder_template, auto_push_reminders,
           to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at
    from library_settings where library_id = ${libraryId}`);
  return result.rows[0];
}

/**
 * Saves the settings and replaces the price list, in the caller's transaction. The settings
 * row is written first: its row lock makes two saves of one library run one after the
 * other, so the second replaces the first's price list instead of clashing with it.
 * Answers false when the price list's unique index refuses a plan twice.
 */
export async function saveSettings(
  tx: DbOrTx,
  libraryId: string,
  settings: Omit<LibrarySettings, 'reminder_template'> & { reminder_template: string | null },
): Promise<boolean> {
  // No prefix in the body keeps the saved one (null: the default from the library's name).
  await tx.execute(sql`
    insert into library_settings (library_id, upi_id, upi_payee_name, dues_expiring_days, dues_grace_days,
                                  reminder_template, auto_push_reminders, receipt_prefix, updated_at)
    values (${libraryId}, ${settings.upi_id}, ${settings.upi_payee_name}, ${settings.dues_expiring_days},
            ${settings.dues_grace_days}, ${settings.reminder_template}, ${settings.auto_push_reminders},
            ${settings.receipt_prefix ?? null}, now())
    on conflict (library_id) do update set
      upi_id = excluded.upi_id, upi_payee_name = excluded.upi_payee_name,
      dues_expiring_days = excluded.dues_expiring_days, dues_grace_days = excluded.dues_grace_days,
      reminder_template = excluded.reminder_template, auto_push_reminders = excluded.auto_push_reminders,
      receipt_prefix = coalesce(excluded.receipt_prefix, library_settings.receipt_prefix),
      updated_at = now()`);
  await tx.execute(sql`delete from price_list where library_id = ${libraryId}`);
  if (settings.price_list.length === 0) return true;
  const rows = settings.price_list.map(
    (entry) =>
      sql`(${libraryId}, ${entry.duration}, ${entry.is_reserved}, ${entry.window_hours}, ${entry.price.toFixed(2)})`,
  );
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.execute(sql`
        insert into price_list (library_id, duration_months, is_reserved, window_hours, price)
        values ${sql.join(rows, sql`, `)}`);
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error, 'price_list_plan_unique')) return false;
    throw error;
  }
}
