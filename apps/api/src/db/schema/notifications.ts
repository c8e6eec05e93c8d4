import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins, libraries } from './libraries';
import { students } from './students';
import { studentSessions } from './student-app';

/**
 * One pairing code a student: the phone app sends it once to bind a device. Only a keyed
 * hash is kept, so the code is shown once, when it is made (DESIGN.md §6 Notifications).
 */
export const studentPairingCodes = pgTable(
  'student_pairing_codes',
  {
    studentId: uuid('student_id')
      .primaryKey()
      .references(() => students.id, { onDelete: 'cascade' }),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    /** HMAC-SHA-256 of the normalised code; the device call finds the student by it alone. */
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('student_pairing_codes_code_hash_unique').on(table.codeHash)],
);

/** A phone or browser of a student that receives push notifications. */
export const studentDevices = pgTable(
  'student_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** Where a push goes: the FCM registration token, or a Web Push subscription's endpoint URL. */
    fcmToken: text('fcm_token').notNull(),
    platform: text('platform').notNull(),
    /** A Web Push subscription's keys (issue 15, RFC 8291), both or neither; with them, `fcm_token` is the endpoint. */
    pushP256dh: text('push_p256dh'),
    pushAuth: text('push_auth'),
    /** The student-app session that registered it (issue 15): unpairing that session removes the device. */
    sessionId: uuid('session_id').references((): AnyPgColumn => studentSessions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One app install can belong to students of different libraries, but to one student per library.
    uniqueIndex('student_devices_library_token_unique').on(table.libraryId, table.fcmToken),
    index('student_devices_library_student_idx').on(table.libraryId, table.studentId),
    check('student_devices_platform_check', sql`${table.platform} in ('android', 'ios', 'web')`),
    check(
      'student_devices_web_push_check',
      sql`(${table.pushP256dh} is null) = (${table.pushAuth} is null) and (${table.pushP256dh} is null or ${table.platform} = 'web')`,
    ),
    index('student_devices_session_idx').on(table.sessionId),
  ],
);

/** A push notification an admin sent, with its audience and delivery counts. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    premiumOnly: boolean('premium_only').notNull(),
    /** Students the notification was meant for, counted when it was sent. */
    audienceCount: integer('audience_count').notNull().default(0),
    /** Devices of those students a delivery was queued for. */
    deviceCount: integer('device_count').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('notifications_library_created_idx').on(table.libraryId, table.createdAt, table.id)],
);

/**
 * The outbox: one row a device a notification. The worker claims due rows with
 * `for update skip locked`, so any number of API processes share the work.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    /** Null once the device is gone (the provider said unregistered); the row stays as history. */
    deviceId: uuid('device_id').references(() => studentDevices.id, { onDelete: 'set null' }),
    fcmToken: text('fcm_token').notNull(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** When a queued row is due; for a row being sent, when its claim lapses (a crashed worker). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notification_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`status in ('queued', 'sending')`),
    index('notification_deliveries_notification_idx').on(table.notificationId),
    index('notification_deliveries_device_idx').on(table.deviceId),
    check('notification_deliveries_status_check', sql`${table.status} in ('queued', 'sending', 'delivered', 'failed')`),
  ],
);
