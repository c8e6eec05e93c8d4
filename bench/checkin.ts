// Check-in at the desk and the attendance reads at scale (issue 15): seeds one library with
// 2,000 students on plans active today, each signed in to the student app, with 90 days of
// visits behind them; starts the real app on a loopback port; then times POST
// /api/attendance/check with real entry-pass codes (and typed mobiles): check-ins one desk
// after the other, check-ins from several desks at once, and second scans (ignored), and
// the reads the owner opens (today's list, inside now, not seen for N days, monthly and its
// CSV, one student's history). The issue asks the desk to answer "within a second".
//
//   npm run bench:checkin
//
// Environment: BENCH_STUDENTS (2000), BENCH_HISTORY_DAYS (90), BENCH_REQUESTS (100 a read,
// one after the other; then as many again from BENCH_CLIENTS (10) clients at once),
// BENCH_DATABASE_URL (an existing PostgreSQL server instead of a throwaway embedded one).
import type pg from 'pg';
import { makePassCode } from '../packages/shared/src/attendance/pass';
import { passKeyFor } from '../apps/api/src/lib/student-pass';
import { say, sayMachine, withBenchServer, type BenchServer } from './support';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 2_000);
const HISTORY_DAYS = Number(process.env.BENCH_HISTORY_DAYS ?? 90);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);

/**
 * Students on plans that started before the history and end next month, with a window of
 * the whole day (so every scan falls inside it, whenever the bench runs), a session each,
 * and a visit on about 3 days in 5 of the last `HISTORY_DAYS` days (none today), checked out
 * after four hours. One student in 50 has not come for two weeks.
 */
async function seed(pool: pg.Pool, libraryId: string) {
  await pool.query(
    `insert into students (library_id, first_name, last_name, mobile, email, dob,
       aadhaar_encrypted, aadhaar_hash, aadhaar_last4, kyc_status)
     select $1, 'Student', 'No ' || i, (6 + i % 4)::text || lpad(i::text, 9, '0'), 'student' || i || '@bench.example',
            date '1998-01-01' + i % 3000, 'bench-synthetic', md5(i::text) || md5((i * 7)::text),
            lpad((i % 10000)::text, 4, '0'), 'verified'
     from generate_series(1, $2::int) as i`,
    [libraryId, STUDENTS],
  );
  await pool.query(
    `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date,
                                plan_expires_at, duration_months)
     select $1, id, false, '00:00', '00:00', (now() at time zone 'Asia/Kolkata')::date - $2::int - 10,
            (now() at time zone 'Asia/Kolkata')::date + 30, 4
     from students where library_id = $1`,
    [libraryId, HISTORY_DAYS],
  );
  await pool.query(
    `insert into student_sessions (library_id, student_id, token_hash, device_label)
     select $1, id, md5(id::text || 'bench'), 'Chrome on Android' from students where library_id = $1`,
    [libraryId],
  );
  await pool.query(
    `with numbered as (
       select id, row_number() over (order by id) as n from students where library_id = $1
     )
     insert into attendance_visits (library_id, student_id, subscription_id, day, checked_in_at, checked_out_at,
                                    last_scan_at, method)
     select $1, s.id, sub.id, d.day, at, at + interval '4 hours', at + interval '4 hours', 'pass'
     from numbered s
     join subscriptions sub on sub.student_id = s.id
     cross join lateral generate_series(1, $2::int) as back(days)
     cross join lateral (select (now() at time zone 'Asia/Kolkata')::date - back.days as day) d
     cross join lateral (select (d.day + time '08:00') at time zone 'Asia/Kolkata' as at) t
     where (s.n * 7 + back.days * 3) % 5 < 3 and not (s.n % 50 = 0 and back.days < 14)`,
    [libraryId, HISTORY_DAYS],
  );
  await pool.query('vacuum analyze students, subscriptions, student_sessions, attendance_visits');
}

/** The p-th percentile (0–100) of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.floor((p / 100) * (sorted.length - 1))] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

type Scan = { body: { code: string } | { mobile: string } | (() => Promise<{ code: string }>) };

async function scanOnce(server: BenchServer, scan: Scan): Promise<{ ms: number; outcome: string }> {
  const body = typeof scan.body === 'function' ? await scan.body() : scan.body;
  const start = performance.now();
  const response = await fetch(`${server.address}/api/attendance/check`, {
    method: 'POST',
    headers: { ...server.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { data?: { outcome: string } };
  const ms = performance.now() - start;
  if (!response.ok || !json.data) throw new Error(`check answered ${response.status}`);
  return { ms, outcome: json.data.outcome };
}

interface ScanResult {
  scenario: string;
  scans: number;
  clients: number;
  p50: number;
  p95: number;
  max: number;
  outcomes: string;
}

async function scanAll(server: BenchServer, scenario: string, scans: Scan[], clients: number): Promise<ScanResult> {
  const times: number[] = [];
  const outcomes = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < scans.length) {
        const scan = scans[next++]!;
        const { ms, outcome } = await scanOnce(server, scan);
        times.push(ms);
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    scenario,
    scans: scans.length,
    clients,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1) ?? 0),
    outcomes: [...outcomes].map(([outcome, count]) => `${count} ${outcome}`).join(', '),
  };
}

interface ReadResult {
  scenario: string;
  p50: number;
  p95: number;
  parallelP50: number;
  parallelP95: number;
}

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - start;
}

async function measureRead(server: BenchServer, scenario: string, pathname: string): Promise<ReadResult> {
  const url = `${server.address}${pathname}`;
  for (let i = 0; i < 5; i += 1) await timed(url, server.headers);
  const alone: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) alone.push(await timed(url, server.headers));
  const together: number[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < Math.ceil(REQUESTS / CLIENTS); i += 1) together.push(await timed(url, server.headers));
    }),
  );
  alone.sort((a, b) => a - b);
  together.sort((a, b) => a - b);
  return {
    scenario,
    p50: round(percentile(alone, 50)),
    p95: round(percentile(alone, 95)),
    parallelP50: round(percentile(together, 50)),
    parallelP95: round(percentile(together, 95)),
  };
}

async function main() {
  await withBenchServer(async (server) => {
    const seedStart = performance.now();
    await seed(server.pool, server.libraryId);
    const counts = await server.pool.query<{ students: number; visits: number }>(
      `select (select count(*)::int from students where library_id = $1) as students,
              (select count(*)::int from attendance_visits where library_id = $1) as visits`,
      [server.libraryId],
    );
    say(
      `Seeded ${counts.rows[0]?.students.toLocaleString('en-IN')} students with a session each and ${counts.rows[0]?.visits.toLocaleString('en-IN')} visits over ${HISTORY_DAYS} days in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const { rows: students } = await server.pool.query<{ student_id: string; session_id: string; mobile: string }>(
      `select st.id as student_id, ss.id as session_id, st.mobile
       from students st join student_sessions ss on ss.student_id = st.id
       where st.library_id = $1 order by st.id`,
      [server.libraryId],
    );
    // The student app makes its code as the desk scans it.
    const passScan = (student: { session_id: string }): Scan => ({
      body: async () => ({
        code: await makePassCode(passKeyFor(server.appSecret, student.session_id), student.session_id, Date.now()),
      }),
    });
    const half = Math.floor(students.length / 2);
    const first = students.slice(0, half);
    const second = students.slice(half);

    const results: ScanResult[] = [];
    results.push(await scanAll(server, 'Check-in by pass, one desk', first.map(passScan), 1));
    results.push(
      await scanAll(
        server,
        'Check-in by pass (4 in 5) or mobile, several desks at once',
        second.map((student, index) => (index % 5 === 4 ? { body: { mobile: student.mobile } } : passScan(student))),
        CLIENTS,
      ),
    );
    results.push(
      await scanAll(server, 'Second scan within a minute (ignored), one desk', first.slice(0, 500).map(passScan), 1),
    );
    say('\n| scans | desks | p50 ms | p95 ms | max ms | outcomes |');
    say('|---|---:|---:|---:|---:|---|');
    for (const r of results)
      say(`| ${r.scenario} (${r.scans}) | ${r.clients} | ${r.p50} | ${r.p95} | ${r.max} | ${r.outcomes} |`);

    const someone = students[1]!.student_id;
    const month = new Date().toISOString().slice(0, 7);
    const reads: [string, string][] = [
      ["GET /api/attendance/day (today's list)", '/api/attendance/day'],
      ['GET /api/attendance/inside', '/api/attendance/inside'],
      ['GET /api/attendance/not-seen?days=7', '/api/attendance/not-seen?days=7'],
      ['GET /api/attendance/not-seen/export?days=3 (CSV)', '/api/attendance/not-seen/export?days=3'],
      [`GET /api/attendance/monthly?month=${month}`, `/api/attendance/monthly?month=${month}`],
      ['GET /api/attendance/monthly/export (CSV)', '/api/attendance/monthly/export'],
      ["GET /api/attendance/student/:id (a student's history)", `/api/attendance/student/${someone}`],
    ];
    say(`\nReads: ${REQUESTS} requests each one after the other, then ${REQUESTS} from ${CLIENTS} clients at once`);
    const readResults: ReadResult[] = [];
    for (const [scenario, pathname] of reads) readResults.push(await measureRead(server, scenario, pathname));
    say('\n| read | p50 ms | p95 ms | p50 ms, parallel | p95 ms, parallel |');
    say('|---|---:|---:|---:|---:|');
    for (const r of readResults) say(`| ${r.scenario} | ${r.p50} | ${r.p95} | ${r.parallelP50} | ${r.parallelP95} |`);
    await sayMachine(server);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
