// SaaS scale (issue 18, items 5 and 6): one PostgreSQL holding 5,000 libraries, 1,000,000
// students, 3,000,000 subscriptions and 3,000,000 fees (with their charges and receipt numbers),
// written with generate_series, not through the API; then the owners' daily calls of 200 of
// those libraries at 20 connections, against one `node apps/api/dist/server.js` and against two
// behind bench/lb-proxy.ts. Prints per call p50/p95/p99/req/s/errors against the 50 ms p99
// target, the servers' RSS (VmRSS, sampled during the load, max) against 200 MB, the
// database's size and its biggest tables and indexes.
//
//   npm run bench:saas
//
// Environment: BENCH_LIBRARIES (5000), BENCH_STUDENTS (1000000), BENCH_SUBSCRIPTIONS_PER_STUDENT
// (3: 3,000,000 subscriptions, each with its fee and its charge), BENCH_ACTIVE (200 libraries
// signed in), BENCH_CONNECTIONS (20), BENCH_SECONDS (30 a run, after a 5 s warm-up), BENCH_RATE
// (50: the paced run's requests a second; each configuration is loaded twice, as fast as the 20
// connections are answered, then paced at this rate),
// BENCH_DATABASE_URL (an existing PostgreSQL server instead of a throwaway embedded one; a
// scratch database is created and dropped), BENCH_KEEP_DATABASE (with BENCH_DATABASE_URL: a
// database of this name is seeded once and kept; a later run migrates it and reuses it; the
// servers' key is derived from the name unless BENCH_APP_SECRET is set, for a copy of one),
// BENCH_SERVER_NODE_ARGS (options for node before the servers' script, e.g. V8's
// `--max-semi-space-size=8`, to measure a memory setting: only the servers get them).
import { fork } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { runMigrations } from '../apps/api/src/db/migrate';
import { MIGRATIONS_DIR } from '../apps/api/src/paths';
import { hashToken, newSessionToken } from '../apps/api/src/lib/tokens';
import {
  benchRoot,
  buildApi,
  callFigures,
  loadAverage,
  openDatabase,
  runMix,
  sampleRss,
  say,
  sayCallTable,
  startServerProcess,
  type MixCall,
  type MixSample,
  type ServerProcess,
} from './support';

const LIBRARIES = Number(process.env.BENCH_LIBRARIES ?? 5_000);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 1_000_000);
const PER_STUDENT = Number(process.env.BENCH_SUBSCRIPTIONS_PER_STUDENT ?? 3);
const ACTIVE = Math.min(Number(process.env.BENCH_ACTIVE ?? 200), LIBRARIES);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const WARM_UP_SECONDS = 5;
/** The paced run's requests a second, all libraries together: 200 owners each making a call every 4 s. */
const RATE = Number(process.env.BENCH_RATE ?? 50);
const KEEP = process.env.BENCH_KEEP_DATABASE;
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
/** Students without a subscription in each signed-in library: the bookings of the load take them. */
const WALK_INS = 60;
const TARGET_P99_MS = 50;
const TARGET_RSS_MB = 200;
const FIRST_NAMES = [
  'Aarav', 'Diya', 'Ishaan', 'Kavya', 'Meera', 'Nikhil', 'Priya', 'Rahul', 'Sneha', 'Tanvi', 'Vivaan', 'Ananya',
  'Arjun', 'Bhavna', 'Chirag', 'Deepa', 'Farhan', 'Gauri', 'Harsh', 'Isha', 'Jatin', 'Kiran', 'Lakshmi', 'Manav',
  'Neha', 'Omkar', 'Pooja', 'Qadir', 'Riya', 'Sahil', 'Tara', 'Uday', 'Varun', 'Wasim', 'Yash', 'Zoya', 'Aditi',
  'Bharat', 'Chetan', 'Divya',
]; // prettier-ignore

const grouped = (value: number) => value.toLocaleString('en-IN');
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/**
 * How many students each library has: most small, a few large. 0.2 % of the libraries hold
 * 20 % of the students, 1.8 % hold 27 %, 18 % hold 36 % and the other 80 % hold 17 %; within a
 * tier each size is 0.5–1.5 × the tier's mean. With the defaults: 10 libraries of ~20,000,
 * 90 of ~3,000, 900 of ~400 and 4,000 of ~42.
 */
function librarySizes(): number[] {
  const tiers: [number, number][] = [
    [0.002, 0.2],
    [0.018, 0.27],
    [0.18, 0.36],
    [0.8, 0.17],
  ];
  const sizes: number[] = [];
  let librariesLeft = LIBRARIES;
  let studentsLeft = STUDENTS;
  for (const [index, [libraryShare, studentShare]] of tiers.entries()) {
    const last = index === tiers.length - 1;
    const count = last ? librariesLeft : Math.max(1, Math.round(LIBRARIES * libraryShare));
    const students = last ? studentsLeft : Math.round(STUDENTS * studentShare);
    const weights = Array.from({ length: count }, (_, i) => 0.5 + (((sizes.length + i) * 7919) % 1000) / 1000);
    const sum = weights.reduce((a, b) => a + b, 0);
    const tier = weights.map((weight) => Math.max(5, Math.round((students * weight) / sum)));
    sizes.push(...tier);
    librariesLeft -= count;
    studentsLeft -= tier.reduce((a, b) => a + b, 0);
  }
  // The rounding's remainder goes to (or comes from) the largest library.
  sizes[0]! += STUDENTS - sizes.reduce((a, b) => a + b, 0);
  return sizes;
}

/** The signed-in libraries (1-based numbers): the 10 largest, and the rest spread evenly over all sizes. */
function activeLibraries(): number[] {
  const largest = Math.min(10, ACTIVE);
  const chosen = Array.from({ length: largest }, (_, i) => i + 1);
  const rest = ACTIVE - largest;
  const stride = (LIBRARIES - largest) / Math.max(1, rest);
  for (let i = 0; i < rest; i += 1) chosen.push(largest + 1 + Math.floor(i * stride));
  return chosen;
}

const BIG_TABLES = ['students', 'subscriptions', 'fees', 'subscription_charges', 'seats'];

/**
 * Seeds the whole database in one session. The big tables' secondary indexes are dropped
 * first and built again after the load (as pg_restore does), from their own definitions: a
 * bulk load into a trigram index and five B-trees row by row would take much longer. Foreign
 * keys and the statement-level triggers stay on; 0018's two row triggers are off for the
 * subscriptions and their tables rebuilt after.
 */
async function seed(url: string, sizes: number[], active: number[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const step = async (label: string, sql: string, params: unknown[] = []) => {
    const start = performance.now();
    const result = await client.query(sql, params);
    say(`  ${label}: ${result.rowCount === null ? '' : `${grouped(result.rowCount)} rows, `}${seconds(start)} s`);
  };
  try {
    await client.query(`set work_mem = '256MB'; set maintenance_work_mem = '1GB'`);
    const { rows: indexes } = await client.query<{ name: string; definition: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class t on t.oid = i.indrelid
       where t.relname = any($1) and t.relnamespace = 'public'::regnamespace
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      [BIG_TABLES],
    );
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    say(`  dropped ${indexes.length} secondary indexes of ${BIG_TABLES.join(', ')} for the load`);

    const passwordHash = await hash('bench-password');
    await step(
      'libraries',
      `insert into libraries (name, mobile, email, address, created_at, updated_at)
       select 'Library ' || n, '9' || lpad(n::text, 9, '0'), 'desk' || n || '@saas.example', 'Road ' || n,
              now() - interval '3 years', now() - interval '3 years'
       from generate_series(1, $1::int) as n`,
      [sizes.length],
    );
    await step(
      'plan (temporary)',
      `create temporary table plan as
       select l.id as library_id, t.n::int as lib_no, t.size as students, ceil(t.size * 0.6)::int + 10 as seats,
              ceil((ceil(t.size * 0.6) + 10) / 500.0)::int as areas,
              case when t.n = any($2::int[]) then $3::int else 0 end as walk_ins
       from unnest($1::int[]) with ordinality as t(size, n)
       join libraries l on l.email = 'desk' || t.n || '@saas.example'`,
      [sizes, active, WALK_INS],
    );
    await step(
      'admins (one owner each)',
      `insert into admins (library_id, name, email, phone, password_hash, role, created_at, updated_at)
       select library_id, 'Owner ' || lib_no, 'owner' || lib_no || '@saas.example', '8' || lpad(lib_no::text, 9, '0'),
              $1, 'owner', now() - interval '3 years', now() - interval '3 years'
       from plan`,
      [passwordHash],
    );
    await client.query(`alter table plan add column admin_id uuid`);
    await client.query(`update plan set admin_id = a.id from admins a where a.library_id = plan.library_id`);
    await step(
      'library_settings',
      `insert into library_settings (library_id, receipt_prefix) select library_id, 'SL' from plan`,
    );
    await step(
      'areas',
      `insert into areas (library_id, name, location, total_seats, created_at, updated_at)
       select p.library_id, 'Hall ' || a, 'Floor ' || a, (p.seats - a) / p.areas + 1,
              now() - interval '3 years', now() - interval '3 years'
       from plan p cross join generate_series(1, p.areas) as a`,
    );
    await step(
      'seats',
      `insert into seats (library_id, area_id, name, status, created_at, updated_at)
       select p.library_id, ar.id, 'S' || k, case when k >= p.seats - p.seats / 40 then 'inactive' else 'active' end,
              now() - interval '3 years', now() - interval '3 years'
       from plan p cross join generate_series(0, p.seats - 1) as k
       join areas ar on ar.library_id = p.library_id and ar.name = 'Hall ' || (k % p.areas + 1)`,
    );
    await client.query(
      `create temporary table seat_no as select library_id, substr(name, 2)::int as k, id from seats;
       create index on seat_no (library_id, k)`,
    );
    // 1 in 20 has left; created over the library's last 800 days in the order of their numbers.
    await step(
      'students',
      `insert into students (library_id, first_name, last_name, mobile, email, dob, aadhaar_encrypted, aadhaar_hash,
                             aadhaar_last4, kyc_status, status, left_at, created_at, updated_at)
       select p.library_id, ($1::text[])[1 + (i * 7 + p.lib_no) % array_length($1::text[], 1)], 'No ' || i,
              (6 + i % 4)::text || lpad(i::text, 9, '0'), 'student' || i || '@l' || p.lib_no || '.example',
              date '1995-01-01' + (i * 13) % 4000, 'bench-synthetic', md5(p.lib_no || ':' || i) || md5(i || ':' || p.lib_no),
              lpad(((i * 7) % 10000)::text, 4, '0'), case when i % 7 = 0 then 'pending' else 'verified' end,
              case when i % 20 = 0 and i <= p.students then 'left' else 'active' end,
              case when i % 20 = 0 and i <= p.students then now() - make_interval(days => 30 + i % 200) end,
              now() - interval '800 days' + make_interval(secs => i::float8 / (p.students + p.walk_ins) * 790 * 86400),
              now() - interval '800 days' + make_interval(secs => i::float8 / (p.students + p.walk_ins) * 790 * 86400)
       from plan p cross join generate_series(1, p.students + p.walk_ins) as i`,
      [FIRST_NAMES],
    );
    // What the retention worker has done by now (90 days, the default): the documents of those who
    // left before then are erased. Left as a backlog, the servers' worker would spend the run erasing it.
    await step(
      'students who left over 90 days ago: documents erased',
      `update students set aadhaar_encrypted = null, aadhaar_hash = null, aadhaar_last4 = null,
                           documents_erased_at = left_at + interval '90 days'
       where left_at < now() - interval '90 days' and documents_erased_at is null`,
    );
    await client.query(
      `create temporary table st as
       select s.id, s.library_id, substr(s.last_name, 4)::int as i, s.status from students s`,
    );
    // Each student's plans one after the other, the last one ending between 30 days ago and
    // 90 days ahead (60–260 days ago for those who left); 1, 3, 6 or 12 months; a third each in
    // 06–12, 12–18 and 18–23; 1 in 5 reserved at an active seat of their own (the last 1 in 40
    // seats are inactive).
    // Migration 0018's row triggers (the booking guard with its occupancy, the subscription
    // count) would run once per plan, 3,000,000 times: they are off for this bulk insert, as
    // in bench/booking.ts, and both tables are worked out again after it, set-based.
    const rowTriggers = (
      await client.query<{ tgname: string }>(
        `select tgname from pg_trigger where tgrelid = 'subscriptions'::regclass
       and tgname = any(array['booking_guard', 'library_subscription_counts_apply'])`,
      )
    ).rows.map((row) => row.tgname);
    for (const name of rowTriggers) await client.query(`alter table subscriptions disable trigger ${name}`);
    await step(
      `subscriptions (${PER_STUDENT} a student)`,
      `insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date,
                                  plan_expires_at, duration_months, created_at, updated_at)
       select x.library_id, x.id, sn.id, x.reserved,
              (array[time '06:00', time '12:00', time '18:00'])[1 + x.i % 3],
              (array[time '12:00', time '18:00', time '23:00'])[1 + x.i % 3],
              x.joining, x.expires, x.months, x.created, x.created
       from (
         select st.library_id, st.id, st.i, st.i % 5 = 0 as reserved, p.seats, d.months,
                (e.last_end + 1 - make_interval(months => d.from_here))::date as joining,
                case when j = $1::int - 1 then e.last_end
                     else (e.last_end + 1 - make_interval(months => d.from_here - d.months))::date - 1 end as expires,
                least(((e.last_end + 1 - make_interval(months => d.from_here))::date + time '10:00')
                        at time zone 'Asia/Kolkata',
                      now() - make_interval(mins => st.i % 1440)) as created
         from st join plan p on p.library_id = st.library_id
         cross join generate_series(0, $1::int - 1) as j
         cross join lateral (select case when st.status = 'left' then current_date - 60 - st.i % 200
                                         else current_date - 30 + (st.i * 37) % 120 end as last_end) e
         cross join lateral (
           select (array[1, 1, 3, 1, 6, 1, 3, 12])[1 + (st.i * 3 + j) % 8] as months,
                  (select sum((array[1, 1, 3, 1, 6, 1, 3, 12])[1 + (st.i * 3 + k) % 8])::int
                   from generate_series(j, $1::int - 1) as k) as from_here
         ) d
         where st.i <= p.students
       ) x
       left join seat_no sn on x.reserved and sn.library_id = x.library_id and sn.k = (x.i / 5) % (x.seats - x.seats / 40)
       order by x.created`,
      [PER_STUDENT],
    );
    for (const name of rowTriggers) await client.query(`alter table subscriptions enable trigger ${name}`);
    if (rowTriggers.length > 0) {
      await step(
        'library_subscription_counts (rebuilt)',
        `insert into library_subscription_counts (library_id, total)
         select library_id, count(*) from subscriptions group by library_id
         on conflict (library_id) do update set total = excluded.total`,
      );
    }
    // One fee a subscription, taken when it was made: its price (₹900 a month in the pool, ₹1,200
    // reserved), except 1 in 10 of the plans running now, paid ₹300 short (the unpaid dues);
    // UPI, cash, card, bank transfer, cheque 40/35/10/10/5 %; receipt numbers per financial year.
    await step(
      'fees (with receipt numbers)',
      `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved,
                         recorded_by, receipt_no, period_start, period_end, window_start, window_end, created_at, updated_at)
       select y.library_id, y.id, y.student_id, y.amount, y.duration_months,
              case when y.r < 40 then 'UPI' when y.r < 75 then 'Cash' when y.r < 85 then 'Card'
                   when y.r < 95 then 'Bank Transfer' else 'Cheque' end,
              'new', y.is_reserved, p.admin_id,
              'SL/' || y.fy || '-' || lpad(((y.fy + 1) % 100)::text, 2, '0') || '/'
                || lpad(y.number::text, greatest(4, length(y.number::text)), '0'),
              y.joining_date, y.plan_expires_at, y.start_time, y.end_time, y.created_at, y.created_at
       from (
         select s.*, get_byte(uuid_send(s.id), 15) % 100 as r,
                s.duration_months * case when s.is_reserved then 1200 else 900 end
                  - case when s.plan_expires_at >= current_date and get_byte(uuid_send(s.id), 14) % 10 = 3
                         then 300 else 0 end as amount,
                f.fy, row_number() over (partition by s.library_id, f.fy order by s.created_at, s.id) as number
         from subscriptions s
         cross join lateral (select extract(year from s.created_at at time zone 'Asia/Kolkata')::int
                                      - case when extract(month from s.created_at at time zone 'Asia/Kolkata') < 4
                                             then 1 else 0 end as fy) f
       ) y
       join plan p on p.library_id = y.library_id
       order by y.created_at`,
    );
    await step(
      'subscription_charges (the price agreed, one a subscription)',
      `insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, list_price,
                                         price, created_by, created_at)
       select s.library_id, s.id, s.student_id, 'new', s.duration_months,
              s.duration_months * case when s.is_reserved then 1200 else 900 end,
              s.duration_months * case when s.is_reserved then 1200 else 900 end, p.admin_id, s.created_at
       from subscriptions s join plan p on p.library_id = s.library_id
       order by s.created_at`,
    );
    await step(
      'receipt_counters',
      `insert into receipt_counters (library_id, financial_year, last_number)
       select library_id, split_part(split_part(receipt_no, '/', 2), '-', 1)::int,
              max(split_part(receipt_no, '/', 3)::int)
       from fees group by 1, 2`,
    );
    const rebuild = performance.now();
    for (const index of indexes) await client.query(index.definition);
    say(`  the ${indexes.length} secondary indexes built again: ${seconds(rebuild)} s`);
    // After the indexes: each library's rebuild reads its plans by subscriptions_library_expiry_idx.
    if (rowTriggers.length > 0) {
      await step(
        'booking_occupancy (rebuilt, from the horizon on)',
        `select booking_occupancy_rebuild(id) from libraries
         where exists (select 1 from subscriptions s where s.library_id = libraries.id)`,
      );
    }
    const vacuum = performance.now();
    await client.query('vacuum analyze');
    say(`  vacuum analyze: ${seconds(vacuum)} s`);
    await client.query(`create table bench_saas_seeded (done_at timestamptz not null default now(), libraries int)`);
    await client.query(`insert into bench_saas_seeded (libraries) values ($1)`, [sizes.length]);
  } finally {
    await client.end();
  }
}

interface Library {
  libNo: number;
  students: number;
  token: string;
  /** Students with no subscription: the bookings take them one by one. */
  walkIns: string[];
  /** Subscriptions running now with a balance left: the payments pay ₹1 of it. */
  owing: string[];
}

/** Signs the owners of the active libraries in: sessions written as the app writes them (db/sessions.repository.ts). */
async function signIn(pool: pg.Pool, active: number[]): Promise<Library[]> {
  const libraries: Library[] = [];
  for (const libNo of active) {
    const token = newSessionToken();
    const { rows } = await pool.query<{ library_id: string; students: number }>(
      `insert into sessions (library_id, admin_id, token_hash, expires_at)
       select a.library_id, a.id, $2, now() + interval '30 days' from admins a where a.email = $1
       returning library_id, (select count(*)::int from students s where s.library_id = sessions.library_id) as students`,
      [`owner${libNo}@saas.example`, hashToken(token)],
    );
    const libraryId = rows[0]!.library_id;
    const walkIns = await pool.query<{ id: string }>(
      `select s.id from students s where s.library_id = $1 and s.status = 'active'
         and not exists (select 1 from subscriptions sub where sub.library_id = s.library_id and sub.student_id = s.id)`,
      [libraryId],
    );
    const owing = await pool.query<{ id: string }>(
      `select s.id from subscriptions s join fees f on f.subscription_id = s.id
       where s.library_id = $1 and s.plan_expires_at >= current_date
         and f.amount < s.duration_months * case when s.is_reserved then 1200 else 900 end
       limit 50`,
      [libraryId],
    );
    libraries.push({
      libNo,
      students: rows[0]!.students,
      token,
      walkIns: walkIns.rows.map((row) => row.id),
      owing: owing.rows.map((row) => row.id),
    });
  }
  return libraries;
}

const CALL_ORDER = [
  'GET /api/dashboard/24_hour',
  'GET /api/dashboard/1_month',
  'GET /api/user (page 1)',
  'GET /api/user?search=',
  'GET /api/subscription',
  'GET /api/fee',
  'GET /api/dues',
  'GET /api/subscription/available',
  'GET /api/area',
  'GET /api/seat',
  'GET /api/auth/me',
  'POST /api/subscription (booking)',
  'POST /api/subscription/:id/payments',
];

/** The owners' daily calls, each aimed at one of the signed-in libraries drawn at random. */
function dailyCalls(libraries: Library[], largeFrom: number): MixCall[] {
  let turn = 0;
  const pick = () => libraries[Math.floor(Math.random() * libraries.length)]!;
  const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  const as = (library: Library, path: string, extra: Partial<ReturnType<MixCall['request']>> = {}) => ({
    path,
    headers: { authorization: `Bearer ${library.token}` },
    tag: library.students >= largeFrom ? 'large' : 'other',
    ...extra,
  });
  const get = (name: string, weight: number, path: (library: Library) => string): MixCall => ({
    name,
    weight,
    request: () => {
      const library = pick();
      return as(library, path(library));
    },
  });
  const windows = [
    ['06:00', '12:00'],
    ['12:00', '18:00'],
    ['18:00', '23:00'],
  ];
  return [
    get(CALL_ORDER[0]!, 8, () => '/api/dashboard/24_hour'),
    get(CALL_ORDER[1]!, 4, () => '/api/dashboard/1_month'),
    get(CALL_ORDER[2]!, 12, () => '/api/user?page=1&limit=10'),
    get(CALL_ORDER[3]!, 6, () => `/api/user?search=${FIRST_NAMES[turn++ % FIRST_NAMES.length]!.toLowerCase()}`),
    get(CALL_ORDER[4]!, 10, () => '/api/subscription?page=1&limit=10'),
    get(CALL_ORDER[5]!, 8, () => '/api/fee?page=1&limit=10'),
    get(CALL_ORDER[6]!, 8, () => `/api/dues?group=${['expiring', 'expired', 'unpaid'][turn++ % 3]}`),
    get(CALL_ORDER[7]!, 6, () => {
      const [start, end] = windows[turn++ % 3]!;
      return `/api/subscription/available?joining_date=${today}&start_time=${start}&end_time=${end}&duration=1`;
    }),
    get(CALL_ORDER[8]!, 4, () => '/api/area?page=1&limit=10'),
    get(CALL_ORDER[9]!, 4, () => '/api/seat?page=1&limit=10'),
    get(CALL_ORDER[10]!, 12, () => '/api/auth/me'),
    {
      name: CALL_ORDER[11]!,
      weight: 1,
      request: () => {
        const waiting = libraries.filter((l) => l.walkIns.length > 0);
        const library = waiting[turn++ % Math.max(1, waiting.length)] ?? pick();
        const student = library.walkIns.pop();
        const [start_time, end_time] = windows[turn % 3]!;
        return as(library, '/api/subscription', {
          method: 'POST',
          body: {
            student_id: student,
            joining_date: today,
            start_time,
            end_time,
            duration: 1,
            is_reserved: false,
            fee: 900,
            mode: 'Cash',
          },
        });
      },
    },
    {
      name: CALL_ORDER[12]!,
      weight: 1,
      request: () => {
        const owing = libraries.filter((l) => l.owing.length > 0);
        const library = owing[Math.floor(Math.random() * owing.length)] ?? pick();
        const id = library.owing[turn++ % Math.max(1, library.owing.length)];
        return as(library, `/api/subscription/${id}/payments`, { method: 'POST', body: { amount: 1, mode: 'Cash' } });
      },
    },
  ];
}

function sayRun(title: string, samples: MixSample[], spent: number, firstErrors: string[]) {
  say(
    `\n${title}: ${CONNECTIONS} connections, ${spent.toFixed(1)} s, ${grouped(samples.length)} requests (load average ${loadAverage()})`,
  );
  const rows = callFigures(samples, spent, CALL_ORDER);
  sayCallTable(rows, TARGET_P99_MS);
  const large = samples.filter((sample) => sample.tag === 'large');
  if (large.length > 0) {
    say(`\nThe same run, only the calls to the 10 largest libraries (${grouped(large.length)} requests):`);
    sayCallTable(
      callFigures(large, spent, CALL_ORDER).filter((row) => row.count > 0),
      TARGET_P99_MS,
    );
  }
  if (firstErrors.length) say(`\nFirst errors:\n${firstErrors.map((line) => `  ${line}`).join('\n')}`);
  const missed = rows.filter((row) => row.count > 0 && row.p99 >= TARGET_P99_MS && row.call !== 'all calls');
  say(
    `\nIssue 18 (p99 < ${TARGET_P99_MS} ms for every call): ${
      missed.length ? `missed by ${missed.map((row) => `${row.call} (${row.p99} ms)`).join(', ')}` : 'met'
    }`,
  );
  return rows;
}

async function sayDatabase(pool: pg.Pool) {
  const size = await pool.query<{ size: string; bytes: string }>(
    `select pg_size_pretty(pg_database_size(current_database())) as size, pg_database_size(current_database())::text as bytes`,
  );
  const counts = await pool.query<Record<string, string>>(
    `select (select count(*) from libraries)::text as libraries, (select count(*) from students)::text as students,
            (select count(*) from subscriptions)::text as subscriptions, (select count(*) from fees)::text as fees,
            (select count(*) from subscription_charges)::text as charges, (select count(*) from seats)::text as seats`,
  );
  const c = counts.rows[0]!;
  say(
    `\nDatabase: ${size.rows[0]!.size} (${grouped(Number(c.libraries))} libraries, ${grouped(Number(c.students))} students, ` +
      `${grouped(Number(c.subscriptions))} subscriptions, ${grouped(Number(c.fees))} fees, ${grouped(Number(c.charges))} charges, ` +
      `${grouped(Number(c.seats))} seats)`,
  );
  const tables = await pool.query<{ name: string; rows: string; heap: string; indexes: string; total: string }>(
    `select c.relname as name, c.reltuples::bigint::text as rows, pg_size_pretty(pg_relation_size(c.oid)) as heap,
            pg_size_pretty(pg_indexes_size(c.oid)) as indexes, pg_size_pretty(pg_total_relation_size(c.oid)) as total
     from pg_class c where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
     order by pg_total_relation_size(c.oid) desc limit 8`,
  );
  say('\n| table | rows (estimate) | heap | indexes | total |');
  say('|---|---:|---:|---:|---:|');
  for (const t of tables.rows)
    say(`| ${t.name} | ${grouped(Number(t.rows))} | ${t.heap} | ${t.indexes} | ${t.total} |`);
  const indexes = await pool.query<{ name: string; table: string; size: string }>(
    `select i.relname as name, t.relname as table, pg_size_pretty(pg_relation_size(i.oid)) as size
     from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
     where t.relnamespace = 'public'::regnamespace order by pg_relation_size(i.oid) desc limit 12`,
  );
  say('\n| index | table | size |');
  say('|---|---|---:|');
  for (const i of indexes.rows) say(`| ${i.name} | ${i.table} | ${i.size} |`);
  const settings = await pool.query<{ name: string; setting: string }>(
    `select name, current_setting(name) as setting from unnest(array['shared_buffers', 'work_mem', 'max_connections']) as name`,
  );
  say(`\nPostgreSQL settings: ${settings.rows.map((row) => `${row.name} ${row.setting}`).join(', ')}`);
}

/** drizzle-kit's empty custom migration: applying it did nothing. */
const PLACEHOLDER = '-- Custom SQL migration file, put your code below! --';

/**
 * Whether every migration the kept database has applied is still in the migrations folder as it
 * was (drizzle records each one's SHA-256, and never applies again one it has recorded). The
 * records of empty placeholders applied last (a migration committed before its SQL was written)
 * are forgotten, so the migrator applies their SQL now, as on a fresh database.
 */
async function appliedMigrationsUnchanged(pool: pg.Pool): Promise<boolean> {
  const applied = await pool
    .query<{ id: number; hash: string }>('select id, hash from drizzle.__drizzle_migrations order by created_at')
    .catch(() => ({ rows: [] as { id: number; hash: string }[] }));
  const current = new Set(readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((file) => file.hash));
  const placeholder = createHash('sha256').update(PLACEHOLDER).digest('hex');
  const changed = applied.rows.filter((row) => !current.has(row.hash));
  const firstChanged = applied.rows.findIndex((row) => !current.has(row.hash));
  const onlyTrailingPlaceholders =
    firstChanged >= 0 &&
    applied.rows.slice(firstChanged).every((row) => !current.has(row.hash) && row.hash === placeholder);
  if (changed.length === 0) return true;
  if (!onlyTrailingPlaceholders) return false;
  await pool.query('delete from drizzle.__drizzle_migrations where id = any($1::int[])', [
    changed.map((row) => row.id),
  ]);
  say(`Forgot ${changed.length} empty placeholder migrations applied last: their SQL is applied now`);
  return true;
}

async function main() {
  say(`uptime at the start: ${loadAverage()} (load average 1, 5, 15 min)`);
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-saas-'));
  fs.chmodSync(scratch, 0o755);
  const database = await openDatabase(scratch, KEEP);
  const servers: ServerProcess[] = [];
  let proxy: ReturnType<typeof fork> | undefined;
  const pool = new pg.Pool({ connectionString: database.url, max: 4 });
  try {
    const sizes = librarySizes();
    const active = activeLibraries();
    if (database.reused && !(await appliedMigrationsUnchanged(pool))) {
      say(`The kept database ${KEEP} was migrated with migration files that have changed since: emptied, seeded again`);
      await pool.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
    }
    const migrateStart = performance.now();
    await runMigrations(database.url);
    say(`Migrations: ${seconds(migrateStart)} s`);
    const seeded = await pool.query(`select 1 from pg_class where relname = 'bench_saas_seeded'`);
    if (seeded.rowCount) {
      say(`Reusing the seeded database ${KEEP} (migrated above); vacuum analyze...`);
      await pool.query('vacuum analyze');
    } else {
      say(
        `Seeding ${grouped(sizes.length)} libraries, ${grouped(STUDENTS)} students (largest ${grouped(Math.max(...sizes))}, ` +
          `median ${grouped([...sizes].sort((a, b) => a - b)[Math.floor(sizes.length / 2)]!)}), ${PER_STUDENT} subscriptions ` +
          `and fees a student, and ${WALK_INS} students without a plan in each of the ${active.length} signed-in libraries:`,
      );
      const seedStart = performance.now();
      await seed(database.url, sizes, active);
      say(`Seeded in ${seconds(seedStart)} s`);
    }
    await sayDatabase(pool);

    const libraries = await signIn(pool, active);
    const largeFrom = [...sizes].sort((a, b) => b - a)[Math.min(9, sizes.length - 1)]!;
    say(
      `\nSigned in ${libraries.length} owners (sessions written as the app writes them): ` +
        `${libraries.filter((l) => l.students >= largeFrom).length} of the largest libraries (≥ ${grouped(largeFrom)} students), ` +
        `the others from ${grouped(Math.min(...libraries.map((l) => l.students)))} to ` +
        `${grouped(Math.max(...libraries.filter((l) => l.students < largeFrom).map((l) => l.students)))} students`,
    );

    say(`\nBuilding the API (apps/api/dist/server.js): ${buildApi().toFixed(1)} s`);
    const env = {
      DATABASE_URL: database.url,
      // The database keeps the key's fingerprint (it refuses another): a kept database's key is its name's.
      APP_SECRET:
        process.env.BENCH_APP_SECRET ??
        (KEEP
          ? createHash('sha256').update(`sla-bench-saas:${KEEP}`).digest('base64url')
          : randomBytes(48).toString('base64url')),
      DATA_DIR: scratch,
      AUTH_RATE_LIMIT_MAX: '1000000',
      TRUST_PROXY: 'true',
    };
    const load = async (title: string, address: string, pids: number[]) => {
      const calls = dailyCalls(libraries, largeFrom);
      await runMix({ address, connections: CONNECTIONS, seconds: WARM_UP_SECONDS, calls, seed: 7 });
      const rss = sampleRss(pids);
      const run = await runMix({ address, connections: CONNECTIONS, seconds: SECONDS, calls, seed: 11 });
      const rows = sayRun(`${title}, as fast as answered`, run.samples, run.seconds, run.firstErrors);
      const paced = await runMix({ address, connections: CONNECTIONS, seconds: SECONDS, calls, seed: 13, rate: RATE });
      sayRun(`${title}, paced at ${RATE} requests/s`, paced.samples, paced.seconds, paced.firstErrors);
      const max = rss.stop();
      const rssLine = pids.map((pid) => `${max.get(pid)!.toFixed(0)} MB`).join(' and ');
      const worst = Math.max(...pids.map((pid) => max.get(pid)!));
      say(
        `Server RSS (VmRSS, sampled every 200 ms during the load, max): ${rssLine}; target ≤ ${TARGET_RSS_MB} MB: ${worst <= TARGET_RSS_MB ? 'met' : 'MISSED'}`,
      );
      say(`Load average after this run: ${loadAverage()}`);
      return rows;
    };

    const command = [process.execPath, ...SERVER_NODE_ARGS, path.join(benchRoot, 'apps/api/dist/server.js')];
    if (SERVER_NODE_ARGS.length > 0)
      say(`The servers run as: node ${SERVER_NODE_ARGS.join(' ')} apps/api/dist/server.js`);

    // One server process.
    const one = await startServerProcess({ env, command });
    servers.push(one);
    say(`\nOne server process (pid ${one.pid}) healthy in ${(one.startMs / 1000).toFixed(2)} s`);
    const oneRows = await load('One server process', one.address, [one.pid]);
    await one.stop();

    // Two behind the loopback balancer.
    const two = [await startServerProcess({ env, command }), await startServerProcess({ env, command })];
    servers.push(...two);
    proxy = fork(path.join(benchRoot, 'bench/lb-proxy.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, PROXY_PORT: '0' },
    });
    const listening = await new Promise<number>((resolve) =>
      proxy!.once('message', (message: { port: number }) => resolve(message.port)),
    );
    const ready = new Set<string>();
    await new Promise<void>((resolve) => {
      proxy!.on('message', (message: { type: string; name?: string; ready?: boolean }) => {
        if (message.type === 'health' && message.ready && message.name) ready.add(message.name);
        if (ready.size === 2) resolve();
      });
      proxy!.send({
        type: 'backends',
        backends: two.map((server, index) => ({ name: `api-${index + 1}`, port: server.port, enabled: true })),
      });
    });
    say(
      `\nTwo server processes (pids ${two.map((s) => s.pid).join(', ')}) behind bench/lb-proxy.ts (port ${listening})`,
    );
    const twoRows = await load(
      'Two server processes behind the loopback balancer',
      `http://127.0.0.1:${listening}`,
      two.map((s) => s.pid),
    );
    const oneAll = oneRows.at(-1)!;
    const twoAll = twoRows.at(-1)!;
    say(
      `\nAll calls: one process ${oneAll.rps} req/s (p99 ${oneAll.p99} ms), two behind the balancer ${twoAll.rps} req/s ` +
        `(p99 ${twoAll.p99} ms), on ${os.cpus().length} cores shared by PostgreSQL, the servers, the balancer and this client`,
    );
    const { rows } = await pool.query<{ server_version: string }>('show server_version');
    say(
      `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, ` +
        `Node ${process.version}, PostgreSQL ${rows[0]?.server_version}${database.embedded ? ' (embedded)' : ''}`,
    );
    say(`uptime at the end: ${loadAverage()}`);
  } finally {
    proxy?.kill();
    for (const server of servers) await server.stop();
    await pool.end();
    await database.embedded?.stop();
    await database.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
