import { randomBytes } from 'node:crypto';
import type pg from 'pg';

/** A plausible FCM registration token, different every call. */
export const fakeFcmToken = (label = 'device') =>
  `${label}-${randomBytes(8).toString('hex')}:APA91b${randomBytes(24).toString('base64url')}`;

/** Pairs a device directly (tests of sending do not go through the pairing call). */
export async function insertDevice(
  pool: pg.Pool,
  libraryId: string,
  studentId: string,
  options: { token?: string; platform?: 'android' | 'ios' | 'web' } = {},
) {
  const token = options.token ?? fakeFcmToken();
  const result = await pool.query<{ id: string }>(
    `insert into student_devices (library_id, student_id, fcm_token, platform) values ($1, $2, $3, $4) returning id`,
    [libraryId, studentId, token, options.platform ?? 'android'],
  );
  return { id: result.rows[0]!.id, token };
}

/**
 * A non-reserved subscription from `fromDays` to `toDays` relative to the library's
 * today (0 = today, -1 = yesterday).
 */
export async function insertSubscription(
  pool: pg.Pool,
  libraryId: string,
  studentId: string,
  fromDays: number,
  toDays: number,
) {
  await pool.query(
    `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     select $1, $2, false, '08:00', '12:00', today + $3::int, today + $4::int, 1
     from (select (now() at time zone time_zone)::date as today from libraries where id = $1) l`,
    [libraryId, studentId, fromDays, toDays],
  );
}

/** Registers a Web Push subscription directly as a `web` device (tests of sending skip the devices call). */
export async function insertWebPushDevice(
  pool: pg.Pool,
  libraryId: string,
  studentId: string,
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  const result = await pool.query<{ id: string }>(
    `insert into student_devices (library_id, student_id, fcm_token, platform, push_p256dh, push_auth)
     values ($1, $2, $3, 'web', $4, $5) returning id`,
    [libraryId, studentId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth],
  );
  return { id: result.rows[0]!.id, token: subscription.endpoint };
}
