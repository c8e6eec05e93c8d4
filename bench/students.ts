// Student list and search at scale: seeds 100,000 students into one library, starts
// the real app on a loopback port and measures it with autocannon.
//
//   npx tsx bench/students.ts
//
// Environment: BENCH_STUDENTS (100000), BENCH_SECONDS (10 per scenario),
// BENCH_CONNECTIONS (50), BENCH_DATABASE_URL (an existing PostgreSQL server to use
// instead of a throwaway embedded one; a scratch database is created and dropped).
import { createRequire } from 'node:module';
import type pg from 'pg';
import { say, sayMachine, withBenchServer } from './support';

// autocannon ships no types; this is the part of its API used here.
interface LoadResult {
  latency: { p50: number; p99: number };
  requests: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
}) => Promise<LoadResult>;

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const FIRST_NAMES = [
  'Aarav',
  'Vivaan',
  'Aditya',
  'Vihaan',
  'Arjun',
  'Sai',
  'Reyansh',
  'Ayaan',
  'Krishna',
  'Ishaan',
  'Shaurya',
  'Atharv',
  'Advik',
  'Pranav',
  'Advait',
  'Dhruv',
  'Kabir',
  'Ritvik',
  'Aarush',
  'Kayaan',
  'Saanvi',
  'Aanya',
  'Aadhya',
  'Aaradhya',
  'Ananya',
  'Pari',
  'Anika',
  'Navya',
  'Angel',
  'Diya',
  'Myra',
  'Sara',
  'Iraa',
  'Ahana',
  'Anvi',
  'Prisha',
  'Riya',
  'Aarohi',
  'Anaya',
  'Akshara',
  'Priya',
  'Neha',
  'Pooja',
  'Rahul',
  'Rohit',
  'Sneha',
  'Kavya',
  'Meera',
  'Nikhil',
  'Tanvi',
];
const LAST_NAMES = [
  'Sharma',
  'Verma',
  'Gupta',
  'Singh',
  'Kumar',
  'Patel',
  'Reddy',
  'Nair',
  'Iyer',
  'Menon',
  'Das',
  'Bose',
  'Chatterjee',
  'Mukherjee',
  'Joshi',
  'Kulkarni',
  'Deshpande',
  'Pillai',
  'Rao',
  'Yadav',
  'Mishra',
  'Pandey',
  'Tiwari',
  'Shukla',
  'Agarwal',
  'Jain',
  'Mehta',
  'Shah',
  'Desai',
  'Bhat',
];

const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value}'`).join(',')}]`;

/** 100k students in one statement; Aadhaar columns are synthetic (never decrypted by lists). */
async function seed(pool: pg.Pool, libraryId: string) {
  await pool.query(
    `insert into students (library_id, first_name, last_name, mobile, email, dob,
       aadhaar_encrypted, aadhaar_hash, aadhaar_last4, kyc_status, created_at, updated_at)
     select $1,
       first_name, last_name,
       (6 + i % 4)::text || lpad(i::text, 9, '0'),
       lower(first_name || '.' || last_name || i || '@example.com'),
       date '1990-01-01' + (i % 9000),
       'bench-synthetic', md5(i::text) || md5((i * 7)::text), lpad((i % 10000)::text, 4, '0'),
       (array['pending','verified','rejected'])[1 + i % 3],
       now() - make_interval(mins => i), now() - make_interval(mins => i)
     from (
       select i,
         (${sqlArray(FIRST_NAMES)})[1 + (i::bigint * 7919) % ${FIRST_NAMES.length}] as first_name,
         (${sqlArray(LAST_NAMES)})[1 + (i::bigint * 104729) % ${LAST_NAMES.length}] as last_name
       from generate_series(1, $2::int) as i
     ) as generated`,
    [libraryId, STUDENTS],
  );
  // What autovacuum would have done by the time a library had this many students.
  await pool.query('vacuum analyze students');
}

async function explainSearch(pool: pg.Pool, libraryId: string, fragment: string) {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, costs off)
     select id from (
       select id, lower(first_name) as s1, lower(coalesce(last_name, '')) as s2 from students
       where library_id = $1 and search_text like '%' || lower($2) || '%' offset 0
     ) as matched
     order by s1, s2, id limit 10`,
    [libraryId, fragment],
  );
  return rows.map((row) => row['QUERY PLAN']);
}

interface Result {
  scenario: string;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
}

async function measure(scenario: string, url: string, headers: Record<string, string>): Promise<Result> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const failures = result.errors + result.timeouts + result.non2xx;
  return {
    scenario,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    errors: failures,
  };
}

async function main() {
  await withBenchServer(async (server) => {
    const { address, libraryId, headers } = server;
    const handle = server;

    const seedStart = performance.now();
    await seed(handle.pool, libraryId);
    say(
      `Seeded ${STUDENTS.toLocaleString('en-IN')} students in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    // A broad fragment (part of a common first name) and a narrow one (first name and
    // the start of a surname), as an admin would type them.
    const broad = 'anvi';
    const narrow = 'kavya desh';
    for (const fragment of [broad, narrow]) {
      const matches = await handle.pool.query<{ n: string }>(
        `select count(*) as n from students where library_id = $1 and search_text like '%' || $2 || '%'`,
        [libraryId, fragment],
      );
      const plan = await explainSearch(handle.pool, libraryId, fragment);
      say(`\nEXPLAIN of the search for "${fragment}" (${matches.rows[0]?.n} matches):`);
      for (const line of plan) say(`  ${line}`);
      say(`Trigram index used: ${plan.some((line) => line.includes('students_search_trgm_idx')) ? 'yes' : 'no'}`);
    }

    // What a page costs besides its rows: the exact count behind the pagination object.
    for (const [label, where, params] of [
      ['all students', '', [libraryId]],
      [`search "${broad}"`, ` and search_text like '%' || lower($2) || '%'`, [libraryId, broad]],
    ] as const) {
      const { rows } = await handle.pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off) select count(*) from students where library_id = $1${where}`,
        [...params],
      );
      const plan = rows.map((row) => row['QUERY PLAN']);
      const scan = plan
        .find((line) => /Scan/.test(line))
        ?.trim()
        .replace(/\s*\(actual.*$/, '');
      say(`count(*) for ${label}: ${plan.find((line) => line.startsWith('Execution Time'))} via ${scan}`);
    }

    // One request of each first, so a failure shows before ten seconds of load.
    const scenarios: [string, string, Record<string, string>][] = [
      ['GET /api/health (bare route + select 1)', '/api/health', {}],
      ['GET /api/user page 1 of 10 (name order)', '/api/user?page=1&limit=10', headers],
      ['GET /api/user page 500 of 10 (deep page)', '/api/user?page=500&limit=10', headers],
      [
        `GET /api/user?search=${narrow} (narrow)`,
        `/api/user?page=1&limit=10&search=${encodeURIComponent(narrow)}`,
        headers,
      ],
      [`GET /api/user?search=${broad} (broad)`, `/api/user?page=1&limit=10&search=${broad}`, headers],
    ];
    for (const [, pathname, probeHeaders] of scenarios) {
      const probe = await fetch(`${address}${pathname}`, { headers: probeHeaders });
      if (!probe.ok) throw new Error(`${pathname} answered ${probe.status}: ${await probe.text()}`);
    }

    say(`\nautocannon: ${CONNECTIONS} connections, ${SECONDS} s per scenario`);
    const results: Result[] = [];
    for (const [scenario, pathname, scenarioHeaders] of scenarios) {
      results.push(await measure(scenario, `${address}${pathname}`, scenarioHeaders));
    }
    say('\n| scenario | p50 ms | p99 ms | req/s | errors |');
    say('|---|---:|---:|---:|---:|');
    for (const r of results) say(`| ${r.scenario} | ${r.p50} | ${r.p99} | ${r.rps} | ${r.errors} |`);
    await sayMachine(server);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
