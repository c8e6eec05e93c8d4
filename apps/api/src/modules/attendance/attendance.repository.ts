import { sql, type SQL } from 'drizzle-orm';
import type { CheckMethod } from '@app/shared';
import type { DbOrTx } from '../../db/client';
import { balanceSql } from '../../db/account';
import { isoUtc } from '../../db/sql-time';

/**
 * Entry passes, ID cards and visits (issue 15). Every figure is PostgreSQL's, in the
 * library's time zone, as of `now` (an instant the service passes in, so tests can set the
 * clock): the library's today is `(now at time zone libraries.time_zone)::date`.
 */

const utc = (column: string) => isoUtc(sql.raw(column));
const day = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM-DD')`);

/** An open visit older than this is taken as forgotten (never checked out): not inside now, and the next scan checks in afresh. */
export const FORGOTTEN_VISIT_HOURS = 20;

/** The library's today, the minute of its day and its check-in rules, as of `now`. */
export async function libraryClock(db: DbOrTx, libraryId: string, now: string) {
  const result = await db.execute<{
    today: string;
    minute: number;
    time_zone: string;
    max_due: string | null;
    early_minutes: number;
  }>(sql`
    select to_char((${now}::timestamptz at time zone l.time_zone)::date, 'YYYY-MM-DD') as today,
           (extract(hour from ${now}::timestamptz at time zone l.time_zone) * 60
             + extract(minute from ${now}::timestamptz at time zone l.time_zone))::int as minute,
           l.time_zone,
           s.checkin_max_due::text as max_due,
           coalesce(s.checkin_early_minutes, 15) as early_minutes
    from libraries l left join library_settings s on s.library_id = l.id
    where l.id = ${libraryId}`);
  return result.rows[0];
}

/** A student session by id, whatever its library (the code names it; the service compares libraries). */
export async function findPassSession(db: DbOrTx, sessionId: string) {
  const result = await db.execute<{
    id: string;
    library_id: string;
    student_id: string;
    revoked: boolean;
    last_pass_step: number | null;
  }>(sql`
    select id, library_id, student_id, revoked_at is not null as revoked, last_pass_step::float8 as last_pass_step
    from student_sessions where id = ${sessionId}`);
  return result.rows[0];
}

/** The session's last accepted step, read under the student's lock. */
export async function lastPassStep(db: DbOrTx, sessionId: string): Promise<number | null> {
  const result = await db.execute<{ step: number | null }>(sql`
    select last_pass_step::float8 as step from student_sessions where id = ${sessionId}`);
  return result.rows[0]?.step ?? null;
}

export async function markPassStep(db: DbOrTx, sessionId: string, step: number) {
  await db.execute(sql`
    update student_sessions set last_pass_step = greatest(coalesce(last_pass_step, 0), ${step})
    where id = ${sessionId}`);
}

/** An ID card by id, whatever its library. */
export async function findCard(db: DbOrTx, cardId: string) {
  const result = await db.execute<{ id: string; library_id: string; student_id: string; revoked: boolean }>(sql`
    select id, library_id, student_id, revoked_at is not null as revoked from student_id_cards where id = ${cardId}`);
  return result.rows[0];
}

export async function findStudentIdByMobile(db: DbOrTx, libraryId: string, mobile: string) {
  const result = await db.execute<{ id: string }>(sql`
    select id from students where library_id = ${libraryId} and mobile = ${mobile}`);
  return result.rows[0]?.id;
}

export type StudentBriefRow = {
  id: string;
  first_name: string;
  last_name: string | null;
  mobile: string;
  profile_thumb_key: string | null;
  /** Issue 19: `left` once the student left the library. */
  status: 'active' | 'left';
};

export async function findStudent(db: DbOrTx, libraryId: string, studentId: string) {
  const result = await db.execute<StudentBriefRow>(sql`
    select id, first_name, last_name, mobile, profile_thumb_key, status
    from students where library_id = ${libraryId} and id = ${studentId}`);
  return result.rows[0];
}

/**
 * Serialises every scan of one student (two desks scanning at once): held to the end of the
 * transaction. The partial unique index on open visits stands behind it.
 */
export async function lockStudentScans(db: DbOrTx, studentId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`attendance:${studentId}`}, 0))`);
}

export type LastVisitRow = {
  id: string;
  open: boolean;
  last_scan_ms: number;
  checked_in_ms: number;
};

/** The student's latest scanned visit (open or not). */
export async function latestVisit(db: DbOrTx, libraryId: string, studentId: string) {
  const result = await db.execute<LastVisitRow>(sql`
    select id, checked_out_at is null as open,
           (extract(epoch from last_scan_at) * 1000)::float8 as last_scan_ms,
           (extract(epoch from checked_in_at) * 1000)::float8 as checked_in_ms
    from attendance_visits
    where library_id = ${libraryId} and student_id = ${studentId}
    order by last_scan_at desc limit 1`);
  return result.rows[0];
}

/** The student's open visit, if any. */
export async function openVisit(db: DbOrTx, libraryId: string, studentId: string) {
  const result = await db.execute<LastVisitRow>(sql`
    select id, true as open,
           (extract(epoch from last_scan_at) * 1000)::float8 as last_scan_ms,
           (extract(epoch from checked_in_at) * 1000)::float8 as checked_in_ms
    from attendance_visits
    where library_id = ${libraryId} and student_id = ${studentId} and checked_out_at is null`);
  return result.rows[0];
}

export type PlanRow = {
  id: string;
  seat_id: string | null;
  seat_name: string | null;
  area_name: string | null;
  start_time: string;
  end_time: string;
  joining_date: string;
  plan_expires_at: string;
};

const planColumns = sql`
  sub.id, sub.seat_id, seat.name as seat_name, area.name as area_name,
  sub.start_time::text as start_time, sub.end_time::text as end_time,
  ${day('sub.joining_date')} as joining_date, ${day('sub.plan_expires_at')} as plan_expires_at`;

/** Every plan of the student, earliest first. */
export async function studentPlans(db: DbOrTx, libraryId: string, studentId: string): Promise<PlanRow[]> {
  const result = await db.execute<PlanRow>(sql`
    select ${planColumns}
    from subscriptions sub
    left join seats seat on seat.id = sub.seat_id
    left join areas area on area.id = seat.area_id
    where sub.library_id = ${libraryId} and sub.student_id = ${studentId}
    order by sub.joining_date, sub.start_time, sub.id`);
  return result.rows;
}

export async function findPlan(db: DbOrTx, libraryId: string, subscriptionId: string) {
  const result = await db.execute<PlanRow>(sql`
    select ${planColumns}
    from subscriptions sub
    left join seats seat on seat.id = sub.seat_id
    left join areas area on area.id = seat.area_id
    where sub.library_id = ${libraryId} and sub.id = ${subscriptionId}`);
  return result.rows[0];
}

/** What the student owes over every plan (THE balance rule, db/account.ts). */
export async function studentBalance(db: DbOrTx, libraryId: string, studentId: string): Promise<string> {
  const result = await db.execute<{ balance: string }>(sql`
    select ${balanceSql({ libraryId: sql`${libraryId}`, studentId: sql`${studentId}` })}::text as balance`);
  return result.rows[0]?.balance ?? '0';
}

export type VisitRow = {
  id: string;
  day: string;
  checked_in_at: string;
  checked_out_at: string | null;
  method: CheckMethod;
};

const visitColumns = sql`
  v.id, ${day('v.day')} as day, ${utc('v.checked_in_at')} as checked_in_at,
  ${utc('v.checked_out_at')} as checked_out_at, v.method`;

export async function findVisit(db: DbOrTx, libraryId: string, visitId: string) {
  const result = await db.execute<VisitRow>(sql`
    select ${visitColumns} from attendance_visits v where v.library_id = ${libraryId} and v.id = ${visitId}`);
  return result.rows[0]!;
}

/** Opens a visit dated the library's today; answers its id. */
export async function insertVisit(
  db: DbOrTx,
  values: {
    libraryId: string;
    studentId: string;
    subscriptionId: string;
    method: CheckMethod;
    adminId: string;
    now: string;
  },
): Promise<string> {
  const result = await db.execute<{ id: string }>(sql`
    insert into attendance_visits (library_id, student_id, subscription_id, day, checked_in_at, last_scan_at, method,
                                   checked_in_by)
    select ${values.libraryId}, ${values.studentId}, ${values.subscriptionId},
           (${values.now}::timestamptz at time zone l.time_zone)::date, ${values.now}, ${values.now}, ${values.method},
           ${values.adminId}
    from libraries l where l.id = ${values.libraryId}
    returning id`);
  return result.rows[0]!.id;
}

/** Checks a visit out at `now` (or, `at` given, at that instant: a forgotten visit closed at its check-in). */
export async function closeVisit(db: DbOrTx, libraryId: string, visitId: string, now: string, at?: 'check-in') {
  await db.execute(sql`
    update attendance_visits
    set checked_out_at = ${at === 'check-in' ? sql`checked_in_at` : sql`${now}::timestamptz`},
        last_scan_at = ${at === 'check-in' ? sql`last_scan_at` : sql`${now}::timestamptz`}
    where library_id = ${libraryId} and id = ${visitId} and checked_out_at is null`);
}

// ---- reads ----

export type DayVisitRow = VisitRow & {
  student_id: string;
  first_name: string;
  last_name: string | null;
  mobile: string;
  start_time: string | null;
  end_time: string | null;
  seat_id: string | null;
  seat_name: string | null;
  area_name: string | null;
  /** The library's wall-clock times, for the CSV. */
  in_local: string;
  out_local: string | null;
};

function dayVisits(libraryId: string, where: SQL) {
  return sql`
    select ${visitColumns}, st.id as student_id, st.first_name, st.last_name, st.mobile,
           sub.start_time::text as start_time, sub.end_time::text as end_time,
           sub.seat_id, seat.name as seat_name, area.name as area_name,
           to_char(v.checked_in_at at time zone l.time_zone, 'HH24:MI') as in_local,
           to_char(v.checked_out_at at time zone l.time_zone, 'HH24:MI') as out_local
    from attendance_visits v
    join libraries l on l.id = v.library_id
    join students st on st.id = v.student_id and st.library_id = v.library_id
    left join subscriptions sub on sub.id = v.subscription_id and sub.library_id = v.library_id
    left join seats seat on seat.id = sub.seat_id
    left join areas area on area.id = seat.area_id
    where v.library_id = ${libraryId} and ${where}
    order by v.checked_in_at, lower(st.first_name), st.id`;
}

const forgottenBefore = (now: string) => sql`(${now}::timestamptz - make_interval(hours => ${FORGOTTEN_VISIT_HOURS}))`;

/** One library day's visits, earliest first. */
export async function visitsOfDay(db: DbOrTx, libraryId: string, date: string): Promise<DayVisitRow[]> {
  const result = await db.execute<DayVisitRow>(dayVisits(libraryId, sql`v.day = ${date}::date`));
  return result.rows;
}

/** Open visits, not forgotten: who is inside now. */
export async function insideNow(db: DbOrTx, libraryId: string, now: string): Promise<DayVisitRow[]> {
  const result = await db.execute<DayVisitRow>(
    dayVisits(libraryId, sql`v.checked_out_at is null and v.checked_in_at > ${forgottenBefore(now)}`),
  );
  return result.rows;
}

/** How many of a day's visits are open and not forgotten (inside now). */
export async function insideCountOfDay(db: DbOrTx, libraryId: string, date: string, now: string): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from attendance_visits v
    where v.library_id = ${libraryId} and v.day = ${date}::date
      and v.checked_out_at is null and v.checked_in_at > ${forgottenBefore(now)}`);
  return result.rows[0]?.count ?? 0;
}

/** A student's visits in a month, latest first. */
export async function studentVisits(db: DbOrTx, libraryId: string, studentId: string, monthStart: string) {
  const result = await db.execute<VisitRow>(sql`
    select ${visitColumns} from attendance_visits v
    where v.library_id = ${libraryId} and v.student_id = ${studentId}
      and v.day >= ${monthStart}::date and v.day < ${monthStart}::date + interval '1 month'
    order by v.checked_in_at desc`);
  return result.rows;
}

/** Days present in each of the 12 months up to `monthStart`'s, latest first, and the last day seen. */
export async function studentMonths(db: DbOrTx, libraryId: string, studentId: string, monthStart: string) {
  const months = await db.execute<{ month: string; days_present: number }>(sql`
    select to_char(m.month, 'YYYY-MM') as month,
           (select count(distinct v.day)::int from attendance_visits v
            where v.library_id = ${libraryId} and v.student_id = ${studentId}
              and v.day >= m.month and v.day < m.month + interval '1 month') as days_present
    from generate_series(${monthStart}::date - interval '11 months', ${monthStart}::date, interval '1 month') as m(month)
    order by m.month desc`);
  const last = await db.execute<{ last_seen: string | null }>(sql`
    select to_char(max(day), 'YYYY-MM-DD') as last_seen from attendance_visits
    where library_id = ${libraryId} and student_id = ${studentId}`);
  return { months: months.rows, lastSeen: last.rows[0]?.last_seen ?? null };
}

export type MonthlyRow = {
  student_id: string;
  first_name: string;
  last_name: string | null;
  mobile: string;
  days_present: number;
  plan_days: number;
  last_seen: string | null;
};

/**
 * Every student with a plan in the month or a visit in it: distinct days present in the
 * month, the month's days (up to `today`) on which they had a plan, and the last day seen.
 */
export async function monthly(db: DbOrTx, libraryId: string, monthStart: string, today: string) {
  // Set-based: one pass over the month's visits and one over its plans' days, grouped by student.
  const result = await db.execute<MonthlyRow>(sql`
    with bounds as (
      select ${monthStart}::date as first, (${monthStart}::date + interval '1 month' - interval '1 day')::date as last
    ),
    present as (
      select v.student_id, count(distinct v.day)::int as days, max(v.day) as last_seen
      from attendance_visits v, bounds b
      where v.library_id = ${libraryId} and v.day between b.first and b.last
      group by v.student_id
    ),
    planned as (
      select sub.student_id,
             count(distinct d.day) filter (where d.day <= ${today}::date)::int as days
      from subscriptions sub
      cross join bounds b
      cross join lateral generate_series(greatest(sub.joining_date, b.first), least(sub.plan_expires_at, b.last),
                                         interval '1 day') as d(day)
      where sub.library_id = ${libraryId} and sub.joining_date <= b.last and sub.plan_expires_at >= b.first
      group by sub.student_id
    ),
    who as (select student_id from present union select student_id from planned)
    select st.id as student_id, st.first_name, st.last_name, st.mobile,
           coalesce(present.days, 0) as days_present,
           coalesce(planned.days, 0) as plan_days,
           to_char(present.last_seen, 'YYYY-MM-DD') as last_seen
    from who
    join students st on st.id = who.student_id and st.library_id = ${libraryId}
    left join present on present.student_id = who.student_id
    left join planned on planned.student_id = who.student_id
    order by lower(st.first_name), lower(coalesce(st.last_name, '')), st.id`);
  return result.rows;
}

export type NotSeenRow = {
  student_id: string;
  first_name: string;
  last_name: string | null;
  mobile: string;
  last_seen: string | null;
  days_absent: number;
  plan_expires_at: string;
  start_time: string;
  end_time: string;
};

/**
 * Students with a plan active `today` whom the desk has not seen for `days` days or more:
 * days since their last visit, or (never seen) since the day before their first plan began.
 * Longest absent first.
 */
export async function notSeen(db: DbOrTx, libraryId: string, today: string, days: number) {
  const result = await db.execute<NotSeenRow>(sql`
    with active as (
      select distinct on (sub.student_id) sub.student_id, sub.plan_expires_at, sub.start_time, sub.end_time
      from subscriptions sub
      where sub.library_id = ${libraryId} and ${today}::date between sub.joining_date and sub.plan_expires_at
      order by sub.student_id, sub.plan_expires_at desc, sub.start_time
    ),
    absent as (
      select a.*, seen.last_seen,
             ${today}::date - coalesce(seen.last_seen, first_plan.joined - 1) as days_absent
      from active a
      cross join lateral (
        select max(v.day) as last_seen from attendance_visits v
        where v.library_id = ${libraryId} and v.student_id = a.student_id and v.day <= ${today}::date
      ) seen
      cross join lateral (
        select min(sub.joining_date) as joined from subscriptions sub
        where sub.library_id = ${libraryId} and sub.student_id = a.student_id
      ) first_plan
    )
    select st.id as student_id, st.first_name, st.last_name, st.mobile,
           to_char(absent.last_seen, 'YYYY-MM-DD') as last_seen, absent.days_absent,
           to_char(absent.plan_expires_at, 'YYYY-MM-DD') as plan_expires_at,
           absent.start_time::text as start_time, absent.end_time::text as end_time
    from absent join students st on st.id = absent.student_id and st.library_id = ${libraryId}
    where absent.days_absent >= ${days}
    order by absent.days_absent desc, lower(st.first_name), st.id`);
  return result.rows;
}

// ---- ID cards ----

export type CardRow = { id: string; student_id: string; created_at: string };

export async function liveCard(db: DbOrTx, libraryId: string, studentId: string) {
  const result = await db.execute<CardRow>(sql`
    select id, student_id, ${utc('created_at')} as created_at from student_id_cards
    where library_id = ${libraryId} and student_id = ${studentId} and revoked_at is null`);
  return result.rows[0];
}

/** Revokes the student's live card; answers whether there was one. */
export async function revokeCard(db: DbOrTx, libraryId: string, studentId: string): Promise<boolean> {
  const result = await db.execute(sql`
    update student_id_cards set revoked_at = now()
    where library_id = ${libraryId} and student_id = ${studentId} and revoked_at is null`);
  return (result.rowCount ?? 0) > 0;
}

export async function insertCard(db: DbOrTx, libraryId: string, studentId: string): Promise<CardRow> {
  const result = await db.execute<CardRow>(sql`
    insert into student_id_cards (library_id, student_id) values (${libraryId}, ${studentId})
    returning id, student_id, ${utc('created_at')} as created_at`);
  return result.rows[0]!;
}

/**
 * Locks the student's row (issuing cards one at a time, and against a parallel leave); answers
 * the student's state (issue 19), or undefined when they are not the library's.
 */
export async function lockStudent(
  db: DbOrTx,
  libraryId: string,
  studentId: string,
): Promise<'active' | 'left' | undefined> {
  const result = await db.execute<{ status: 'active' | 'left' }>(sql`
    select status from students where library_id = ${libraryId} and id = ${studentId} for update`);
  return result.rows[0]?.status;
}
