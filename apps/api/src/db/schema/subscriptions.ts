import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  type AnyPgColumn,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins, libraries } from './libraries';
import { seats } from './areas';
import { students } from './students';

/** A student's daily time window on every day from joining date to expiry (DESIGN.md §6). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'restrict' }),
    seatId: uuid('seat_id').references(() => seats.id, { onDelete: 'restrict' }),
    isReserved: boolean('is_reserved').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    joiningDate: date('joining_date', { mode: 'string' }).notNull(),
    planExpiresAt: date('plan_expires_at', { mode: 'string' }).notNull(),
    durationMonths: integer('duration_months').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('subscriptions_library_expiry_idx').on(table.libraryId, table.planExpiresAt),
    index('subscriptions_library_student_idx').on(table.libraryId, table.studentId),
    index('subscriptions_seat_idx').on(table.seatId),
    check(
      'subscriptions_reserved_seat_check',
      sql`(${table.isReserved} and ${table.seatId} is not null) or (not ${table.isReserved} and ${table.seatId} is null)`,
    ),
    check('subscriptions_dates_check', sql`${table.planExpiresAt} >= ${table.joiningDate}`),
  ],
);

/** Money received: one row per subscription creation or renewal; never deleted. */
export const fees = pgTable(
  'fees',
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
    /** Rupees, exact to the paisa. */
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    duration: integer('duration').notNull(),
    unit: text('unit').notNull().default('months'),
    mode: text('mode').notNull(),
    status: text('status').notNull().default('paid'),
    kind: text('kind').notNull(),
    /** UPI UTR or bank/cheque reference, upper-case; unique per library (issue 13). */
    reference: text('reference'),
    /** Who recorded the payment; null for payments recorded before this was kept. */
    recordedBy: uuid('recorded_by').references(() => admins.id, { onDelete: 'set null' }),
    /** Whether the plan paid for was a reserved seat, kept as it was when paid. */
    isReserved: boolean('is_reserved').notNull(),
    /**
     * The receipt number (issue 14): `PREFIX/YYYY-YY/NNNN` from the library's series of the
     * payment's financial year (`receipt_counters`); null for a ₹0 fee (nothing was received).
     */
    receiptNo: text('receipt_no'),
    /**
     * Issue 14, what the receipt shows of the plan, as it was when paid (back-filled from the
     * subscription for older payments): the period, the daily window, the seat and area names.
     */
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    windowStart: time('window_start'),
    windowEnd: time('window_end'),
    seatName: text('seat_name'),
    areaName: text('area_name'),
    /** Issue 14: the tax invoice's figures, fixed when paid; `tax_gstin` null means a plain receipt. */
    taxGstin: text('tax_gstin'),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }),
    taxSac: text('tax_sac'),
    placeOfSupply: text('place_of_supply'),
    taxableValue: numeric('taxable_value', { precision: 12, scale: 2 }),
    cgst: numeric('cgst', { precision: 12, scale: 2 }),
    sgst: numeric('sgst', { precision: 12, scale: 2 }),
    igst: numeric('igst', { precision: 12, scale: 2 }),
    /** Issue 14: an adjustment's original payment, and the adjustment's reason. */
    adjustsId: uuid('adjusts_id').references((): AnyPgColumn => fees.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    /** Issue 14: a void payment counts for nothing; its receipt stays in the series, marked VOID. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => admins.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fees_library_receipt_no_unique')
      .on(table.libraryId, table.receiptNo)
      .where(sql`${table.receiptNo} is not null`),
    check(
      'fees_receipt_no_check',
      sql`${table.receiptNo} is null or (${table.amount} > 0 and char_length(${table.receiptNo}) <= 16)`,
    ),
    index('fees_library_created_idx').on(table.libraryId, table.createdAt),
    // Issue 18: the dashboard's one pass over a period's counted fees, read from the index alone.
    index('fees_library_counted_idx')
      .on(table.libraryId, table.createdAt, table.mode, table.duration, table.isReserved, table.kind, table.amount)
      .where(sql`${table.voidedAt} is null`),
    index('fees_library_updated_idx').on(table.libraryId, table.updatedAt),
    index('fees_subscription_idx').on(table.subscriptionId),
    // Issue 18 (migration 0020): a student's fees newest first, and the fee report's name order.
    // 0020 also adds covering indexes Drizzle cannot declare (INCLUDE): see the migration.
    index('fees_library_student_idx').on(
      table.libraryId,
      table.studentId,
      table.createdAt.desc().nullsFirst(),
      table.id,
    ),
    check('fees_amount_check', sql`${table.amount} >= 0 or ${table.kind} = 'adjustment'`),
    check(
      'fees_adjustment_check',
      sql`(${table.kind} = 'adjustment') = (${table.adjustsId} is not null and ${table.reason} is not null)`,
    ),
    check('fees_void_check', sql`(${table.voidedAt} is null) = (${table.voidReason} is null)`),
    check(
      'fees_tax_check',
      sql`${table.taxGstin} is null or (${table.taxRate} is not null and ${table.taxableValue} is not null and ${table.placeOfSupply} is not null)`,
    ),
    index('fees_adjusts_idx')
      .on(table.adjustsId)
      .where(sql`${table.adjustsId} is not null`),
    check('fees_mode_check', sql`${table.mode} in ('Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque')`),
    check('fees_kind_check', sql`${table.kind} in ('new', 'renewal', 'balance', 'adjustment')`),
    // A voided payment gives its reference back (issue 14): a UTR recorded against the wrong
    // student and voided can be recorded for the right one.
    uniqueIndex('fees_library_reference_unique')
      .on(table.libraryId, table.reference)
      .where(sql`${table.reference} is not null and ${table.voidedAt} is null`),
  ],
);

/** First answers to `Idempotency-Key` requests, replayed on a retry (DESIGN.md §4). */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.libraryId, table.key] })],
);
