import { sql } from 'drizzle-orm';
import {
  DEFAULT_CHECKIN_EARLY_MINUTES,
  DEFAULT_GST_RATE,
  DEFAULT_RETENTION_DAYS,
  DEFAULT_SAC,
  type LibrarySettings,
} from '@app/shared';
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
  gstin: string | null;
  /** The GST rate in percent, as PostgreSQL prints it. */
  gst_rate: string;
  sac: string;
  /** Issue 15: rupees as PostgreSQL prints them; null: the desk never refuses for money. */
  checkin_max_due: string | null;
  checkin_early_minutes: number;
  /** Issue 16: rupees as PostgreSQL prints them. */
  desk_max_discount: string;
  /** Issue 19: the owner's privacy notice (null: the default), retention days, keep last four digits. */
  privacy_notice: string | null;
  retention_days: number;
  keep_aadhaar_last4: boolean;
  updated_at: string;
};

export { receiptPrefixOf } from '../../lib/ledger/receipts';

export async function findSettings(db: DbOrTx, libraryId: string): Promise<SettingsRow | undefined> {
  const result = await db.execute<SettingsRow>(sql`
    select upi_id, upi_payee_name, dues_expiring_days, dues_grace_days, reminder_template, auto_push_reminders,
           gstin, gst_rate::text as gst_rate, sac, checkin_max_due::text as checkin_max_due, checkin_early_minutes,
           desk_max_discount::text as desk_max_discount, privacy_notice, retention_days, keep_aadhaar_last4,
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
  // No prefix in the body keeps the saved one (null: the default from the library's name); so
  // do no GST rate and no SAC (the table's defaults until saved), and no GSTIN (null clears it);
  // so do the check-in rules (issue 15: no largest balance, null, clears it).
  const gstinGiven = settings.gstin !== undefined;
  const maxDueGiven = settings.checkin_max_due !== undefined;
  const earlyGiven = settings.checkin_early_minutes !== undefined;
  const deskMaxDiscount = settings.desk_max_discount?.toFixed(2) ?? null;
  // Issue 19: so do the privacy fields (a null notice: the default).
  const noticeGiven = settings.privacy_notice !== undefined;
  await tx.execute(sql`
    insert into library_settings (library_id, upi_id, upi_payee_name, dues_expiring_days, dues_grace_days,
                                  reminder_template, auto_push_reminders, receipt_prefix, gstin, gst_rate, sac,
                                  checkin_max_due, checkin_early_minutes, desk_max_discount,
                                  privacy_notice, retention_days, keep_aadhaar_last4, updated_at)
    values (${libraryId}, ${settings.upi_id}, ${settings.upi_payee_name}, ${settings.dues_expiring_days},
            ${settings.dues_grace_days}, ${settings.reminder_template}, ${settings.auto_push_reminders},
            ${settings.receipt_prefix ?? null}, ${settings.gstin ?? null},
            coalesce(${settings.gst_rate?.toFixed(2) ?? null}::numeric, ${DEFAULT_GST_RATE}),
            coalesce(${settings.sac ?? null}::text, ${DEFAULT_SAC}),
            ${settings.checkin_max_due?.toFixed(2) ?? null}::numeric,
            coalesce(${settings.checkin_early_minutes ?? null}::int, ${DEFAULT_CHECKIN_EARLY_MINUTES}),
            coalesce(${deskMaxDiscount}::numeric, 0),
            ${settings.privacy_notice ?? null}::text,
            coalesce(${settings.retention_days ?? null}::int, ${DEFAULT_RETENTION_DAYS}),
            coalesce(${settings.keep_aadhaar_last4 ?? null}::boolean, false), now())
    on conflict (library_id) do update set
      upi_id = excluded.upi_id, upi_payee_name = excluded.upi_payee_name,
      dues_expiring_days = excluded.dues_expiring_days, dues_grace_days = excluded.dues_grace_days,
      reminder_template = excluded.reminder_template, auto_push_reminders = excluded.auto_push_reminders,
      receipt_prefix = coalesce(excluded.receipt_prefix, library_settings.receipt_prefix),
      gstin = case when ${gstinGiven} then excluded.gstin else library_settings.gstin end,
      gst_rate = case when ${settings.gst_rate !== undefined} then excluded.gst_rate else library_settings.gst_rate end,
      sac = case when ${settings.sac !== undefined} then excluded.sac else library_settings.sac end,
      checkin_max_due = case when ${maxDueGiven} then excluded.checkin_max_due else library_settings.checkin_max_due end,
      checkin_early_minutes = case when ${earlyGiven} then excluded.checkin_early_minutes
                                   else library_settings.checkin_early_minutes end,
      desk_max_discount = case when ${deskMaxDiscount !== null} then excluded.desk_max_discount
                               else library_settings.desk_max_discount end,
      privacy_notice = case when ${noticeGiven} then excluded.privacy_notice else library_settings.privacy_notice end,
      retention_days = case when ${settings.retention_days !== undefined} then excluded.retention_days
                            else library_settings.retention_days end,
      keep_aadhaar_last4 = case when ${settings.keep_aadhaar_last4 !== undefined} then excluded.keep_aadhaar_last4
                                else library_settings.keep_aadhaar_last4 end,
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
