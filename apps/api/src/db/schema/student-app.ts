import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins, libraries } from './libraries';
import { students } from './students';
import { subscriptions } from './subscriptions';
import { notifications } from './notifications';

/**
 * A student signed in to the student app (issue 15): one phone or browser of one student of
 * one library, from the student's pairing code. Kept until the owner unpairs it or the
 * student signs out (`revoked_at`); no admin route accepts its token. The entry pass's key is
 * derived from the app secret and the session id, so nothing more is stored.
 */
export const studentSessions = pgTable(
  'student_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('student_sessions_token_hash_unique'),
    /** What the owner sees of the phone ("Chrome on Android"), from its User-Agent when it signed in. */
    deviceLabel: text('device_label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last request, at most a minute stale. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The 30-second step of the last entry-pass code the desk accepted: an older or equal one is a replay. */
    lastPassStep: bigint('last_pass_step', { mode: 'number' }),
  },
  (table) => [index('student_sessions_library_student_idx').on(table.libraryId, table.studentId)],
);

/**
 * A printed ID card (issue 15): its QR carries the card id and a signature, for students
 * without a smartphone. Printing a new card revokes the old one.
 */
export const studentIdCards = pgTable(
  'student_id_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('student_id_cards_library_student_idx').on(table.libraryId, table.studentId),
    uniqueIndex('student_id_cards_one_live_unique')
      .on(table.libraryId, table.studentId)
      .where(sql`revoked_at is null`),
  ],
);

/**
 * Who a notification was meant for (issue 15), whether or not they had a device: the
 * student app's inbox, with when the student read it.
 */
export const notificationRecipients = pgTable(
  'notification_recipients',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'notification_recipients_pk', columns: [table.notificationId, table.studentId] }),
    index('notification_recipients_student_idx').on(table.libraryId, table.studentId, table.notificationId),
  ],
);

/**
 * A visit to the reading room (issue 15): checked in at the desk, checked out by the next
 * scan a minute or more later. `day` is the library's date of the check-in. At most one
 * open visit per student.
 */
export const attendanceVisits = pgTable(
  'attendance_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    libraryId: uuid('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    studentId: uuid('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull().defaultNow(),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    /** The last scan of this visit (in or out): a scan within 60 s of it is ignored. */
    lastScanAt: timestamp('last_scan_at', { withTimezone: true }).notNull().defaultNow(),
    method: text('method').notNull(),
    checkedInBy: uuid('checked_in_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('attendance_visits_library_day_idx').on(table.libraryId, table.day),
    index('attendance_visits_library_student_idx').on(table.libraryId, table.studentId, table.checkedInAt),
    uniqueIndex('attendance_visits_one_open_unique')
      .on(table.libraryId, table.studentId)
      .where(sql`checked_out_at is null`),
    check('attendance_visits_method_check', sql`${table.method} in ('pass', 'card', 'mobile')`),
    check(
      'attendance_visits_out_after_in_check',
      sql`${table.checkedOutAt} is null or ${table.checkedOutAt} >= ${table.checkedInAt}`,
    ),
  ],
);
