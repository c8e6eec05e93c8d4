// The paged lists keep up (issue 18, goal 2): every list the web app pages (students,
// subscriptions, fees, areas, seats), called as the web app calls it, at 20 connections beside
// GET /api/health in the same run, on two datasets:
//   1. the demo library, made by scripts/demo.ts itself (150 students, a year of fees) in the
//      bench's scratch database;
//   2. one library with 100,000 students (1 in 50 has left), one subscription each and
//      200,000 fees, written with generate_series.
// Each list must serve at least 25 % of health's requests per second, with p99 < 25 ms at
// 100,000 students.
//
//   npm run bench:lists
//
// The server runs as it is deployed, `node apps/api/dist/server.js` in a process of its own (built
// first), with autocannon in the bench's process; each row also prints the CPU time the server and
// its PostgreSQL backends spent per request (from /proc, PostgreSQL on this machine). Until the
// eleventh session the app ran inside the bench's process, beside autocannon, which charged the
// lists with the load generator's parsing of their larger answers: BENCH_SERVER=in-process
// measures that way again, to compare with the earlier tables.
//
// Environment: BENCH_STUDENTS (100000), BENCH_FEES (200000), BENCH_SECONDS (5 per scenario),
// BENCH_CONNECTIONS (20), BENCH_DATASETS (`demo,scale`: which of the two to run),
// BENCH_SERVER (`process`, or `in-process`),
// BENCH_DATABASE_URL (an existing PostgreSQL server instead of a throwaway embedded one; a
// scratch database is created and dropped), BENCH_LISTS (which lists, by words of their names,
// comma separated, e.g. `students,areas`; health is always measured),
// BENCH_BASE_ROOT (another checkout whose apps/api/dist/server.js is built: a second server from it
// on the same database and secret, and each call measured against both, one after the other,
// for a paired before and after), BENCH_ROUNDS (1: how many times each pair is measured),
// BENCH_NODE_ARGS (options for the servers' node, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import {
  backendsOf,
  buildApi,
  loadScenario,
  say,
  sayMachine,
  startAppProcess,
  withBenchServer,
  type BenchServer,
  type LoadFigures,
  type LoadTarget,
  type ServerProcess,
} from './support';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100_000);
const FEES = Number(process.env.BENCH_FEES ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DATASETS = new Set((process.env.BENCH_DATASETS ?? 'demo,scale').split(',').map((name) => name.trim()));
const IN_PROCESS = process.env.BENCH_SERVER === 'in-process';
const SELECTED = (process.env.BENCH_LISTS ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const BASE_ROOT = process.env.BENCH_BASE_ROOT ? path.resolve(process.env.BENCH_BASE_ROOT) : undefined;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SHARE_TARGET = 25;
const P99_TARGET_MS = 25;
const AREAS = 4;
const SEATS_PER_AREA = 125;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEMO_EMAIL = 'demo@example.com';
const DEMO_PASSWORD = 'explore-the-demo';

/** The lists as the web app first asks for them (apps/web/src/features/*\/api, default page size 25). */
const LISTS: [string, string][] = (
  [
    ['students page 1', '/api/user?page=1&limit=25&sortBy=name&sortOrder=ASC'],
    ['subscriptions page 1', '/api/subscription?page=1&limit=25&sortBy=plan_expire_at&sortOrder=ASC'],
    ['fees page 1', '/api/fee?page=1&limit=25&sortBy=name&sortOrder=ASC'],
    ['areas page 1', '/api/area?page=1&limit=25&sortBy=name&sortOrder=ASC'],
    ['seats (all areas)', '/api/seat'],
  ] as [string, string][]
).filter(([name]) => !SELECTED.length || SELECTED.some((word) => name.includes(word)));

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');

async function fetchOk(url: string, headers: Record<string, string>): Promise<{ bytes: number; total?: number }> {
  const response = await fetch(url, { headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 500)}`);
  const data = (JSON.parse(body) as { data?: { pagination?: { totalItems?: number } } }).data;
  return { bytes: Buffer.byteLength(body), total: data?.pagination?.totalItems };
}

/** Prints one server's table and whether it met the target; answers the names that missed. */
function report(results: LoadFigures[], p99Target?: number) {
  const health = results[0]?.rps || 1;
  say(
    '| call | p50 ms | p95 ms | p99 ms | req/s | % of health | responses | errors | Node µs/req | PostgreSQL µs/req |',
  );
  say('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const share = ((100 * r.rps) / health).toFixed(1);
    const cpu = `${r.nodeUs ?? '–'} | ${r.postgresUs ?? '–'}`;
    say(
      `| ${r.scenario} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.rps} | ${share} | ${r.responses} | ${r.errors} | ${cpu} |`,
    );
  }
  const missed = results
    .slice(1)
    .filter(
      (r) =>
        r.errors > 0 ||
        (100 * r.rps) / health < SHARE_TARGET ||
        (p99Target !== undefined && (r.responses === 0 || r.p99 >= p99Target)),
    )
    .map((r) => r.scenario);
  const goal = `every list ≥ ${SHARE_TARGET} % of health${p99Target ? `, p99 < ${p99Target} ms` : ''}, no errors`;
  say(`\nTarget (${goal}): ${missed.length ? `missed by ${missed.join(', ')}` : 'met'}`);
}

/** The median of several runs' results of one call (by req/s, CPU figures their own medians). */
function median(runs: LoadFigures[]): LoadFigures {
  const mid = <T>(values: T[], by: (value: T) => number) =>
    [...values].sort((a, b) => by(a) - by(b))[Math.floor((values.length - 1) / 2)]!;
  const byRps = mid(runs, (r) => r.rps);
  const nodes = runs.flatMap((r) => (r.nodeUs === undefined ? [] : [r.nodeUs]));
  const postgres = runs.flatMap((r) => (r.postgresUs === undefined ? [] : [r.postgresUs]));
  return {
    ...byRps,
    nodeUs: nodes.length ? mid(nodes, (n) => n) : undefined,
    postgresUs: postgres.length ? mid(postgres, (n) => n) : undefined,
  };
}

/**
 * Health, then every list, one after the other, waiting for the server's work to drain between
 * them; with two servers (BENCH_BASE_ROOT) each call is measured on both back to back, their
 * order swapped every round, and a table printed for each.
 */
async function run(
  targets: { name: string; target: LoadTarget }[],
  label: string,
  headers: Record<string, string>,
  p99Target?: number,
) {
  const scenarios: [string, string, Record<string, string>][] = [
    ['GET /api/health', '/api/health', {}],
    ...LISTS.map(([name, pathname]): [string, string, Record<string, string>] => [name, pathname, headers]),
  ];
  const sizes: string[] = [];
  for (const { name: server, target } of targets) {
    for (const [name, pathname, probeHeaders] of scenarios) {
      const { bytes, total } = await fetchOk(`${target.address}${pathname}`, probeHeaders);
      if (pathname !== '/api/health')
        sizes.push(
          `${targets.length > 1 ? `${server} ` : ''}${name}: ${bytes} bytes${total === undefined ? '' : `, total ${total}`}`,
        );
    }
  }
  say(`\n## ${label}\n\nOne answer each: ${sizes.join('; ')}`);
  say(`Load average before: ${load()}`);
  const runs = targets.map(() => scenarios.map((): LoadFigures[] => []));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, [scenario, pathname, scenarioHeaders]] of scenarios.entries()) {
      const order = targets.map((_, t) => t);
      if (round % 2 === 1) order.reverse();
      for (const t of order) {
        const { target } = targets[t]!;
        runs[t]![index]!.push(
          await loadScenario(scenario, `${target.address}${pathname}`, scenarioHeaders, target, {
            connections: CONNECTIONS,
            seconds: SECONDS,
          }),
        );
        // autocannon answers when its time is up; the requests still in flight finish meanwhile.
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }
  say(`Load average after: ${load()}`);
  say(
    `\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per scenario${ROUNDS > 1 ? `, median of ${ROUNDS} rounds` : ''}`,
  );
  for (const [t, { name }] of targets.entries()) {
    if (targets.length > 1) say(`\n### ${name}`);
    say('');
    report(runs[t]!.map(median), p99Target);
  }
}

/** The demo library, made by scripts/demo.ts in the bench's own database (it prints its progress). */
async function seedDemo(server: BenchServer, address: string): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-bench-demo-'));
  const started = performance.now();
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts/demo.ts')], {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: server.pool.options.connectionString,
          DATA_DIR: dataDir,
          APP_SECRET: server.appSecret,
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      child.stdout.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n'))
          if (line.startsWith('  ') && line.trim()) say(`  demo:${line}`);
      });
      child.on('error', reject);
      child.on('exit', resolve);
    });
    if (code !== 0) throw new Error(`scripts/demo.ts exited with ${code}`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  say(`Demo seeded by scripts/demo.ts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // What autovacuum does within a minute of the seed (its threshold is 50 rows and a tenth of a
  // table): measured before it, every list ran on a freshly written library's empty statistics
  // (the subscriptions' fees read by library, 276 rows a plan, at half the speed).
  await server.pool.query('analyze');
  const response = await fetch(`${address}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const session = (await response.json()) as { data?: { token?: string } };
  if (!response.ok || !session.data?.token) throw new Error(`demo sign-in answered ${response.status}`);
  return { authorization: `Bearer ${session.data.token}` };
}

/**
 * One library at scale: seats; students (1 in 50 has left); one subscription each (1 in 5 a
 * reserved seat, each seat's one after the other, a month each, the last current; the others
 * plans of 1 to 12 months, ending from a year ago to a year ahead); fees spread
 * over the last 13 months (a first payment for every subscription, then renewals), 1 in 100
 * voided; a charge for every payment.
 */
async function seedScale(pool: pg.Pool, libraryId: string) {
  const started = performance.now();
  await pool.query(
    `insert into areas (library_id, name, location, total_seats)
     select $1, 'Hall ' || chr(64 + a), 'Floor ' || a, $2 from generate_series(1, $3::int) a`,
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
     select $1, (array['Aarav','Diya','Kabir','Meera','Rohit','Sneha','Ishaan','Priya'])[1 + i % 8], 'No ' || i,
            (6 + i % 4)::text || lpad(i::text, 9, '0'), 'student' || i || '@bench.example',
            date '1998-01-01' + i % 3000, 'bench-synthetic', md5(i::text) || md5((i * 7)::text),
            lpad((i % 10000)::text, 4, '0'), (array['pending','verified','rejected'])[1 + i % 3],
            case when i % 50 = 0 then 'left' else 'active' end, case when i % 50 = 0 then now() end,
            now() - interval '14 months' + make_interval(secs => i), now()
     from generate_series(1, $2::int) as i`,
    [libraryId, STUDENTS],
  );
  // Migration 0018's row triggers (the booking guard and its occupancy, the subscription
  // count) are off for this bulk insert, as in bench/booking.ts: the count is rebuilt after;
  // the occupancy is not, as no list reads it (a scratch database nobody else writes to).
  const triggers = ['booking_guard', 'library_subscription_counts_apply'];
  for (const name of triggers) await pool.query(`alter table subscriptions disable trigger ${name}`);
  await pool.query(
    `insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time, joining_date,
                                plan_expires_at, duration_months, created_at, updated_at)
     select $1, st.id, seat.id, st.n % 5 = 0, '06:00', '14:00',
            -- A reserved seat's subscriptions follow one another month by month, the last one
            -- current (bookings never overlap); the others end from a year ago to a year ahead.
            case when st.n % 5 = 0 then current_date - 30 * ($3::int - (st.n / 5) / $2)::int
                 else current_date - (st.n % 365)::int end,
            case when st.n % 5 = 0 then current_date - 30 * ($3::int - (st.n / 5) / $2)::int + 29
                 else current_date - (st.n % 365)::int + (st.n % 730)::int end,
            case when st.n % 5 = 0 then 1 else (array[1, 1, 1, 1, 3, 3, 6, 12])[1 + st.n % 8] end,
            now() - make_interval(mins => st.n::int), now()
     from (select id, row_number() over (order by created_at, id) as n from students where library_id = $1) st
     left join (select id, row_number() over (order by id) - 1 as k from seats where library_id = $1) seat
       on st.n % 5 = 0 and seat.k = (st.n / 5) % $2`,
    [libraryId, SEATS_PER_AREA * AREAS, Math.floor(STUDENTS / 5 / (SEATS_PER_AREA * AREAS))],
  );
  for (const name of triggers) await pool.query(`alter table subscriptions enable trigger ${name}`);
  await pool.query(
    `insert into library_subscription_counts (library_id, total)
     select $1, count(*) from subscriptions where library_id = $1
     on conflict (library_id) do update set total = excluded.total`,
    [libraryId],
  );
  await pool.query(
    `with subs as (
       select id, student_id, is_reserved, duration_months, row_number() over (order by id) - 1 as n
       from subscriptions where library_id = $1
     )
     insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved,
                       voided_at, void_reason, created_at, updated_at)
     select $1, s.id, s.student_id, s.duration_months * case when s.is_reserved then 1200 else 900 end,
            s.duration_months, (array['UPI','Cash','Card','Bank Transfer','Cheque'])[1 + j % 5],
            case when j < $3 then 'new' else 'renewal' end, s.is_reserved,
            case when j % 100 = 7 then now() end, case when j % 100 = 7 then 'Entered twice' end,
            now() - make_interval(secs => (($2::int - j) * 2)::int), now() - make_interval(secs => (($2::int - j) * 2)::int)
     from generate_series(0, $2::int - 1) as j
     join subs s on s.n = j % $3
     order by j`,
    [libraryId, FEES, STUDENTS],
  );
  await pool.query(
    `insert into subscription_charges (library_id, subscription_id, student_id, kind, duration_months, list_price,
                                       price, created_at)
     select library_id, subscription_id, student_id, kind, duration, amount, amount, created_at
     from fees where library_id = $1`,
    [libraryId],
  );
  // What autovacuum would have done by the time a library had this many rows.
  await pool.query('vacuum analyze students, seats, subscriptions, subscription_charges, fees');
  const { rows } = await pool.query<Record<string, number>>(
    `select (select count(*)::int from students where library_id = $1) as students,
            (select count(*)::int from students where library_id = $1 and status = 'left') as "left",
            (select count(*)::int from subscriptions where library_id = $1) as subscriptions,
            (select count(*)::int from fees where library_id = $1) as fees,
            (select count(*)::int from seats where library_id = $1) as seats`,
    [libraryId],
  );
  const c = rows[0] ?? {};
  const n = (key: string) => (c[key] ?? 0).toLocaleString('en-IN');
  say(
    `\nSeeded ${n('students')} students (${n('left')} left), ${n('subscriptions')} subscriptions, ${n('fees')} fees ` +
      `and ${n('seats')} seats in ${AREAS} areas in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function main() {
  if (!IN_PROCESS) say(`Built apps/api/dist/server.js in ${buildApi().toFixed(1)} s`);
  if (BASE_ROOT && IN_PROCESS) throw new Error('BENCH_BASE_ROOT needs the servers in their own processes');
  await withBenchServer(async (server) => {
    say(`Load average at the start: ${load()}`);
    const servers: { name: string; api?: ServerProcess; target: LoadTarget }[] = [];
    try {
      const roots = BASE_ROOT ? [BASE_ROOT, ROOT] : [ROOT];
      for (const root of IN_PROCESS ? [] : roots) {
        const api = await startAppProcess(server, { root, nodeArgs: NODE_ARGS });
        const name = root === ROOT ? 'this checkout' : `base (${BASE_ROOT})`;
        servers.push({
          name,
          api,
          target: { address: api.address, serverPid: api.pid, backends: backendsOf(server.pool) },
        });
        say(
          `Server (${name}): node ${[...NODE_ARGS, 'apps/api/dist/server.js'].join(' ')}, pid ${api.pid}, started in ${Math.round(api.startMs)} ms`,
        );
      }
      if (IN_PROCESS) {
        servers.push({ name: 'in process', target: { address: server.address, backends: backendsOf(server.pool) } });
        say('Server: the app inside the bench process (BENCH_SERVER=in-process)');
      }
      if (DATASETS.has('demo')) {
        const demoHeaders = await seedDemo(server, servers[0]!.target.address);
        await run(servers, 'Demo data (scripts/demo.ts)', demoHeaders);
      }
      if (DATASETS.has('scale')) {
        await seedScale(server.pool, server.libraryId);
        await run(
          servers,
          `One library of ${STUDENTS.toLocaleString('en-IN')} students`,
          server.headers,
          P99_TARGET_MS,
        );
      }
    } finally {
      for (const { api } of servers) await api?.stop();
    }
    await sayMachine(server);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
