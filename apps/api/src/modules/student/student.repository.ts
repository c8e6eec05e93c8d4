import { sql } from 'drizzle-orm';
import type { PAYMENT_MODES } from '@app/shared';
import { accountSql } from '../../db/account';
import type { DbOrTx } from '../../db/client';
import { isoUtc } from '../../db/sql-time';

/*
 * The student app's SQL (issue 15). Every query is scoped by the library and the student of
 * the caller's student session; amounts come back as PostgreSQL's exact decimal text and the
 * library's today is computed in its time zone.
 */

const iso = (column: string) => isoUtc(sql.raw(column));

/**
 * The student a pairing code belongs to. The code is the only credential of sign-in, so this
 * is the one lookup not scoped by a library the caller already has.
 */
export async function findByCodeHash(db: DbOrTx, codeHash: string) {
  const result = await db.execute<{
    library_id: string;
    library_name: string;
    student_id: string;
    first_name: string;
    last_name: string | null;
    language: 'en' | 'hi' | null;
  }>(sql`
    select c.library_id, l.name as library_name, c.student_id, st.first_name, st.last_name, st.language
    from student_pairing_codes c
    join students st on st.id = c.student_id and st.library_id = c.library_id and st.status = 'active'
    join libraries l on l.id = c.library_id
    where c.code_hash = ${codeHash}`);
  return result.rows[0];
}

export async function insertSession(
  db: DbOrTx,
  libraryId: string,
  studentId: string,
  session: { tokenHash: string; deviceLabel: string },
) {
  const result = await db.execute<{ id: string }>(sql`
    insert into student_sessions (library_id, student_id, token_hash, device_label)
    select ${libraryId}, st.id, ${session.tokenHash}, ${session.deviceLabel}
    from students st where st.library_id = ${libraryId} and st.id = ${studentId} and st.status = 'active'
    for share
    returning id`);
  // Issue 19: none when the student left meanwhile (the share lock orders it against the leave).
  return result.rows[0];
}

export type ProfileRow = {
  student_id: string;
  first_name: string;
  last_name: string | null;
  mobile: string;
  language: 'en' | 'hi' | null;
  library_id: string;
  library_name: string;
  address: string | null;
  phone: string;
  upi_id: string | null;
  upi_payee_name: string | null;
  time_zone: string;
  today: string;
  /** Issue 19: the owner's privacy notice (null: the default) and the retention days the default names. */
  privacy_notice: string | null;
  retention_days: number | null;
};

/** The student, their library (with its UPI ID) and the library's today. */
export async function findProfile(db: DbOrTx, libraryId: string, studentId: string) {
  const result = await db.execute<ProfileRow>(sql`
    select st.id as student_id, st.first_name, st.last_name, st.mobile, st.language,
           l.id as library_id, l.name as library_name, l.address, l.mobile as phone,
           nullif(ls.upi_id, '') as upi_id, nullif(ls.upi_payee_name, '') as upi_payee_name, l.time_zone,
           to_char((now() at time zone l.time_zone)::date, 'YYYY-MM-DD') as today,
           ls.privacy_notice, ls.retention_days
    from students st
    join libraries l on l.id = st.library_id
    left join library_settings ls on ls.library_id = l.id
    where st.library_id = ${libraryId} and st.id = ${studentId}`);
  return result.rows[0];
}

export type MembershipRow = {
  subscription_id: string;
  is_reserved: boolean;
  seat_name: string | null;
  area_name: string | null;
  start_time: string;
  end_time: string;
  joining_date: string;
  plan_expires_at: string;
  duration: number;
  balance: string;
};

/**
 * The student's plans that end today or later, soonest first; when there is none, the one that
 * ended last (so the app can say when it expired). `today` is the library's.
 */
export async function listMemberships(db: DbOrTx, libraryId: string, studentId: string, today: string) {
  const result = await db.execute<MembershipRow>(sql`
    with plans as (
      select sub.id as subscription_id, sub.is_reserved, se.name as seat_name, ar.name as area_name,
             to_char(sub.start_time, 'HH24:MI:SS') as start_time, to_char(sub.end_time, 'HH24:MI:SS') as end_time,
             to_char(sub.joining_date, 'YYYY-MM-DD') as joining_date,
             to_char(sub.plan_expires_at, 'YYYY-MM-DD') as plan_expires_at,
             sub.duration_months as duration, money.balance::text as balance,
             sub.plan_expires_at >= ${today}::date as current,
             row_number() over (order by sub.plan_expires_at desc, sub.id) as latest
      from subscriptions sub
      left join seats se on se.id = sub.seat_id and se.library_id = sub.library_id
      left join areas ar on ar.id = se.area_id and ar.library_id = sub.library_id
      cross join lateral ${accountSql({ libraryId: sql`sub.library_id`, subscriptionId: sql`sub.id` })} money
      where sub.library_id = ${libraryId} and sub.student_id = ${studentId}
    )
    select subscription_id, is_reserved, seat_name, area_name, start_time, end_time, joining_date,
           plan_expires_at, duration, balance
    from plans
    where current or (latest = 1 and not exists (select 1 from plans p where p.current))
    order by joining_date, plan_expires_at, subscription_id`);
  return result.rows;
}

export type PaymentRow = {
  id: string;
  subscription_id: string;
  paid_at: string;
  amount: string;
  mode: (typeof PAYMENT_MODES)[number];
  receipt_no: string | null;
  kind: 'new' | 'renewal' | 'balance' | 'adjustment';
  voided: boolean;
};

/** The student's payments, newest first (the most recent 200: a student has a few a year). */
export async function listPayments(db: DbOrTx, libraryId: string, studentId: string) {
  const result = await db.execute<PaymentRow>(sql`
    select f.id, f.subscription_id, ${iso('f.created_at')} as paid_at, f.amount::text as amount, f.mode,
           f.receipt_no, f.kind, f.voided_at is not null as voided
    from fees f
    where f.library_id = ${libraryId} and f.student_id = ${studentId}
    order by f.created_at desc, f.id
    limit 200`);
  return result.rows;
}

export type DueRow = { subscription_id: string; plan_expires_at: string; balance: string };

/** The student's plans with something still owed (agreed prices minus payments above zero). */
export async function listDues(db: DbOrTx, libraryId: string, studentId: string) {
  const result = await db.execute<DueRow>(sql`
    select sub.id as subscription_id, to_char(sub.plan_expires_at, 'YYYY-MM-DD') as plan_expires_at,
           money.balance::text as balance
    from subscriptions sub
    cross join lateral ${accountSql({ libraryId: sql`sub.library_id`, subscriptionId: sql`sub.id` })} money
    where sub.library_id = ${libraryId} and sub.student_id = ${studentId} and money.balance > 0
    order by sub.plan_expires_at, sub.id`);
  return result.rows;
}

export type InboxRow = { id: string; title: string; body: string; sent_at: string; read_at: string | null };

/** A page of the student's inbox, newest first, with how many it holds and how many are unread. */
export async function listInbox(
  db: DbOrTx,
  libraryId: string,
  studentId: string,
  page: { limit: number; offset: number },
) {
  const [rows, counts] = await Promise.all([
    db.execute<InboxRow>(sql`
      select n.id, n.title, n.body, ${iso('n.created_at')} as sent_at, ${iso('r.read_at')} as read_at
      from notification_recipients r
      join notifications n on n.id = r.notification_id and n.library_id = r.library_id
      where r.library_id = ${libraryId} and r.student_id = ${studentId}
      order by n.created_at desc, n.id desc
      limit ${page.limit} offset ${page.offset}`),
    db.execute<{ total: number; unread: number }>(sql`
      select count(*)::int as total, (count(*) filter (where r.read_at is null))::int as unread
      from notification_recipients r
      where r.library_id = ${libraryId} and r.student_id = ${studentId}`),
  ]);
  return { rows: rows.rows, total: counts.rows[0]?.total ?? 0, unread: counts.rows[0]?.unread ?? 0 };
}

/** Marks one notification of the student's inbox read (once: a second time keeps the first read_at). */
export async function markRead(db: DbOrTx, libraryId: string, studentId: string, notificationId: string) {
  const result = await db.execute<{ found: boolean }>(sql`
    with marked as (
      update notification_recipients set read_at = coalesce(read_at, now())
      where library_id = ${libraryId} and student_id = ${studentId} and notification_id = ${notificationId}
      returning 1
    )
    select exists (select 1 from marked) as found`);
  return result.rows[0]?.found ?? false;
}

export async function markAllRead(db: DbOrTx, libraryId: string, studentId: string) {
  await db.execute(sql`
    update notification_recipients set read_at = now()
    where library_id = ${libraryId} and student_id = ${studentId} and read_at is null`);
}

export async function countUnread(db: DbOrTx, libraryId: string, studentId: string) {
  const result = await db.execute<{ unread: number }>(sql`
    select count(*)::int as unread from notification_recipients
    where library_id = ${libraryId} and student_id = ${studentId} and read_at is null`);
  return result.rows[0]?.unread ?? 0;
}

/** Issue 20: the student's chosen language, kept for every phone they sign in on. */
export async function setLanguage(db: DbOrTx, libraryId: string, studentId: string, language: 'en' | 'hi') {
  const result = await db.execute(sql`
    update students set language = ${language}, updated_at = now()
    where library_id = ${libraryId} and id = ${studentId} and status = 'active'`);
  return (result.rowCount ?? 0) > 0;
}
