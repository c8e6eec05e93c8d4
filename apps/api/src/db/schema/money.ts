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
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins, libraries } from './libraries';
import { students } from './students';
import { fees, subscriptions } from './subscriptions';

/**
 * A library's settings beyond its profile (issue 13): UPI, dues windows, the reminder
 * template. No row means the defaults; `reminder_template` null means the catalogue's.
 */
export const librarySettings = pgTable(
  'library_settings',
  {
    libraryId: uuid('library_id')
      .primaryKey()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    upiId: text('upi_id'),
    upiPayeeName: text('upi_payee_name'),
    duesExpiringDays: integer('dues_expiring_days').notNull().default(5),
    duesGraceDays: integer('dues_grace_days').notNull().default(7),
    reminderTemplate: text('reminder_template'),
    autoPushReminders: boolean('auto_push_reminders').notNull().default(false),
    /** The receipts' prefix (issue 14); null means the default from the library's name. */
    receiptPrefix: text('receipt_prefix'),
    /** Issue 14: with a GSTIN, receipts are tax invoices at `gst_rate` % under `sac`. */
    gstin: text('gstin'),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2 }).notNull().default('18'),
    sac: text('sac').notNull().default('998451'),
    /** Issue 15: the desk refuses entry when the student owes more than this; null never refuses for money. */
    checkinMaxDue: numeric('checkin_max_due', { precision: 12, scale: 2 }),
    /** Issue 15: how many minutes before the daily window a student may check in. */
    checkinEarlyMinutes: integer('checkin_early_minutes').notNull().default(15),
    /** Issue 16: the largest discount (₹ below the price list) a desk person may give; 0: none. */
    deskMaxDiscount: numeric('desk_max_discount', { precision: 12, scale: 2 }).notNull().default('0'),
    /** Issue 19: the privacy notice shown before identity documents are collected; null means the catalogue's. */
    privacyNotice: text('privacy_notice'),
    /** Issue 19: days after a student leaves before their identity documents are erased. */
    retentionDays: integer('retention_days').notNull().default(90),
    /** Issue 19: keep the last four Aadhaar digits of an erased student for the books. */
    keepAadhaarLast4: boolean('keep_aadhaar_last4').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('library_settings_expiring_days_check', sql`${table.duesExpiringDays} between 1 and 60`),
    check('library_settings_grace_days_check', sql`${table.duesGraceDays} between 0 and 60`),
    check('library_settings_receipt_prefix_check', sql`${table.receiptPrefix} ~ '^[A-Z0-9]{1,3}$'`),
    check('library_settings_gstin_check', sql`${table.gstin} ~ '^[0-9]{2}[A-Z0-9]{13}$'`),
    check('library_settings_gst_rate_check', sql`${table.gstRate} > 0 and ${table.gstRate} <= 40`),
    check('library_settings_sac_check', sql`${table.sac} ~ '^99[0-9]{4}$'`),
    check('library_settings_checkin_max_due_check', sql`${table.checkinMaxDue} >= 0`),
    check('library_settings_desk_max_discount_check', sql`${table.deskMaxDiscount} >= 0`),
    check('library_settings_checkin_early_check', sql`${table.checkinEarlyMinutes} between 0 and 120`),
    check('library_settings_retention_days_check', sql`${table.retentionDays} between 0 and 3650`),
  ],
);

/**
 * The receipt series (issue 14): one row per library and financial year (April–March, the
 * year it starts in), holding the last running number issued. A payment takes the next in
 * its own transaction, so a payment rolled back gives its number back: no gaps.
 */
export const receiptCounters = pgTable(
  'receipt_counters',
  {
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    financialYear: integer('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.libraryId, table.financialYear] }),
    check('receipt_counters_last_number_check', sql`${table.lastNumber} >= 1`),
  ],
);

/** The price list: a plan length, reserved or not, a daily-hours tier (null: any length), its price. */
export const priceList = pgTable(
  'price_list',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    durationMonths: integer('duration_months').notNull(),
    isReserved: boolean('is_reserved').notNull(),
    windowHours: integer('window_hours'),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('price_list_plan_unique').on(
      table.libraryId,
      table.durationMonths,
      table.isReserved,
      sql`coalesce(${table.windowHours}, 0)`,
    ),
    check('price_list_duration_check', sql`${table.durationMonths} between 1 and 36`),
    check('price_list_window_hours_check', sql`${table.windowHours} is null or ${table.windowHours} between 1 and 24`),
    check('price_list_price_check', sql`${table.price} >= 0`),
  ],
);

/**
 * What a subscription costs: one row per period agreed (its creation, each renewal).
 * The balance is the sum of these prices minus the payments (`fees`), never stored.
 */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'restrict' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    durationMonths: integer('duration_months').notNull(),
    /** The price list's price when agreed; null when the list had none (or before price lists). */
    listPrice: numeric('list_price', { precision: 12, scale: 2 }),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscription_charges_subscription_idx').on(table.subscriptionId),
    index('subscription_charges_library_idx').on(table.libraryId, table.createdAt),
    check('subscription_charges_kind_check', sql`${table.kind} in ('new', 'renewal')`),
    check('subscription_charges_price_check', sql`${table.price} >= 0`),
  ],
);

/**
 * Reminders of a due: sent by a person (WhatsApp, SMS: when and by whom) or by the server
 * (push, `stage` set, each stage of a plan's expiry once).
 */
export const dueReminders = pgTable(
  'due_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    dueGroup: text('due_group').notNull(),
    channel: text('channel').notNull(),
    /** For automatic push reminders: 'before', 'on_day' or 'after'. */
    stage: text('stage'),
    /** The plan's expiry when reminded: with the subscription it names the due. */
    planExpiresAt: date('plan_expires_at', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    sentBy: uuid('sent_by').references(() => admins.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('due_reminders_subscription_idx').on(table.subscriptionId, table.sentAt),
    index('due_reminders_library_sent_idx').on(table.libraryId, table.sentAt),
    uniqueIndex('due_reminders_push_stage_unique')
      .on(table.subscriptionId, table.planExpiresAt, table.stage)
      .where(sql`${table.stage} is not null`),
    check('due_reminders_group_check', sql`${table.dueGroup} in ('expiring', 'expired', 'unpaid')`),
    check('due_reminders_channel_check', sql`${table.channel} in ('whatsapp', 'sms', 'push')`),
    check('due_reminders_stage_check', sql`${table.stage} is null or ${table.stage} in ('before', 'on_day', 'after')`),
  ],
);

/**
 * Share links of receipts (issue 14): only the token's SHA-256 is kept, so the database
 * cannot hand a link out; revoking sets `revoked_at` and the link then says so.
 */
export const receiptLinks = pgTable(
  'receipt_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    feeId: uuid('fee_id')
      .notNull()
      .references(() => fees.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('receipt_links_token_hash_unique'),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (table) => [index('receipt_links_fee_idx').on(table.feeId)],
);

/** Monthly recurring expenses (issue 14): an entry is made on `day_of_month` of each month from `start_month`. */
export const recurringExpenses = pgTable(
  'recurring_expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    note: text('note'),
    mode: text('mode').notNull(),
    dayOfMonth: integer('day_of_month').notNull(),
    /** The first day of the first month with an entry. */
    startMonth: date('start_month', { mode: 'string' }).notNull(),
    /** The last day an entry was made for (entries are made only after it, so a deleted one stays deleted). */
    generatedThrough: date('generated_through', { mode: 'string' }),
    /** Set when stopped: no entries after it. */
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('recurring_expenses_library_idx').on(table.libraryId),
    check('recurring_expenses_amount_check', sql`${table.amount} > 0`),
    check('recurring_expenses_day_check', sql`${table.dayOfMonth} between 1 and 28`),
    check('recurring_expenses_mode_check', sql`${table.mode} in ('Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque')`),
  ],
);

/** What the library spent (issue 14): by the owner, or made by a recurring expense. */
export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    spentOn: date('spent_on', { mode: 'string' }).notNull(),
    /** A built-in key (`rent`, `salaries`, …) or the owner's own category. */
    category: text('category').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    note: text('note'),
    mode: text('mode').notNull(),
    recurringId: uuid('recurring_id').references(() => recurringExpenses.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('expenses_library_spent_idx').on(table.libraryId, table.spentOn),
    uniqueIndex('expenses_recurring_day_unique')
      .on(table.recurringId, table.spentOn)
      .where(sql`${table.recurringId} is not null`),
    check('expenses_amount_check', sql`${table.amount} > 0`),
    check('expenses_mode_check', sql`${table.mode} in ('Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque')`),
  ],
);
