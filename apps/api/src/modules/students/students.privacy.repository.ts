import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { isoUtc } from '../../db/sql-time';

/**
 * The SQL of a student's data rights (issue 19): erasing the identity documents (on request
 * and by the retention job) and the export of everything the library holds on a student.
 * Every read and write is scoped to the library; timestamps are answered as ISO text (UTC)
 * and dates as `YYYY-MM-DD`.
 */

const iso = (column: string) => isoUtc(sql.raw(column));

/** The library's date at `at` (a timestamptz expression), in its time zone (`l` is the library). */
const libraryDateAt = (at: SQL) => sql`(${at} at time zone l.time_zone)::date`;

/** What an erasure needs of a student, and the keys of the files it deletes. */
export type ErasableRow = {
  id: string;
  library_id: string;
  status: string;
  left_at: string | null;
  documents_erased_at: string | null;
  profile_key: string | null;
  profile_thumb_key: string | null;
  front_image_key: string | null;
  back_image_key: string | null;
};

const erasableColumns = sql`s.id, s.library_id, s.status, ${iso('s.left_at')} as left_at,
  ${iso('s.documents_erased_at')} as documents_erased_at,
  s.profile_key, s.profile_thumb_key, s.front_image_key, s.back_image_key`;

/** The student of the library, locked (`for update`) until the transaction ends; undefined for none. */
export async function lockStudent(tx: DbOrTx, libraryId: string, studentId: string): Promise<ErasableRow | undefined> {
  const result = await tx.execute<ErasableRow>(sql`
    select ${erasableColumns} from students s
    where s.library_id = ${libraryId} and s.id = ${studentId}
    for update`);
  return result.rows[0];
}

export type RunningSubscriptionRow = {
  seat_name: string | null;
  start_time: string;
  end_time: string;
  plan_expires_at: string;
};

/**
 * The student's subscription that ends last among those ending on or after the library's
 * today (running, or booked for later); undefined when every one has ended.
 */
export async function runningSubscription(
  db: DbOrTx,
  libraryId: string,
  studentId: string,
): Promise<RunningSubscriptionRow | undefined> {
  const result = await db.execute<RunningSubscriptionRow>(sql`
    select seat.name as seat_name, to_char(sub.start_time, 'HH24:MI:SS') as start_time,
           to_char(sub.end_time, 'HH24:MI:SS') as end_time, to_char(sub.plan_expires_at, 'YYYY-MM-DD') as plan_expires_at
    from subscriptions sub
    join libraries l on l.id = sub.library_id
    left join seats seat on seat.id = sub.seat_id and seat.library_id = sub.library_id
    where sub.library_id = ${libraryId} and sub.student_id = ${studentId}
      and sub.plan_expires_at >= ${libraryDateAt(sql`now()`)}
    order by sub.plan_expires_at desc, sub.id
    limit 1`);
  return result.rows[0];
}

/** Whether the library keeps the last four Aadhaar digits of an erased student (false without settings). */
export async function keepsAadhaarLast4(db: DbOrTx, libraryId: string): Promise<boolean> {
  const result = await db.execute<{ keep: boolean }>(sql`
    select coalesce((select keep_aadhaar_last4 from library_settings where library_id = ${libraryId}), false) as keep`);
  return result.rows[0]?.keep ?? false;
}

export type ErasedRow = { id: string; status: string; left_at: string | null; documents_erased_at: string };

/**
 * Erases the student's identity documents: the Aadhaar ciphertext and keyed hash, the last
 * four digits unless kept, and the four image keys; records when (`at`) and by whom (null:
 * the retention job). Run on a row locked by `lockStudent` or `dueForRetention`.
 */
export async function eraseDocuments(
  tx: DbOrTx,
  libraryId: string,
  studentId: string,
  erasure: { erasedBy: string | null; keepLast4: boolean; at: Date | null },
): Promise<ErasedRow> {
  const at = erasure.at ? sql`${erasure.at.toISOString()}::timestamptz` : sql`now()`;
  const result = await tx.execute<ErasedRow>(sql`
    update students set
      aadhaar_encrypted = null,
      aadhaar_hash = null,
      aadhaar_last4 = case when ${erasure.keepLast4}::boolean then aadhaar_last4 else null end,
      profile_key = null,
      profile_thumb_key = null,
      front_image_key = null,
      back_image_key = null,
      documents_erased_at = ${at},
      documents_erased_by = ${erasure.erasedBy},
      updated_at = now()
    where library_id = ${libraryId} and id = ${studentId}
    returning id, status, ${iso('left_at')} as left_at, ${iso('documents_erased_at')} as documents_erased_at`);
  return result.rows[0]!;
}

/** A student whose retention period has passed, with their library's choice on the last four digits. */
export type RetentionRow = ErasableRow & { keep_aadhaar_last4: boolean };

/**
 * Students of every library whose documents are due for erasure at `at`: left at least the
 * library's retention days before (`retention_days`, 90 without settings), documents not yet
 * erased, and no subscription ending on or after the library's date at `at`. At most `limit`,
 * oldest departures first, locked with `skip locked`: another process's round (or an
 * erasure on request) holding one makes this round pass it by instead of waiting.
 * `libraryIds` keeps to those libraries (tests, which share one database).
 */
export async function dueForRetention(
  tx: DbOrTx,
  at: Date,
  limit: number,
  libraryIds?: readonly string[],
): Promise<RetentionRow[]> {
  const now = sql`${at.toISOString()}::timestamptz`;
  const ofLibraries =
    libraryIds === undefined
      ? sql``
      : sql`and s.library_id in (${sql.join(
          [...libraryIds, '00000000-0000-0000-0000-000000000000'].map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`;
  const result = await tx.execute<RetentionRow>(sql`
    select ${erasableColumns}, coalesce(ls.keep_aadhaar_last4, false) as keep_aadhaar_last4
    from students s
    join libraries l on l.id = s.library_id
    left join library_settings ls on ls.library_id = s.library_id
    where s.left_at is not null and s.documents_erased_at is null ${ofLibraries}
      and s.left_at <= ${now} - make_interval(days => coalesce(ls.retention_days, 90))
      and not exists (
        select 1 from subscriptions sub
        where sub.library_id = s.library_id and sub.student_id = s.id
          and sub.plan_expires_at >= ${libraryDateAt(now)})
    order by s.left_at, s.id
    limit ${limit}
    for update of s skip locked`);
  return result.rows;
}

// ---------------------------------------------------------------------------------------
// The export: everything the library holds on one student.

export type ExportStudentRow = {
  id: string;
  first_name: string;
  last_name: string | null;
  mobile: string;
  email: string;
  dob: string;
  aadhaar_last4: string | null;
  kyc_status: string;
  status: string;
  created_at: string;
  left_at: string | null;
  documents_erased_at: string | null;
  consent_at: string | null;
  consent_given_by: string | null;
  consent_notice: string | null;
  consent_recorded_by_name: string | null;
  library_name: string;
  time_zone: string;
  today: string;
};

/** The student with their consent, and their library's name, time zone and today; undefined for none. */
export async function exportStudent(
  db: DbOrTx,
  libraryId: string,
  studentId: string,
): Promise<ExportStudentRow | undefined> {
  const result = await db.execute<ExportStudentRow>(sql`
    select s.id, s.first_name, s.last_name, s.mobile, s.email, to_char(s.dob, 'YYYY-MM-DD') as dob, s.aadhaar_last4,
           s.kyc_status, s.status, ${iso('s.created_at')} as created_at, ${iso('s.left_at')} as left_at,
           ${iso('s.documents_erased_at')} as documents_erased_at, ${iso('s.consent_at')} as consent_at,
           s.consent_given_by, s.consent_notice, recorder.name as consent_recorded_by_name,
           l.name as library_name, l.time_zone, to_char(${libraryDateAt(sql`now()`)}, 'YYYY-MM-DD') as today
    from students s
    join libraries l on l.id = s.library_id
    left join admins recorder on recorder.id = s.consent_recorded_by and recorder.library_id = s.library_id
    where s.library_id = ${libraryId} and s.id = ${studentId}`);
  return result.rows[0];
}

export type ExportSubscriptionRow = {
  id: string;
  seat: string | null;
  start_date: string;
  end_date: string;
  start_time: string;
  end_time: string;
  /** The agreed prices (creation and renewals) summed, exact decimal text. */
  price: string;
};

/** The student's subscriptions, oldest first, with the seat's name and the agreed price. */
export async function exportSubscriptions(
  db: DbOrTx,
  libraryId: string,
  studentId: string,
): Promise<ExportSubscriptionRow[]> {
  const result = await db.execute<ExportSubscriptionRow>(sql`
    select sub.id, seat.name as seat,
           to_char(sub.joining_date, 'YYYY-MM-DD') as start_date, to_char(sub.plan_expires_at, 'YYYY-MM-DD') as end_date,
           to_char(sub.start_time, 'HH24:MI:SS') as start_time, to_char(sub.end_time, 'HH24:MI:SS') as end_time,
           (select coalesce(sum(c.price), 0) from subscription_charges c
            where c.library_id = sub.library_id and c.subscription_id = sub.id)::text as price
    from subscriptions sub
    left join seats seat on seat.id = sub.seat_id and seat.library_id = sub.library_id
    where sub.library_id = ${libraryId} and sub.student_id = ${studentId}
    order by sub.joining_date, sub.created_at, sub.id`);
  return result.rows;
}

export type ExportPaymentRow = {
  date: string;
  amount: string;
  mode: string;
  receipt_no: string | null;
  voided: boolean;
};

/**
 * The student's payments, oldest first: every entry that moved money (₹0 fees received
 * nothing and are left out), refunds and other adjustments with their sign, voided ones
 * marked. `date` is the library's date of the payment.
 */
export async function exportPayments(db: DbOrTx, libraryId: string, studentId: string): Promise<ExportPaymentRow[]> {
  const result = await db.execute<ExportPaymentRow>(sql`
    select to_char(${libraryDateAt(sql`f.created_at`)}, 'YYYY-MM-DD') as date, f.amount::text as amount, f.mode,
           f.receipt_no, f.voided_at is not null as voided
    from fees f
    join libraries l on l.id = f.library_id
    where f.library_id = ${libraryId} and f.student_id = ${studentId} and f.amount <> 0
    order by f.created_at, f.id`);
  return result.rows;
}

export type ExportVisitRow = { checked_in_at: string; checked_out_at: string | null };

/** The student's visits to the reading room, oldest first. */
export async function exportAttendance(db: DbOrTx, libraryId: string, studentId: string): Promise<ExportVisitRow[]> {
  const result = await db.execute<ExportVisitRow>(sql`
    select ${iso('v.checked_in_at')} as checked_in_at, ${iso('v.checked_out_at')} as checked_out_at
    from attendance_visits v
    where v.library_id = ${libraryId} and v.student_id = ${studentId}
    order by v.checked_in_at, v.id`);
  return result.rows;
}

export type ExportNotificationRow = { title: string; message: string; sent_at: string };

/** The notifications sent to the student (their inbox: to everyone, to them alone, reminders), oldest first. */
export async function exportNotifications(
  db: DbOrTx,
  libraryId: string,
  studentId: string,
): Promise<ExportNotificationRow[]> {
  const result = await db.execute<ExportNotificationRow>(sql`
    select n.title, n.body as message, ${iso('n.created_at')} as sent_at
    from notification_recipients r
    join notifications n on n.id = r.notification_id and n.library_id = r.library_id
    where r.library_id = ${libraryId} and r.student_id = ${studentId}
    order by n.created_at, n.id`);
  return result.rows;
}
