import type { LibrarySettingsInput, LibrarySettingsRecord } from '@app/shared';

/**
 * The settings form's values: what `librarySettingsSchema` reads (the number boxes' text,
 * an empty UPI ID or daily-hours box for none) and turns into the PUT body.
 */
export type SettingsFormValues = LibrarySettingsInput;
type PriceRowValues = SettingsFormValues['price_list'][number];

/** A new row: one month, any free seat, any length, no price yet. */
export const NEW_PRICE_ROW: PriceRowValues = { duration: 1, is_reserved: false, window_hours: '', price: '' };

/** The form's values for the settings as the server has them. */
export function formValuesOf(settings: LibrarySettingsRecord): SettingsFormValues {
  return {
    upi_id: settings.upi_id ?? '',
    upi_payee_name: settings.upi_payee_name ?? '',
    dues_expiring_days: settings.dues_expiring_days,
    dues_grace_days: settings.dues_grace_days,
    reminder_template: settings.reminder_template,
    auto_push_reminders: settings.auto_push_reminders,
    receipt_prefix: settings.receipt_prefix,
    gstin: settings.gstin ?? '',
    gst_rate: settings.gst_rate,
    sac: settings.sac,
    price_list: settings.price_list.map((entry) => ({ ...entry, window_hours: entry.window_hours ?? '' })),
    checkin_max_due: settings.checkin_max_due ?? '',
    checkin_early_minutes: settings.checkin_early_minutes,
    desk_max_discount: settings.desk_max_discount,
    // Issue 19: an empty notice is the default one.
    privacy_notice: settings.privacy_notice ?? '',
    retention_days: settings.retention_days,
    keep_aadhaar_last4: settings.keep_aadhaar_last4,
  };
}

const PRICE_ROW_FIELDS = ['duration', 'is_reserved', 'window_hours', 'price'] as const;

const TOP_LEVEL_FIELDS = [
  'upi_id',
  'upi_payee_name',
  'dues_expiring_days',
  'dues_grace_days',
  'reminder_template',
  'auto_push_reminders',
  'receipt_prefix',
  'gstin',
  'gst_rate',
  'sac',
  'price_list',
  'checkin_max_due',
  'checkin_early_minutes',
  'desk_max_discount',
  'privacy_notice',
  'retention_days',
  'keep_aadhaar_last4',
] as const;

/** Every field a server error may name (`price_list.2.duration`), for `rows` price rows. */
export function settingsFieldNames(rows: number) {
  return [
    ...TOP_LEVEL_FIELDS,
    ...Array.from({ length: rows }, (_, index) =>
      PRICE_ROW_FIELDS.map((field) => `price_list.${index}.${field}` as const),
    ).flat(),
  ];
}
