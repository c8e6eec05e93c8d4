// Rows for the data-rights tests (issue 19), written straight to the database: a student who
// left (when the test says), plans that end on a given day of the library, the privacy settings.
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

/** Marks a student as left at `leftAt` (default now), as the leave call would. */
export async function markLeft(pool: pg.Pool, studentId: string, leftAt: Date | null = null) {
  await pool.query(
    `update students set status = 'left', left_at = coalesce($2::timestamptz, now()), updated_at = now() where id = $1`,
    [studentId, leftAt?.toISOString() ?? null],
  );
}

/** The library's privacy settings (a settings row made when missing). */
export async function setPrivacy(
  pool: pg.Pool,
  libraryId: string,
  settings: { retentionDays?: number; keepLast4?: boolean },
) {
  await pool.query(
    `insert into library_settings (library_id, retention_days, keep_aadhaar_last4) values ($1, coalesce($2, 90), coalesce($3, false))
     on conflict (library_id) do update set
       retention_days = coalesce($2, library_settings.retention_days),
       keep_aadhaar_last4 = coalesce($3, library_settings.keep_aadhaar_last4)`,
    [libraryId, settings.retentionDays ?? null, settings.keepLast4 ?? null],
  );
}

export async function setTimeZone(pool: pg.Pool, libraryId: string, timeZone: string) {
  await pool.query(`update libraries set time_zone = $2 where id = $1`, [libraryId, timeZone]);
}

/** A seat named `name` in a new area of the library; answers its id. */
export async function insertNamedSeat(pool: pg.Pool, libraryId: string, name: string) {
  const area = await pool.query<{ id: string }>(
    `insert into areas (library_id, name, total_seats, status) values ($1, $2, 10, 'active') returning id`,
    [libraryId, `Hall ${name}`],
  );
  const seat = await pool.query<{ id: string }>(
    `insert into seats (library_id, area_id, name, capacity, status) values ($1, $2, $3, 1, 'active') returning id`,
    [libraryId, area.rows[0]!.id, name],
  );
  return seat.rows[0]!.id;
}

export interface PlanRow {
  seatId?: string | null;
  start?: string;
  end?: string;
  /** First and last day, `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** Agreed prices (creation, then renewals). */
  prices?: number[];
}

/** A subscription with its agreed prices; answers its id. */
export async function insertPlanRow(pool: pg.Pool, libraryId: string, studentId: string, plan: PlanRow) {
  const inserted = await pool.query<{ id: string }>(
    `insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     values ($1, $2, $3, $3::uuid is not null, $4, $5, $6, $7, 1) returning id`,
    [libraryId, studentId, plan.seatId ?? null, plan.start ?? '06:00', plan.end ?? '14:00', plan.from, plan.to],
  );
  const id = inserted.rows[0]!.id;
  for (const [index, price] of (plan.prices ?? [1000]).entries()) {
    await pool.query(
      `insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, price, created_at)
       values ($1, $2, $3, $4, 1, $5, now() - make_interval(secs => $6))`,
      [libraryId, id, studentId, index === 0 ? 'new' : 'renewal', price, 100 - index],
    );
  }
  return id;
}

/** `YYYY-MM-DD` plus `days`. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Every file under `root` (relative paths, sorted); none when the folder is missing. */
export function filesUnder(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((entry) => fs.statSync(path.join(root, entry)).isFile())
    .sort();
}

/** What the database holds of a student's identity documents. */
export async function documentsOf(pool: pg.Pool, studentId: string) {
  const result = await pool.query<{
    aadhaar_encrypted: string | null;
    aadhaar_hash: string | null;
    aadhaar_last4: string | null;
    profile_key: string | null;
    profile_thumb_key: string | null;
    front_image_key: string | null;
    back_image_key: string | null;
    documents_erased_at: Date | null;
    documents_erased_by: string | null;
    kyc_status: string;
    status: string;
    consent_at: Date | null;
  }>(
    `select aadhaar_encrypted, aadhaar_hash, aadhaar_last4, profile_key, profile_thumb_key, front_image_key,
            back_image_key, documents_erased_at, documents_erased_by, kyc_status, status, consent_at
     from students where id = $1`,
    [studentId],
  );
  return result.rows[0]!;
}

/** The four image keys of a row (profile, thumbnail, front, back). */
export const imageKeysOf = (row: Awaited<ReturnType<typeof documentsOf>>) =>
  [row.profile_key, row.profile_thumb_key, row.front_image_key, row.back_image_key].filter(
    (key): key is string => key !== null,
  );

/** The audit entries of a library with this action, oldest first. */
export async function auditOf(pool: pg.Pool, libraryId: string, action: string) {
  const result = await pool.query<{
    admin_id: string | null;
    entity_id: string;
    detail: string | null;
    ip: string | null;
  }>(
    `select admin_id, entity_id, detail, ip from audit_log where library_id = $1 and action = $2 order by created_at, id`,
    [libraryId, action],
  );
  return result.rows;
}
