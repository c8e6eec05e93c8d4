import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { makeCardCode, makePassCode } from '@app/shared';
import { cardKeyFor, passKeyFor } from '../../lib/student-pass';

/**
 * Rows for the attendance tests, written straight to the database: plans with exact dates and
 * windows, what was agreed and paid, student sessions (a phone signed in to the student app)
 * and their codes.
 */

export interface AttendancePlan {
  joining: string;
  expires: string;
  start?: string;
  end?: string;
  seatId?: string;
  /** Agreed price (default ₹1000) and what was paid towards it (default all of it). */
  price?: number;
  paid?: number;
}

export async function insertAttendancePlan(pool: pg.Pool, libraryId: string, studentId: string, plan: AttendancePlan) {
  const result = await pool.query<{ id: string }>(
    `insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date,
                                plan_expires_at, duration_months)
     values ($1, $2, $3, $3::uuid is not null, $4, $5, $6, $7, 1) returning id`,
    [libraryId, studentId, plan.seatId ?? null, plan.start ?? '06:00', plan.end ?? '14:00', plan.joining, plan.expires],
  );
  const id = result.rows[0]!.id;
  const price = plan.price ?? 1000;
  await pool.query(
    `insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, price)
     values ($1, $2, $3, 'new', 1, $4)`,
    [libraryId, id, studentId, price],
  );
  const paid = plan.paid ?? price;
  if (paid > 0) {
    await pool.query(
      `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved)
       values ($1, $2, $3, $4, 1, 'Cash', 'balance', false)`,
      [libraryId, id, studentId, paid],
    );
  }
  return id;
}

/** A student session (the student app signed in on a phone); answers its id and pass key. */
export async function insertStudentSession(pool: pg.Pool, appSecret: string, libraryId: string, studentId: string) {
  const result = await pool.query<{ id: string }>(
    `insert into student_sessions (library_id, student_id, token_hash, device_label)
     values ($1, $2, $3, 'Chrome on Android') returning id`,
    [libraryId, studentId, randomBytes(32).toString('hex')],
  );
  const id = result.rows[0]!.id;
  const passKey = passKeyFor(appSecret, id);
  return { id, passKey, code: (atMs: number) => makePassCode(passKey, id, atMs) };
}

export async function setCheckinRules(
  pool: pg.Pool,
  libraryId: string,
  rules: { maxDue?: number | null; earlyMinutes?: number },
) {
  await pool.query(`insert into library_settings (library_id) values ($1) on conflict (library_id) do nothing`, [
    libraryId,
  ]);
  if (rules.maxDue !== undefined) {
    await pool.query(`update library_settings set checkin_max_due = $2 where library_id = $1`, [
      libraryId,
      rules.maxDue,
    ]);
  }
  if (rules.earlyMinutes !== undefined) {
    await pool.query(`update library_settings set checkin_early_minutes = $2 where library_id = $1`, [
      libraryId,
      rules.earlyMinutes,
    ]);
  }
}

export const cardCode = (appSecret: string, cardId: string) => makeCardCode(cardKeyFor(appSecret), cardId);
