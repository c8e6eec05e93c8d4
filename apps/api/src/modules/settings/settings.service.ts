import {
  DEFAULT_CHECKIN_EARLY_MINUTES,
  DEFAULT_DUES_EXPIRING_DAYS,
  DEFAULT_DUES_GRACE_DAYS,
  DEFAULT_GST_RATE,
  DEFAULT_RETENTION_DAYS,
  DEFAULT_SAC,
  messages,
  type LibrarySettings,
  type LibrarySettingsRecord,
} from '@app/shared';
import { AppError } from '../../errors';
import { AUDIT_ACTIONS, writeAudit } from '../../lib/audit';
import { effectiveNotice, findPrivacyTerms } from '../../db/privacy-terms.repository';
import type { Actor, ServiceContext } from '../../lib/service-context';
import * as repository from './settings.repository';

const m = messages.settings;

export type SettingsContext = ServiceContext;

/** The library's settings: the saved ones, else the defaults (reminder template: the catalogue's). */
export async function getSettings(context: SettingsContext, actor: Actor): Promise<LibrarySettingsRecord> {
  const [row, priceList, receiptPrefix, terms] = await Promise.all([
    repository.findSettings(context.db, actor.libraryId),
    repository.priceListOf(context.db, actor.libraryId),
    repository.receiptPrefixOf(context.db, actor.libraryId),
    findPrivacyTerms(context.db, actor.libraryId),
  ]);
  const retentionDays = row?.retention_days ?? DEFAULT_RETENTION_DAYS;
  const privacyNotice = row?.privacy_notice ?? null;
  return {
    upi_id: row?.upi_id ?? null,
    upi_payee_name: row?.upi_payee_name ?? null,
    dues_expiring_days: row?.dues_expiring_days ?? DEFAULT_DUES_EXPIRING_DAYS,
    dues_grace_days: row?.dues_grace_days ?? DEFAULT_DUES_GRACE_DAYS,
    reminder_template: row?.reminder_template ?? m.defaultReminderTemplate,
    auto_push_reminders: row?.auto_push_reminders ?? false,
    receipt_prefix: receiptPrefix ?? 'R',
    gstin: row?.gstin ?? null,
    gst_rate: row ? Number(row.gst_rate) : DEFAULT_GST_RATE,
    sac: row?.sac ?? DEFAULT_SAC,
    price_list: priceList.map((entry) => ({ ...entry, price: Number(entry.price) })),
    checkin_max_due: row?.checkin_max_due == null ? null : Number(row.checkin_max_due),
    checkin_early_minutes: row?.checkin_early_minutes ?? DEFAULT_CHECKIN_EARLY_MINUTES,
    desk_max_discount: row ? Number(row.desk_max_discount) : 0,
    privacy_notice: privacyNotice,
    // The text students are shown: the owner's, else the default for this library.
    privacy_notice_text: effectiveNotice({ libraryName: terms?.libraryName ?? '', privacyNotice, retentionDays }),
    retention_days: retentionDays,
    keep_aadhaar_last4: row?.keep_aadhaar_last4 ?? false,
    updated_at: row?.updated_at ?? null,
  };
}

/**
 * Saves the settings and replaces the price list in one transaction. The catalogue's
 * template is stored as null ("the default"), so a later wording of it reaches the library.
 */
export async function updateSettings(
  context: SettingsContext,
  actor: Actor,
  input: LibrarySettings,
): Promise<LibrarySettingsRecord> {
  await context.db.transaction(async (tx) => {
    const saved = await repository.saveSettings(tx, actor.libraryId, {
      ...input,
      reminder_template: input.reminder_template === m.defaultReminderTemplate ? null : input.reminder_template,
    });
    if (!saved) {
      const message = m.priceList.duplicate;
      throw new AppError(409, message, [{ field: 'price_list', message }]);
    }
    // Whether receipts are tax invoices from now on (a GSTIN absent from the body stays as saved).
    const gstSet = (await repository.findSettings(tx, actor.libraryId))?.gstin != null;
    await writeAudit(tx, actor, {
      action: AUDIT_ACTIONS.settingsUpdated,
      entityType: 'settings',
      entityId: actor.libraryId,
      detail: `${input.price_list.length} ${input.price_list.length === 1 ? 'price' : 'prices'}, UPI ${input.upi_id ? 'set' : 'not set'}, GST ${gstSet ? 'set' : 'not set'}`,
    });
  });
  return getSettings(context, actor);
}
