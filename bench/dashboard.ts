// The dashboard at scale (issue 18, goal 4): seeds one library with 100,000 students and
// 300,000 fees (their subscriptions, charges, seats), spread over the last 13 months in the
// library's time zone, starts the real app on a loopback port and loads
// GET /api/dashboard/:period for every period at 20 connections with autocannon, beside
// GET /api/health and GET /api/auth/me in the same run. Before the load it prints where a
// request's time goes: each statement the dashboard runs (as the repository writes it) with its
// EXPLAIN (ANALYZE, BUFFERS) and planning time, the session lookup's, the statements alone (no
// HTTP) and one request alone; after the load, each period's verdict against the issue's target.
//
//   npm run bench:dashboard
//
// Environment: BENCH_STUDENTS (100000), BENCH_FEES (300000), BENCH_SECONDS (10 per scenario),
// BENCH_CONNECTIONS (20), BENCH_PLANS (1: print the full plans of the lifetime and 24-hour
// dashboards; 0: only the per-query table), BENCH_DATABASE_URL (an existing PostgreSQL
// server instead of a throwaway embedded one; a scratch database is created and dropped),
// BENCH_SERVER (`process`, or `in-process`), BENCH_KEEP_DATABASE (with BENCH_DATABASE_URL: seed into
// the database of that name and keep it afterwards, to look into; each run adds a library).
//
// The server runs as it is deployed, `node apps/api/dist/server.js` in a process of its own (built
// first), with autocannon in the bench's process, and each row prints the CPU time the server and
// its PostgreSQL backends spent per response (from /proc; PostgreSQL on this machine). Until the
// twelfth session the app ran inside the bench's process, on the same thread as autocannon:
// BENCH_SERVER=in-process measures that way again, to compare with the earlier tables.
import os from 'node:os';
import type { SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@app/shared';
import { loadConfig } from '../apps/api/src/config';
import type { DbOrTx } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { findActiveSession } from '../apps/api/src/db/sessions.repository';
import { hashToken } from '../apps/api/src/lib/tokens';
import { dashboardFigures } from '../apps/api/src/modules/dashboard/dashboard.repository';
import { bucketOf } from '../apps/api/src/modules/dashboard/dashboard.service';
import {
  backendsOf,
  buildApi,
  loadScenario,
  percentile,
  round1,
  say,
  sayMachine,
  startAppProcess,
  withBenchServer,
  type BenchServer,
  type LoadFigures,
  type LoadTarget,
} from './support';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100_000);
const FEES = Number(process.env.BENCH_FEES ?? 300_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PRINT_PLANS = process.env.BENCH_PLANS !== '0';
const IN_PROCESS = process.env.BENCH_SERVER === 'in-process';
/** Seconds before autocannon gives up on a response (its default, 10, is shorter than a loaded dashboard). */
const TIMEOUT = Number(process.env.BENCH_TIMEOUT ?? 60);
/** The periods whose full plans are printed: the smallest, a short one with a computed start, the largest. */
const PLANNED_PERIODS: DashboardPeriod[] = ['24_hour', '7_days', 'lifetime'];
/** One fee in 100 is a refund (an adjustment of an earlier payment); the rest are payments. */
const ADJUSTMENTS = Math.floor(FEES / 100);
const PAYMENTS = FEES - ADJUSTMENTS;
const SEATS_PER_AREA = 250;
const AREAS = 4;

/**
 * Seats; students (1 in 50 has left); one subscription each (1 in 5 a reserved seat; plans of
 * 1, 3, 6 and 12 months); the payments spread evenly over the last 13 months from the library's
 * midnight, each subscription's first a creation, then a balance payment and renewals (a
 * creation or renewal followed by a balance payment leaves ₹300 of its price to it), paid by UPI,
 * cash, card, bank transfer or cheque (40/35/10/10/5 %), 1 in 100 voided; refunds of ₹200
 * the next day; a charge (the price agreed) for every creation and renewal; and each
 * subscription's dates from its first payment and its charges. Payments are written in the order
 * they were taken, as a library's desk writes them, so the table's physical order follows
 * `created_at` (the refunds, 1 in 100, are appended after them).
 */
async function seed(pool: pg.Pool, libraryId: string) {
  // Migration 0018's booking guard maintains each plan's minute-by-minute occupancy row by row:
  // measured at 183 s for an update of 1,000 plans' dates, so this seed's 100,000 would take hours.
  // Nothing here books or reads the occupancy, so the seed writes the plans without it (the
  // bench connects as the database's owner) and puts it back after.
  const guarded = await pool.query(
    `select 1 from pg_trigger where tgrelid = 'subscriptions'::regclass and tgname = 'booking_guard'`,
  );
  if (guarded.rowCount) await pool.query('alter table subscriptions disable trigger booking_guard');
  try {
    await seedRows(pool, libraryId);
  } finally {
    if (guarded.rowCount) await pool.query('alter table subscriptions enable trigger booking_guard');
  }
  // What autovacuum would have done by the time a library had this many rows.
  await pool.query('vacuum analyze students, seats, subscriptions, subscription_charges, fees');
}

async function seedRows(pool: pg.Pool, libraryId: string) {
  await pool.query(
    `insert into areas (library_id, name, total_seats) select $1, 'Hall ' || a, $2 from generate_series(1, $3::int) a`,
    [libraryId, SEATS_PER_AREA, AREAS],
  );
  await pool.query(
    `insert into seats (library_id, area_id, name, status)
     select $1, ar.id, 'S' || s, case when s % 20 = 0 then 'inactive' else 'active' end
     from areas ar cross join generate_series(1, $2::int) s where ar.library_id = $1`,
    [libraryId, SEATS_PER_AREA],
  );
  await pool.query(
    `insert into students (library_id, first_name, last_name, mobile, email, dob,
       aadhaar_encrypted, aadhaar_hash, aadhaar_last4, kyc_status, status, left_at, created_at, updated_at)
     select $1, 'Student', 'No ' || i, (6 + i % 4)::text || lpad(i::text, 9, '0'), 'student' || i || '@bench.example',
            date '1998-01-01' + i % 3000, 'bench-synthetic', md5(i::text) || md5((i * 7)::text),
            lpad((i % 10000)::text, 4, '0'), 'verified',
            case when i % 50 = 0 then 'left' else 'active' end, case when i % 50 = 0 then now() end,
            now() - interval '14 months' + make_interval(secs => i), now()
     from generate_series(1, $2::int) as i`,
    [libraryId, STUDENTS],
  );
  await pool.query(
    `insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date,
                                plan_expires_at, duration_months)
     select $1, st.id, seat.id, st.n % 5 = 0, '06:00', '14:00', current_date - 3000 + (st.n % 2000)::int,
            current_date - 3000 + (st.n % 2000)::int,
            (array[1, 1, 1, 1, 3, 3, 6, 12])[1 + st.n % 8]
     from (select id, row_number() over (order by created_at, id) as n from students where library_id = $1) st
     left join (select id, row_number() over (order by id) - 1 as k from seats where library_id = $1) seat
       on st.n % 5 = 0 and seat.k = (st.n / 5) % $2`,
    [libraryId, SEATS_PER_AREA * AREAS],
  );
  await pool.query(
    `with subs as (
       select id, student_id, is_reserved, duration_months, row_number() over (order by id) - 1 as n
       from subscriptions where library_id = $1
     ), bounds as (
       select time_zone as tz, date_trunc('day', now() at time zone time_zone) - interval '13 months' as first_local,
              now() at time zone time_zone as now_local
       from libraries where id = $1
     ), generated as (
       select j, s.id as subscription_id, s.student_id, s.is_reserved, s.duration_months,
              s.duration_months * case when s.is_reserved then 1200 else 900 end as price,
              (b.first_local + ((j::bigint * 7919) % $2)::float8 / $2 * (b.now_local - b.first_local)) at time zone b.tz
                as at
       from generate_series(0, $2::int - 1) as j
       cross join bounds b
       join subs s on s.n = j % $3
     ), numbered as (
       select g.*, row_number() over (partition by subscription_id order by at, j) as rn from generated g
     ), kinded as (
       select n.*, case when rn = 1 then 'new' when rn % 3 = 2 then 'balance' else 'renewal' end as kind from numbered n
     ), paired as (
       select k.*, lead(kind) over (partition by subscription_id order by rn) as next_kind from kinded k
     )
     insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved,
                       voided_at, void_reason, created_at, updated_at)
     select $1, subscription_id, student_id,
            case when kind = 'balance' then 300 when next_kind = 'balance' then price - 300 else price end,
            duration_months,
            case when (j * 31) % 100 < 40 then 'UPI' when (j * 31) % 100 < 75 then 'Cash'
                 when (j * 31) % 100 < 85 then 'Card' when (j * 31) % 100 < 95 then 'Bank Transfer' else 'Cheque' end,
            kind, is_reserved,
            case when j % 100 = 7 then at + interval '1 hour' end, case when j % 100 = 7 then 'Entered twice' end,
            at, at
     from paired
     order by at`,
    [libraryId, PAYMENTS, STUDENTS],
  );
  await pool.query(
    `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved,
                       adjusts_id, reason, created_at, updated_at)
     select library_id, subscription_id, student_id, -200, duration, mode, 'adjustment', is_reserved, id,
            'Partly refunded', least(created_at + interval '1 day', now()), least(created_at + interval '1 day', now())
     from (select f.*, row_number() over (order by created_at, id) as n from fees f
           where library_id = $1 and voided_at is null) numbered
     where n % 90 = 45
     order by n limit $2`,
    [libraryId, ADJUSTMENTS],
  );
  await pool.query(
    `insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, list_price,
                                       price, created_at)
     select f.library_id, f.subscription_id, f.student_id, f.kind, f.duration,
            f.duration * case when f.is_reserved then 1200 else 900 end,
            f.duration * case when f.is_reserved then 1200 else 900 end, f.created_at
     from fees f where f.library_id = $1 and f.kind in ('new', 'renewal')`,
    [libraryId],
  );
  await pool.query(
    `update subscriptions sub
     set joining_date = span.joined, plan_expires_at = (span.joined + make_interval(months => span.months))::date - 1,
         created_at = span.first_at, updated_at = span.first_at
     from (
       select c.subscription_id, min(c.created_at) as first_at,
              (min(c.created_at) at time zone (select time_zone from libraries where id = $1))::date as joined,
              sum(c.duration_months)::int as months
       from subscription_charges c where c.library_id = $1 group by c.subscription_id
     ) span
     where sub.id = span.subscription_id`,
    [libraryId],
  );
}

const dialect = new PgDialect();

/**
 * The statements the dashboard runs for a period, as sent to PostgreSQL with their real
 * parameters, taken from the app's own repository: each runs on the pool and is recorded, so a
 * later statement gets the answers of the earlier ones (the bounds) as the app does.
 */
async function dashboardQueries(pool: pg.Pool, libraryId: string, period: DashboardPeriod) {
  const queries: { sql: string; params: unknown[] }[] = [];
  const recording = {
    execute: async (query: SQL) => {
      const { sql, params } = dialect.sqlToQuery(query);
      queries.push({ sql, params });
      return pool.query(sql, params);
    },
  } as unknown as DbOrTx;
  await dashboardFigures(recording, libraryId, period, bucketOf(period));
  return queries;
}

/** A statement's name in the tables: what its first lines read (the bounds, or the figures). */
const statementName = (sql: string) =>
  /dashboard_fee_totals|from fees f/.test(sql) ? 'figures' : /time_zone/.test(sql) ? 'bounds' : 'other';

async function explain(pool: pg.Pool, query: { sql: string; params: unknown[] }) {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, query.params);
  const plan = rows.map((row) => row['QUERY PLAN']);
  const ms = Number(/Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
  const planning = Number(/Planning Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? 0);
  // The top node's buffers are the query's total.
  const buffers = plan.find((line) => line.trim().startsWith('Buffers:'))?.trim() ?? '';
  const hit = Number(/hit=(\d+)/.exec(buffers)?.[1] ?? 0);
  const read = Number(/read=(\d+)/.exec(buffers)?.[1] ?? 0);
  return { plan, ms, planning, pages: hit + read };
}

async function sequential(times: number, run: () => Promise<unknown>) {
  const spent: number[] = [];
  for (let i = 0; i < times; i += 1) {
    const start = performance.now();
    await run();
    spent.push(performance.now() - start);
  }
  return round1(
    percentile(
      spent.sort((a, b) => a - b),
      50,
    ),
  );
}

async function fetchOk(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  const body = await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${Buffer.from(body).toString()}`);
  return body.byteLength;
}

async function whereTheTimeGoes(server: BenchServer, address: string) {
  const { pool, libraryId, headers } = server;
  const db = drizzle(pool, { schema });

  say('\nEach statement the dashboard runs, alone, one after the other: median ms of 3 runs after a warm-up');
  say('(round trip from the bench), and from EXPLAIN (ANALYZE, BUFFERS): planning and execution ms, 8 kB pages');
  say('\n| period | statement | ms alone | planning ms | execution ms | pages |');
  say('|---|---|---:|---:|---:|---:|');
  const plans = new Map<string, string[]>();
  const statements = new Map<string, string>();
  for (const period of DASHBOARD_PERIODS) {
    const queries = await dashboardQueries(pool, libraryId, period);
    for (const query of queries) {
      const name = statementName(query.sql);
      const result = await explain(pool, query); // also warms the cache
      const ms = await sequential(3, () => pool.query(query.sql, query.params));
      say(`| ${period} | ${name} | ${ms} | ${round1(result.planning)} | ${round1(result.ms)} | ${result.pages} |`);
      plans.set(`${period}: ${name}`, result.plan);
      statements.set(`${period}: ${name}`, query.sql);
    }
  }
  if (PRINT_PLANS) {
    for (const [name, plan] of plans) {
      if (!PLANNED_PERIODS.some((period) => name.startsWith(`${period}:`))) continue;
      say(`\nThe statement, ${name}:`);
      say(
        (statements.get(name) ?? '')
          .split('\n')
          .map((line) => `  ${line.trimEnd()}`)
          .filter((line) => line.trim())
          .join('\n'),
      );
      say(`EXPLAIN (ANALYZE, BUFFERS), ${name}:`);
      for (const line of plan) say(`  ${line}`);
    }
  }

  // The session lookup every authenticated request makes first (plugins/auth), as it runs.
  const token = headers.authorization?.replace(/^Bearer /, '') ?? '';
  const idleMs = loadConfig({ NODE_ENV: 'production' }).sessionIdleMs;
  const sessionQueries: { sql: string; params: unknown[] }[] = [];
  // The lookup runs its SQL text as a prepared statement on a pool (db/prepared.ts): a pool
  // that only records what it is asked stands in for one.
  const recorder = Object.assign(Object.create(pg.Pool.prototype) as pg.Pool, {
    query: async (config: { text: string; values?: unknown[] }) => {
      sessionQueries.push({ sql: config.text, params: config.values ?? [] });
      return { rows: [] };
    },
  });
  const capture = { $client: recorder } as unknown as DbOrTx;
  await findActiveSession(capture, hashToken(token), idleMs);
  const [sessionQuery] = sessionQueries;
  if (sessionQuery) {
    await explain(pool, sessionQuery);
    const session = await explain(pool, sessionQuery);
    say(`\nSession lookup (every authenticated request): ${round1(session.ms)} ms, ${session.pages} pages`);
    if (PRINT_PLANS) for (const line of session.plan) say(`  ${line}`);
  }

  say('\nOne at a time, 5 each, median ms: the statements as the repository runs them (on the pool, no HTTP),');
  say('and the whole request over HTTP (session lookup, queries, response validation and JSON)');
  say('\n| period | queries alone ms | request alone ms | response bytes |');
  say('|---|---:|---:|---:|');
  for (const period of DASHBOARD_PERIODS) {
    const queries = await sequential(5, () => dashboardFigures(db, libraryId, period, bucketOf(period)));
    const url = `${address}/api/dashboard/${period}`;
    const bytes = await fetchOk(url, headers);
    const request = await sequential(5, () => fetchOk(url, headers));
    say(`| ${period} | ${queries} | ${request} | ${bytes} |`);
  }
}

async function main() {
  if (!IN_PROCESS) say(`Built apps/api/dist/server.js in ${buildApi().toFixed(1)} s`);
  await withBenchServer(async (server) => {
    const { libraryId, pool } = server;
    say(
      `Load average at the start: ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(', ')}`,
    );
    const seedStart = performance.now();
    await seed(pool, libraryId);
    const { rows } = await pool.query<Record<string, number>>(
      `select (select count(*)::int from students where library_id = $1) as students,
              (select count(*)::int from students where library_id = $1 and status = 'left') as "left",
              (select count(*)::int from subscriptions where library_id = $1) as subscriptions,
              (select count(*)::int from subscription_charges where library_id = $1) as charges,
              (select count(*)::int from fees where library_id = $1) as fees,
              (select count(*)::int from fees where library_id = $1 and voided_at is not null) as voided,
              (select count(*)::int from fees where library_id = $1 and kind = 'adjustment') as refunds,
              (select count(*)::int from seats where library_id = $1) as seats,
              (select count(*)::int from fees where library_id = $1 and created_at >= now() - interval '24 hours') as day`,
      [libraryId],
    );
    const c = rows[0] ?? {};
    const n = (key: string) => (c[key] ?? 0).toLocaleString('en-IN');
    say(
      `Seeded ${n('students')} students (${n('left')} left), ${n('subscriptions')} subscriptions, ${n('charges')} charges, ` +
        `${n('fees')} fees (${n('voided')} voided, ${n('refunds')} refunds; ${n('day')} in the last 24 hours) and ` +
        `${n('seats')} seats in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    // The server measured: its own process (it starts after the seed, so its pool's statements
    // are planned on the seeded tables), or the bench's app.
    const api = IN_PROCESS ? undefined : await startAppProcess(server);
    try {
      await load(server, {
        address: api?.address ?? server.address,
        serverPid: api?.pid,
        backends: backendsOf(pool),
      });
    } finally {
      await api?.stop();
    }
    await sayMachine(server);
  });
}

async function load(server: BenchServer, target: LoadTarget) {
  const { headers, pool } = server;
  const { address } = target;
  say(
    target.serverPid
      ? `\nServer: node apps/api/dist/server.js in its own process (pid ${target.serverPid})`
      : '\nServer: the app inside the bench process (BENCH_SERVER=in-process)',
  );
  await whereTheTimeGoes(server, address);

  const scenarios: [string, string, Record<string, string>][] = [
    ['GET /api/health (bare route + select 1)', '/api/health', {}],
    ['GET /api/auth/me (session lookup + one row)', '/api/auth/me', headers],
    ...DASHBOARD_PERIODS.map((period): [string, string, Record<string, string>] => [
      `GET /api/dashboard/${period}`,
      `/api/dashboard/${period}`,
      headers,
    ]),
    ['GET /api/health again (after the dashboards)', '/api/health', {}],
  ];
  for (const [, pathname, probeHeaders] of scenarios) await fetchOk(`${address}${pathname}`, probeHeaders);

  say(
    `\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per scenario, one after the other (timeout ${TIMEOUT} s; ` +
      'percentiles of the responses that arrived within the scenario)',
  );
  const results: LoadFigures[] = [];
  const drains: string[] = [];
  for (const [scenario, pathname, scenarioHeaders] of scenarios) {
    results.push(
      await loadScenario(scenario, `${address}${pathname}`, scenarioHeaders, target, {
        connections: CONNECTIONS,
        seconds: SECONDS,
        timeout: TIMEOUT,
      }),
    );
    // The app's queries outlive the clients autocannon drops at the end: the next scenario
    // starts once no backend of the database is busy, and the wait is printed.
    const start = performance.now();
    while (await busyBackends(pool)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const waited = (performance.now() - start) / 1000;
    if (waited >= 0.5) drains.push(`${scenario}: ${waited.toFixed(1)} s`);
  }
  if (drains.length) say(`\nThe pool was still busy after the load stopped: ${drains.join('; ')}`);
  const health = results[0]?.rps ?? 1;
  const isDashboard = (r: LoadFigures) => r.scenario.startsWith('GET /api/dashboard/');
  const misses = (r: LoadFigures) => r.responses === 0 || r.errors > 0 || r.p50 >= 20 || r.p99 >= 50;
  say(
    '\n| scenario | p50 ms | p95 ms | p99 ms | req/s | % of health | responses | errors | Node µs/req | PostgreSQL µs/req | target: p50 < 20 ms, p99 < 50 ms |',
  );
  say('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    const share = ((100 * r.rps) / health).toFixed(1);
    const verdict = isDashboard(r)
      ? misses(r)
        ? `missed (${[r.p50 >= 20 ? 'p50' : '', r.p99 >= 50 ? 'p99' : '', r.errors > 0 ? 'errors' : ''].filter(Boolean).join(', ') || 'no responses'})`
        : 'met'
      : '';
    say(
      `| ${r.scenario} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rps} | ${share} | ${r.responses} | ${r.errors} | ${r.nodeUs ?? '–'} | ${r.postgresUs ?? '–'} | ${verdict} |`,
    );
  }
  const missed = results.filter((r) => isDashboard(r) && misses(r));
  say(
    `\nIssue 18 target (every period p50 < 20 ms, p99 < 50 ms): ${
      missed.length ? `missed by ${missed.map((r) => r.scenario.replace('GET /api/dashboard/', '')).join(', ')}` : 'met'
    }`,
  );
}

/** Whether a backend of the bench's database other than the asking one is running a statement. */
async function busyBackends(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ busy: boolean }>(
    `select exists (select 1 from pg_stat_activity where datname = current_database()
                     and pid <> pg_backend_pid() and state = 'active') as busy`,
  );
  return rows[0]?.busy ?? false;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
