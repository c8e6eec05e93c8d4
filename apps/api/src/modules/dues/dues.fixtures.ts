import type pg from 'pg';

/**
 * Rows for the dues tests, written straight to the database: plans that end a number of
 * days from the library's today (in its time zone), with their agreed prices and payments,
 * and the library's dues settings.
 */

export interface PlanOptions {
  /** Days from the library's today to the plan's last day (0: ends today, -1: ended yesterday). */
  expiresIn: number;
  start?: string;
  end?: string;
  /** A reserved plan's seat. */
  seatId?: string;
  duration?: number;
  /** Agreed prices of its periods, oldest first (default one of ₹1000). */
  prices?: (number | string)[];
  /** Payments towards them (default: the prices, paid in full). */
  payments?: (number | string)[];
  /** When those payments were made, in days before now (default now). */
  paidDaysAgo?: number;
}

/** A subscription with its charges and fees; answers its id. */
export async function insertPlan(pool: pg.Pool, libraryId: string, studentId: string, options: PlanOptions) {
  const prices = options.prices ?? [1000];
  const payments = options.payments ?? prices;
  const duration = options.duration ?? 1;
  const inserted = await pool.query<{ id: string }>(
    `insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     select $1, $2, $3, $3::uuid is not null, $4, $5, today + $6::int - 29, today + $6::int, $7
     from (select (now() at time zone time_zone)::date as today from libraries where id = $1) l
     returning id`,
    [
      libraryId,
      studentId,
      options.seatId ?? null,
      options.start ?? '06:00',
      options.end ?? '14:00',
      options.expiresIn,
      duration,
    ],
  );
  const id = inserted.rows[0]!.id;
  // A second apart, oldest first, so "the last price agreed" is the last one given.
  for (const [index, price] of prices.entries()) {
    await pool.query(
      `insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, price, created_at)
       values ($1, $2, $3, $4, $5, $6, now() - make_interval(secs => $7))`,
      [libraryId, id, studentId, index === 0 ? 'new' : 'renewal', duration, price, prices.length - index],
    );
  }
  for (const amount of payments) await insertPayment(pool, libraryId, id, studentId, amount, options.paidDaysAgo);
  return id;
}

/** A payment towards a subscription, `daysAgo` days before now (default now). */
export async function insertPayment(
  pool: pg.Pool,
  libraryId: string,
  subscriptionId: string,
  studentId: string,
  amount: number | string,
  daysAgo = 0,
) {
  await pool.query(
    `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, created_at, updated_at)
     values ($1, $2, $3, $4, 1, 'Cash', 'balance', false,
             now() - make_interval(secs => $5::float8 * 86400), now() - make_interval(secs => $5::float8 * 86400))`,
    [libraryId, subscriptionId, studentId, amount, daysAgo],
  );
}

export interface DuesSettings {
  expiringDays?: number;
  graceDays?: number;
  upiId?: string | null;
  payee?: string | null;
  template?: string | null;
  autoPush?: boolean;
}

/** The library's settings row (created with the defaults first when missing). */
export async function setDuesSettings(pool: pg.Pool, libraryId: string, settings: DuesSettings) {
  await pool.query(`insert into library_settings (library_id) values ($1) on conflict (library_id) do nothing`, [
    libraryId,
  ]);
  const columns: [string, unknown][] = [
    ['dues_expiring_days', settings.expiringDays],
    ['dues_grace_days', settings.graceDays],
    ['upi_id', settings.upiId],
    ['upi_payee_name', settings.payee],
    ['reminder_template', settings.template],
    ['auto_push_reminders', settings.autoPush],
  ];
  for (const [column, value] of columns) {
    if (value === undefined) continue;
    await pool.query(`update library_settings set ${column} = $2 where library_id = $1`, [libraryId, value]);
  }
}

/** Sets the library's time zone (registration keeps India's). */
export async function setTimeZone(pool: pg.Pool, libraryId: string, timeZone: string) {
  await pool.query(`update libraries set time_zone = $2 where id = $1`, [libraryId, timeZone]);
}
