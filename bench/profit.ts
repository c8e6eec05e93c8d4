// Monthly profit and the expenses list at scale (issue 14): seeds one library with three
// years of daily payments (50,000 fees, some voided, some refunded) and expenses (5,000,
// and monthly expenses running for two years), starts the real app on a loopback port and
// prints the p50/p95 latency of GET /api/profit and GET /api/expenses.
//
//   npm run bench:profit
//
// Environment: BENCH_FEES (50000), BENCH_EXPENSES (5000), BENCH_REQUESTS (200 a scenario,
// one after the other; then as many again from BENCH_CLIENTS (10) clients at once),
// BENCH_DATABASE_URL (an existing PostgreSQL server instead of a throwaway embedded one).
import type pg from 'pg';
import { say, sayMachine, withBenchServer, type BenchServer } from './support';

const FEES = Number(process.env.BENCH_FEES ?? 50_000);
const EXPENSES = Number(process.env.BENCH_EXPENSES ?? 5_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const STUDENTS = 2_000;
const DAYS = 3 * 365;

/**
 * Students with a subscription each, fees spread evenly over the last three years (1 in
 * 100 voided, 1 in 100 partly refunded the next day), expenses over the same days, and
 * three monthly expenses started two years ago whose entries the first read makes.
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
     select $1, id, false, '06:00', '14:00', current_date - 1000, current_date + 30, 1
     from students where library_id = $1`,
    [libraryId],
  );
  await pool.query(
    `with subs as (
       select id, student_id, row_number() over (order by id) - 1 as n from subscriptions where library_id = $1
     )
     insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved,
                       voided_at, void_reason, created_at, updated_at)
     select $1, s.id, s.student_id, 500 + (i * 37) % 2500, 1,
            (array['Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque'])[1 + i % 5], 'balance', false,
            case when i % 100 = 0 then at + interval '1 hour' end, case when i % 100 = 0 then 'Entered twice' end,
            at, at
     from generate_series(1, $2::int) as i
     cross join lateral (select now() - make_interval(secs => i::float8 * $3 * 86400 / $2) as at) t
     join subs s on s.n = i % ${STUDENTS}`,
    [libraryId, FEES, DAYS],
  );
  await pool.query(
    `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved,
                       adjusts_id, reason, created_at, updated_at)
     select library_id, subscription_id, student_id, -100, 1, 'Cash', 'adjustment', false, id, 'Partly refunded',
            created_at + interval '1 day', created_at + interval '1 day'
     from (select f.*, row_number() over (order by created_at) as n from fees f
           where library_id = $1 and voided_at is null) numbered
     where n % 100 = 50`,
    [libraryId],
  );
  await pool.query(
    `insert into expenses (library_id, spent_on, category, amount, mode, note)
     select $1, (now() at time zone 'Asia/Kolkata')::date - (i * $3 / $2),
            (array['electricity', 'internet', 'maintenance', 'salaries', 'other', 'Water cans'])[1 + i % 6],
            100 + (i * 53) % 4000, (array['Cash', 'UPI', 'Bank Transfer'])[1 + i % 3], 'Bench expense ' || i
     from generate_series(1, $2::int) as i`,
    [libraryId, EXPENSES, DAYS],
  );
  await pool.query(
    `insert into recurring_expenses (library_id, category, amount, mode, day_of_month, start_month)
     select $1, category, amount, 'Bank Transfer', day, (date_trunc('month', now() at time zone 'Asia/Kolkata')
            - interval '24 months')::date
     from (values ('rent', 25000, 1), ('salaries', 18000, 7), ('internet', 1499, 15)) as r(category, amount, day)`,
    [libraryId],
  );
  await pool.query('vacuum analyze students, subscriptions, fees, expenses, recurring_expenses');
}

/** The p-th percentile (0–100) of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.floor((p / 100) * (sorted.length - 1))] ?? 0;

interface Result {
  scenario: string;
  p50: number;
  p95: number;
  parallelP50: number;
  parallelP95: number;
  rps: number;
}

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - start;
}

async function measure(server: BenchServer, scenario: string, pathname: string): Promise<Result> {
  const url = `${server.address}${pathname}`;
  for (let i = 0; i < 20; i += 1) await timed(url, server.headers);
  const alone: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) alone.push(await timed(url, server.headers));
  const together: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = 0; i < Math.ceil(REQUESTS / CLIENTS); i += 1) together.push(await timed(url, server.headers));
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  alone.sort((a, b) => a - b);
  together.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    scenario,
    p50: round(percentile(alone, 50)),
    p95: round(percentile(alone, 95)),
    parallelP50: round(percentile(together, 50)),
    parallelP95: round(percentile(together, 95)),
    rps: Math.round(together.length / seconds),
  };
}

/** How PostgreSQL reads a year of the library's fees by month (the profit's largest part). */
async function explainFees(pool: pg.Pool, libraryId: string) {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off)
     select date_trunc('month', created_at at time zone 'Asia/Kolkata'), sum(amount) from fees
     where library_id = $1 and voided_at is null and created_at >= now() - interval '12 months'
     group by 1`,
    [libraryId],
  );
  return rows.map((row) => row['QUERY PLAN']);
}

async function main() {
  await withBenchServer(async (server) => {
    const seedStart = performance.now();
    await seed(server.pool, server.libraryId);
    const counts = await server.pool.query<{ fees: number; expenses: number }>(
      `select (select count(*)::int from fees where library_id = $1) as fees,
              (select count(*)::int from expenses where library_id = $1) as expenses`,
      [server.libraryId],
    );
    say(
      `Seeded ${counts.rows[0]?.fees.toLocaleString('en-IN')} fees and ${counts.rows[0]?.expenses.toLocaleString('en-IN')} expenses over ${DAYS} days in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    // The first read makes the monthly expenses' 24 months of entries; timed on its own.
    const catchUp = await timed(`${server.address}/api/expenses`, server.headers);
    const made = await server.pool.query<{ count: number }>(
      `select count(*)::int as count from expenses where library_id = $1 and recurring_id is not null`,
      [server.libraryId],
    );
    say(`First GET /api/expenses made ${made.rows[0]?.count} monthly entries in ${catchUp.toFixed(1)} ms`);

    const plan = await explainFees(server.pool, server.libraryId);
    say('\nEXPLAIN of a year of fees by month:');
    for (const line of plan) say(`  ${line}`);

    const past = new Date();
    past.setUTCMonth(past.getUTCMonth() - 18);
    const pastMonth = past.toISOString().slice(0, 7);
    const scenarios: [string, string][] = [
      ['GET /api/profit (12 months)', '/api/profit'],
      ['GET /api/profit?months=24', '/api/profit?months=24'],
      ['GET /api/profit/export (12 months, CSV)', '/api/profit/export'],
      ['GET /api/expenses (this month)', '/api/expenses'],
      [`GET /api/expenses?month=${pastMonth}`, `/api/expenses?month=${pastMonth}`],
    ];
    say(`\n${REQUESTS} requests a scenario one after the other, then ${REQUESTS} from ${CLIENTS} clients at once`);
    const results: Result[] = [];
    for (const [scenario, pathname] of scenarios) results.push(await measure(server, scenario, pathname));
    say('\n| scenario | p50 ms | p95 ms | p50 ms, parallel | p95 ms, parallel | req/s, parallel |');
    say('|---|---:|---:|---:|---:|---:|');
    for (const r of results) {
      say(`| ${r.scenario} | ${r.p50} | ${r.p95} | ${r.parallelP50} | ${r.parallelP95} | ${r.rps} |`);
    }
    await sayMachine(server);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
