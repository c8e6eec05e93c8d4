// Seat availability and concurrent booking at scale (issue 18, item 3): seeds one library with
// 500 seats (5 areas of 100) and 20,000 subscriptions spread over the seats, their daily windows
// and 20 months of plans (a quarter of them in the pool, the rest reserved at a seat, never more
// than a seat or the pool holds); starts the real app on a loopback port; then
//
//   (a) loads GET /api/subscription/available (what the Add Subscription dialog asks) and
//       GET /api/health with autocannon at BENCH_CONNECTIONS (20) connections, same run;
//   (b) sends 1,000 POST /api/subscription booking attempts all at once, then 1,000 more from
//       BENCH_CONNECTIONS clients, many aimed at the same few seats and windows so they
//       conflict, and prints successes, conflicts (409), other statuses and latencies;
//   (c) counts double bookings by SQL after each round: seats whose reserved bookings at any
//       minute of any day exceed the seat's capacity, and minutes when the library's bookings
//       exceed its pool. Both must be 0.
//
// It also prints where the availability time goes (its two reads timed alone, the occupancy
// read's EXPLAIN ANALYZE), and then (d) grows the library to BENCH_LIST_SUBSCRIPTIONS (100,000)
// subscriptions and loads the subscriptions list's pages beside /api/health, same run.
//
//   npm run bench:booking
//
// Environment: BENCH_SUBSCRIPTIONS (20000), BENCH_ATTEMPTS (1000 a round), BENCH_SECONDS (10
// per load scenario), BENCH_CONNECTIONS (20), BENCH_LIST_SUBSCRIPTIONS (100000; 0 skips the
// list), BENCH_DATABASE_URL (an existing PostgreSQL server
// instead of a throwaway embedded one; a scratch database is created and dropped).
import type pg from 'pg';
import { planExpiry } from '../apps/api/src/lib/booking/time';
import { autocannon, say, sayMachine, withBenchServer, type BenchServer } from './support';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 20_000);
const ATTEMPTS = Number(process.env.BENCH_ATTEMPTS ?? 1_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Subscriptions in the library for the list's scenario (0 leaves it out). */
const LIST_SUBSCRIPTIONS = Number(process.env.BENCH_LIST_SUBSCRIPTIONS ?? 100_000);
const AREAS = 5;
const SEATS_PER_AREA = 100;
/** Days between the starts of two plans in the same lane: a month's plan, then a gap of two weeks or more. */
const SLOT_DAYS = 45;

/** The p-th percentile (0–100) of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.floor((p / 100) * (sorted.length - 1))] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;
const grouped = (value: number) => value.toLocaleString('en-IN');

/**
 * Areas and seats (capacity 1), students, and the subscriptions. Each seat's day is cut into
 * lanes by one of three layouts (06–14 and 14–22; 08–20 and overnight 22–06; four lanes of four
 * hours from 06:00), and each lane holds one month's plan after another, 45 days apart, starting
 * on a different day for every lane, from about 20 months ago to 4 months ahead. Three plans in
 * four are reserved at the lane's seat, the fourth is in the pool; so the seed never puts more
 * at a seat or in the pool than they hold, and the double-booking count starts at 0.
 */
async function seed(pool: pg.Pool, libraryId: string, walkIns: number) {
  await pool.query(
    `insert into areas (library_id, name, location, total_seats)
     select $1, 'Hall ' || chr(64 + a), 'Floor ' || a, $3::int from generate_series(1, $2::int) as a`,
    [libraryId, AREAS, SEATS_PER_AREA],
  );
  await pool.query(
    `insert into seats (library_id, area_id, name)
     select $1, ar.id, chr(64 + a) || n
     from generate_series(1, $2::int) as a
     join areas ar on ar.library_id = $1 and ar.name = 'Hall ' || chr(64 + a)
     cross join generate_series(1, $3::int) as n`,
    [libraryId, AREAS, SEATS_PER_AREA],
  );
  // One student a seeded subscription, and the walk-ins the booking rounds book.
  await pool.query(
    `insert into students (library_id, first_name, last_name, mobile, email, dob,
       aadhaar_encrypted, aadhaar_hash, aadhaar_last4, kyc_status)
     select $1, 'Student', case when i <= $2 then 'Seeded ' else 'Walk-in ' end || i,
            (6 + i % 4)::text || lpad(i::text, 9, '0'), 'student' || i || '@bench.example',
            date '1998-01-01' + i % 3000, 'bench-synthetic', md5(i::text) || md5((i * 7)::text),
            lpad((i % 10000)::text, 4, '0'), 'verified'
     from generate_series(1, $2::int + $3::int) as i`,
    [libraryId, SUBSCRIPTIONS, walkIns],
  );
  // 20,000 plans in one statement: the booking guard and the list's counter (deferred row
  // triggers, migration 0018) are off while it runs, and their tables are worked out again after.
  await withoutBookingTriggers(pool, libraryId, () =>
    pool.query(
      `with numbered_seats as (
       select s.id, row_number() over (order by a.name, length(s.name), s.name) as n
       from seats s join areas a on a.id = s.area_id where s.library_id = $1
     ), layouts (layout, lane, start_time, end_time) as (
       values (0, 0, time '06:00', time '14:00'), (0, 1, time '14:00', time '22:00'),
              (1, 0, time '08:00', time '20:00'), (1, 1, time '22:00', time '06:00'),
              (2, 0, time '06:00', time '10:00'), (2, 1, time '10:00', time '14:00'),
              (2, 2, time '14:00', time '18:00'), (2, 3, time '18:00', time '22:00')
     ), lanes as (
       select row_number() over (order by s.n, l.lane) - 1 as lane_no, s.id as seat_id, l.start_time, l.end_time
       from numbered_seats s join layouts l on l.layout = s.n % 3
     ), lane_count as (
       select count(*)::int as total from lanes
     ), seeded_students as (
       select id, row_number() over (order by id) - 1 as i
       from students where library_id = $1 and last_name like 'Seeded %'
     ), plans as (
       select g.i, l.seat_id, l.start_time, l.end_time,
              (now() at time zone 'Asia/Kolkata')::date - 600 + ((l.lane_no * 37) % $3::int)::int + (g.i / c.total) * $3::int as joining
       from generate_series(0, $2::int - 1) as g(i)
       cross join lane_count c
       join lanes l on l.lane_no = g.i % c.total
     )
     insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time,
                                joining_date, plan_expires_at, duration_months)
     select $1, st.id, case when p.i % 4 <> 0 then p.seat_id end, p.i % 4 <> 0, p.start_time, p.end_time,
            p.joining, (p.joining + interval '1 month')::date - 1, 1
     from plans p join seeded_students st on st.i = p.i`,
      [libraryId, SUBSCRIPTIONS, SLOT_DAYS],
    ),
  );
  await pool.query('vacuum analyze areas, seats, students, subscriptions');
}

/**
 * Runs a bulk insert of subscriptions with migration 0018's row triggers off (a scratch
 * database, before the load: nobody else writes), then rebuilds the library's occupancy rows
 * and its subscription count from the subscriptions, as the migration does for existing data.
 */
async function withoutBookingTriggers(pool: pg.Pool, libraryId: string, insert: () => Promise<unknown>) {
  const triggers = ['booking_guard', 'library_subscription_counts_apply'];
  for (const name of triggers) await pool.query(`alter table subscriptions disable trigger ${name}`);
  try {
    await insert();
  } finally {
    for (const name of triggers) await pool.query(`alter table subscriptions enable trigger ${name}`);
  }
  await pool.query('select booking_occupancy_rebuild($1)', [libraryId]);
  await pool.query(
    `insert into library_subscription_counts (library_id, total)
     select $1, count(*) from subscriptions where library_id = $1
     on conflict (library_id) do update set total = excluded.total`,
    [libraryId],
  );
}

/**
 * Double bookings, by SQL over every day of every plan: each plan's daily windows as
 * intervals of absolute minutes (an overnight window runs into the next morning), swept in
 * time order per seat (reserved plans only) and for the whole pool (every plan). `seats` is
 * how many seats ever hold more reserved plans at once than their capacity; `pool` how many
 * stretches of time the library holds more plans than its active seats' places.
 */
async function doubleBookings(
  pool: pg.Pool,
  libraryId: string,
): Promise<{ seats: number; pool: number; overbooked: string[] }> {
  const { rows } = await pool.query<{ seats: number; pool: number; overbooked: string[] }>(
    `with occurrences as (
       select sub.seat_id, sub.is_reserved,
              (sub.joining_date - date '2000-01-01' + k) * 1440
                + extract(hour from sub.start_time)::int * 60 + extract(minute from sub.start_time)::int as starts,
              case when sub.end_time > sub.start_time
                   then extract(epoch from sub.end_time - sub.start_time)::int / 60
                   else 1440 - extract(epoch from sub.start_time - sub.end_time)::int / 60 end as minutes
       from subscriptions sub
       cross join lateral generate_series(0, sub.plan_expires_at - sub.joining_date) as k
       where sub.library_id = $1
     ), seat_events as (
       select seat_id, starts as at, 1 as change from occurrences where is_reserved
       union all
       select seat_id, starts + minutes, -1 from occurrences where is_reserved
     ), seat_running as (
       select seat_id, sum(change) over (partition by seat_id order by at, change
                                         rows between unbounded preceding and current row) as held
       from seat_events
     ), seat_peaks as (
       select seat_id, max(held) as peak from seat_running group by seat_id
     ), pool_events as (
       select starts as at, 1 as change from occurrences
       union all
       select starts + minutes, -1 from occurrences
     ), pool_running as (
       select sum(change) over (order by at, change rows between unbounded preceding and current row) as held,
              change
       from pool_events
     ), places as (
       select coalesce(sum(s.capacity), 0) as total from seats s join areas a on a.id = s.area_id
       where s.library_id = $1 and s.status = 'active' and a.status = 'active'
     )
     select (select count(*)::int from seat_peaks p join seats s on s.id = p.seat_id where p.peak > s.capacity) as seats,
            (select count(*)::int from pool_running, places where change = 1 and held > places.total) as pool,
            (select coalesce(array_agg(p.seat_id::text), '{}') from seat_peaks p join seats s on s.id = p.seat_id
             where p.peak > s.capacity) as overbooked`,
    [libraryId],
  );
  return rows[0] ?? { seats: -1, pool: -1, overbooked: [] };
}

/** The plans from today on at seats holding more than their capacity, to reproduce a failure. */
async function sayOverbookedSeats(pool: pg.Pool, libraryId: string, seatIds: string[]) {
  const { rows } = await pool.query<{ seat: string; id: string; window: string; days: string; who: string }>(
    `select s.name as seat, sub.id, to_char(sub.start_time, 'HH24:MI') || '–' || to_char(sub.end_time, 'HH24:MI') as window,
            sub.joining_date || ' to ' || sub.plan_expires_at as days, st.last_name as who
     from subscriptions sub join seats s on s.id = sub.seat_id join students st on st.id = sub.student_id
     where sub.library_id = $1 and sub.is_reserved and sub.seat_id = any($2::uuid[])
       and sub.plan_expires_at >= (now() at time zone 'Asia/Kolkata')::date - 1
     order by s.name, sub.joining_date, sub.start_time limit 60`,
    [libraryId, seatIds.slice(0, 10)],
  );
  for (const row of rows) say(`  seat ${row.seat}: ${row.id} ${row.window} ${row.days} (${row.who})`);
}

interface LoadFigures {
  scenario: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  errors: number;
}

async function load(scenario: string, url: string, headers: Record<string, string>): Promise<LoadFigures> {
  const times: number[] = [];
  const run = autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  run.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await run;
  times.sort((a, b) => a - b);
  return {
    scenario,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    rps: Math.round(result.requests.average),
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

type Kind = 'same 5 seats, overlapping evening windows' | 'pool, 10:00–13:00' | 'spread over 300 seats';

interface Attempt {
  kind: Kind;
  body: Record<string, unknown>;
}

interface Outcome {
  kind: Kind;
  status: number;
  ms: number;
}

async function attempt(server: BenchServer, { kind, body }: Attempt): Promise<Outcome> {
  const start = performance.now();
  const response = await fetch(`${server.address}/api/subscription`, {
    method: 'POST',
    headers: { ...server.headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return { kind, status: response.status, ms: performance.now() - start };
}

interface Availability {
  availableSeats: number;
  nonReservedSeats: { id: string; name: string }[];
}

async function available(server: BenchServer, query: Record<string, string>): Promise<Availability> {
  const response = await fetch(
    `${server.address}/api/subscription/available?${new URLSearchParams(query).toString()}`,
    {
      headers: server.headers,
    },
  );
  const json = (await response.json()) as { data?: Availability };
  if (!response.ok || !json.data) throw new Error(`availability answered ${response.status}`);
  return json.data;
}

/**
 * A round's attempts, all from `joining` for a month: 40 % at five seats free in the evening,
 * in four windows of which 20:00–21:00 and 21:00–22:00 can both fit and the others overlap
 * them; 30 % in the pool at 10:00–13:00, more than the places left; 30 % reserved at 300 other
 * seats in one of four windows, free or not depending on the seat's plans.
 */
async function attemptsFor(server: BenchServer, joining: string, students: string[]): Promise<Attempt[]> {
  const count = students.length;
  const evening = await available(server, {
    joining_date: joining,
    start_time: '20:00',
    end_time: '22:00',
    duration: '1',
  });
  const hot = evening.nonReservedSeats.slice(0, 5).map((seat) => seat.id);
  if (hot.length < 5) throw new Error('fewer than 5 seats free in the evening');
  const { rows } = await server.pool.query<{ id: string }>(
    `select s.id from seats s where s.library_id = $1 and not (s.id = any($2::uuid[])) order by s.name limit 300`,
    [server.libraryId, hot],
  );
  const spread = rows.map((row) => row.id);
  const eveningWindows = [
    ['20:00', '22:00'],
    ['20:00', '21:00'],
    ['21:00', '22:00'],
    ['20:30', '21:30'],
  ];
  const spreadWindows = [
    ['06:00', '10:00'],
    ['14:00', '18:00'],
    ['22:00', '06:00'],
    ['12:00', '16:00'],
  ];
  const attempts: Attempt[] = [];
  for (let i = 0; i < count; i += 1) {
    const common = { student_id: students[i], joining_date: joining, duration: 1, fee: 800, mode: 'Cash' };
    const slice = i % 10;
    if (slice < 4) {
      const [start_time, end_time] = eveningWindows[i % eveningWindows.length]!;
      const seat_id = hot[Math.floor(i / 10) % hot.length];
      attempts.push({
        kind: 'same 5 seats, overlapping evening windows',
        body: { ...common, start_time, end_time, is_reserved: true, seat_id },
      });
    } else if (slice < 7) {
      attempts.push({
        kind: 'pool, 10:00–13:00',
        body: { ...common, start_time: '10:00', end_time: '13:00', is_reserved: false },
      });
    } else {
      const [start_time, end_time] = spreadWindows[i % spreadWindows.length]!;
      const seat_id = spread[(3 * Math.floor(i / 10) + slice - 7) % spread.length];
      attempts.push({
        kind: 'spread over 300 seats',
        body: { ...common, start_time, end_time, is_reserved: true, seat_id },
      });
    }
  }
  return attempts;
}

interface RoundFigures {
  label: string;
  clients: number;
  seconds: number;
  outcomes: Outcome[];
}

async function bookRound(server: BenchServer, label: string, attempts: Attempt[], clients: number) {
  const outcomes: Outcome[] = [];
  const start = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < attempts.length) outcomes.push(await attempt(server, attempts[next++]!));
    }),
  );
  return { label, clients, seconds: (performance.now() - start) / 1000, outcomes } satisfies RoundFigures;
}

function sayRound(round_: RoundFigures) {
  const rows: [string, Outcome[]][] = [
    ['all', round_.outcomes],
    ...(
      [
        'same 5 seats, overlapping evening windows',
        'pool, 10:00–13:00',
        'spread over 300 seats',
      ] as const satisfies readonly Kind[]
    ).map((kind): [string, Outcome[]] => [kind, round_.outcomes.filter((o) => o.kind === kind)]),
  ];
  for (const [kind, outcomes] of rows) {
    if (outcomes.length === 0) continue;
    const times = outcomes.map((o) => o.ms).sort((a, b) => a - b);
    const created = outcomes.filter((o) => o.status === 201).length;
    const conflicts = outcomes.filter((o) => o.status === 409).length;
    const others = new Map<number, number>();
    for (const o of outcomes)
      if (o.status !== 201 && o.status !== 409) others.set(o.status, (others.get(o.status) ?? 0) + 1);
    const otherText = others.size === 0 ? '0' : [...others].map(([status, n]) => `${n} × ${status}`).join(', ');
    say(
      `| ${round_.label}: ${kind} (${outcomes.length}) | ${round_.clients} | ${created} | ${conflicts} | ${otherText} | ${round(percentile(times, 50))} | ${round(percentile(times, 95))} | ${round(times.at(-1) ?? 0)} |`,
    );
  }
}

/**
 * Where an availability answer's time goes now: its two reads, timed alone in PostgreSQL from
 * this process (median of 50): the pool's peak from booking_occupancy, and the reserved plans
 * that overlap the window, counted per seat.
 */
async function explainAvailability(server: BenchServer, from: string, to: string, startMinute: number, length: number) {
  const timed = async (text: string, params: unknown[]) => {
    const times: number[] = [];
    let answer: unknown;
    for (let i = 0; i < 50; i += 1) {
      const started = performance.now();
      answer = (await server.pool.query(text, params)).rows[0];
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    return { ms: round(percentile(times, 50)), answer };
  };
  const peak = await timed(
    'select booking_pool_peak($1, $2::date, $3::date, $4::int, $5::int) as peak, booking_pool_capacity($1) as pool',
    [server.libraryId, from, to, startMinute, length],
  );
  const busy = await timed(
    `select count(*)::int as seats, coalesce(sum(n), 0)::int as plans from (
       select seat_id, count(*) as n from subscriptions
       where library_id = $1 and is_reserved and plan_expires_at >= $2::date - 1 and joining_date <= $3::date + 1
         and booking_overlaps(joining_date, plan_expires_at, start_time, end_time, $2::date, $3::date, $4::int, $5::int)
       group by seat_id) busy`,
    [server.libraryId, from, to, startMinute, length],
  );
  say(
    `\nAvailability's reads alone, from this process (median of 50 round trips): the pool's peak and places from booking_occupancy ${peak.ms} ms (${JSON.stringify(peak.answer)}); the reserved plans overlapping the window, per seat ${busy.ms} ms (${JSON.stringify(busy.answer)})`,
  );
  const plan = await server.pool.query<{ 'QUERY PLAN': string }>(
    `explain (analyze, buffers, costs off) select (select max(x) from unnest(o.taken[$4::int + 1:$4::int + $5::int]) x)
     from booking_occupancy o where o.library_id = $1 and o.day between $2::date and $3::date`,
    [server.libraryId, from, to, startMinute, length],
  );
  say('EXPLAIN ANALYZE of the occupancy read (the window does not wrap):');
  for (const row of plan.rows) say(`  ${row['QUERY PLAN']}`);
}

/**
 * The subscriptions list at LIST_SUBSCRIPTIONS plans in the library (issue 18, item 2): the
 * library grows to that many with one-day pool plans years ago (500 an hour, 06:00–22:00, so
 * still never more than the pool), then the list's pages are loaded at CONNECTIONS connections
 * beside /api/health, same run.
 */
async function listScenario(server: BenchServer) {
  const { rows } = await server.pool.query<{ n: number }>(
    'select count(*)::int as n from subscriptions where library_id = $1',
    [server.libraryId],
  );
  const missing = LIST_SUBSCRIPTIONS - (rows[0]?.n ?? 0);
  if (missing > 0) {
    const started = performance.now();
    await withoutBookingTriggers(server.pool, server.libraryId, () =>
      server.pool.query(
        `with seeded as (
           select id, row_number() over (order by id) - 1 as i from students
           where library_id = $1 and last_name like 'Seeded %'
         ), counted as (select count(*)::int as total from seeded)
         insert into subscriptions (library_id, student_id, seat_id, is_reserved, start_time, end_time,
                                    joining_date, plan_expires_at, duration_months)
         select $1, st.id, null, false, make_time(6 + (g.i % 8000) / 500, 0, 0), make_time(7 + (g.i % 8000) / 500, 0, 0),
                (now() at time zone 'Asia/Kolkata')::date - 2000 - g.i / 8000,
                (now() at time zone 'Asia/Kolkata')::date - 2000 - g.i / 8000, 1
         from generate_series(0, $2::int - 1) as g(i) cross join counted c join seeded st on st.i = g.i % c.total`,
        [server.libraryId, missing],
      ),
    );
    await server.pool.query('vacuum analyze subscriptions, booking_occupancy');
    say(
      `\nSubscriptions list: added ${grouped(missing)} past one-day plans for ${grouped(LIST_SUBSCRIPTIONS)} in the library in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  const scenarios: [string, string, Record<string, string>][] = [
    ['GET /api/health', '/api/health', {}],
    ['GET /api/subscription (page 1, 10 a page, by expiry)', '/api/subscription?page=1&limit=10', server.headers],
    ['GET /api/subscription?status=active (page 1)', '/api/subscription?page=1&limit=10&status=active', server.headers],
    ['GET /api/subscription?search=Walk (page 1)', '/api/subscription?page=1&limit=10&search=Walk', server.headers],
    ['GET /api/health again', '/api/health', {}],
  ];
  const loads: LoadFigures[] = [];
  for (const [scenario, pathname, headers] of scenarios) {
    loads.push(await load(scenario, `${server.address}${pathname}`, headers));
  }
  const health = loads[0]!.rps;
  say(
    `\n| scenario (${grouped(LIST_SUBSCRIPTIONS)} subscriptions in the library) | p50 ms | p95 ms | p99 ms | req/s | % of health | errors |`,
  );
  say('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of loads) {
    say(
      `| ${r.scenario} | ${r.p50} | ${r.p95} | ${r.p99} | ${grouped(r.rps)} | ${Math.round((100 * r.rps) / health)} % | ${r.errors} |`,
    );
  }
  for (const [scenario, pathname, headers] of scenarios.slice(1, 4)) {
    const single = await alone(`${server.address}${pathname}`, headers);
    say(`${scenario}, one request at a time: p50 ${single.p50} ms, p95 ${single.p95} ms`);
  }
}

/** One request after the other: what a single owner waits for the answer, without the queue of 20. */
async function alone(url: string, headers: Record<string, string>): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const start = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

async function main() {
  await withBenchServer(async (server) => {
    const oneByOne = Math.ceil(ATTEMPTS / 10);
    const walkIns = 2 * ATTEMPTS + oneByOne;
    const seedStart = performance.now();
    await seed(server.pool, server.libraryId, walkIns);
    const counts = await server.pool.query<{ seats: number; subscriptions: number; reserved: number; today: string }>(
      `select (select count(*)::int from seats where library_id = $1) as seats,
              (select count(*)::int from subscriptions where library_id = $1) as subscriptions,
              (select count(*)::int from subscriptions where library_id = $1 and is_reserved) as reserved,
              to_char((now() at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as today`,
      [server.libraryId],
    );
    const seeded = counts.rows[0]!;
    const today = seeded.today;
    say(
      `Seeded ${grouped(seeded.seats)} seats and ${grouped(seeded.subscriptions)} subscriptions (${grouped(seeded.reserved)} reserved at a seat, the rest in the pool) in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const sweepStart = performance.now();
    const before = await doubleBookings(server.pool, server.libraryId);
    say(
      `Double bookings in the seed: ${before.seats} seats over capacity, ${before.pool} times over the pool (the SQL count took ${((performance.now() - sweepStart) / 1000).toFixed(1)} s)`,
    );

    // (a) Availability, as the Add Subscription dialog asks it: from today, a month, a morning window.
    const query = { joining_date: today, start_time: '08:00', end_time: '14:00', duration: '1' };
    const answer = await available(server, query);
    const inMonth = await server.pool.query<{ n: number }>(
      `select count(*)::int as n from subscriptions where library_id = $1
       and plan_expires_at >= $2::date - 1 and joining_date <= $3::date + 1`,
      [server.libraryId, today, planExpiry(today, 1)],
    );
    say(
      `\nAvailability ${today}, 08:00–14:00, 1 month: ${answer.availableSeats} places in the pool, ${answer.nonReservedSeats.length} seats free to reserve; ${grouped(inMonth.rows[0]?.n ?? 0)} subscriptions touch the month`,
    );
    const scenarios: [string, string, Record<string, string>][] = [
      ['GET /api/health', '/api/health', {}],
      [
        'GET /api/subscription/available (today, 08:00–14:00, 1 month)',
        `/api/subscription/available?${new URLSearchParams(query).toString()}`,
        server.headers,
      ],
      [
        'GET /api/subscription/available (today, 20:00–22:00, 3 months)',
        `/api/subscription/available?${new URLSearchParams({ ...query, start_time: '20:00', end_time: '22:00', duration: '3' }).toString()}`,
        server.headers,
      ],
    ];
    say(`autocannon: ${CONNECTIONS} connections, ${SECONDS} s per scenario`);
    const loads: LoadFigures[] = [];
    for (const [scenario, pathname, headers] of scenarios) {
      loads.push(await load(scenario, `${server.address}${pathname}`, headers));
    }
    const health = loads[0]!.rps;
    say('\n| scenario | p50 ms | p95 ms | p99 ms | req/s | % of health | errors |');
    say('|---|---:|---:|---:|---:|---:|---:|');
    for (const r of loads) {
      say(
        `| ${r.scenario} | ${r.p50} | ${r.p95} | ${r.p99} | ${grouped(r.rps)} | ${Math.round((100 * r.rps) / health)} % | ${r.errors} |`,
      );
    }
    for (const [scenario, pathname, headers] of scenarios.slice(1)) {
      const single = await alone(`${server.address}${pathname}`, headers);
      say(`${scenario}, one request at a time: p50 ${single.p50} ms, p95 ${single.p95} ms`);
    }
    await explainAvailability(server, today, planExpiry(today, 1), 8 * 60, 6 * 60);

    // (b) Booking: one round all at once, one from as many clients as the load above.
    const { rows: walkers } = await server.pool.query<{ id: string }>(
      `select id from students where library_id = $1 and last_name like 'Walk-in %' order by id`,
      [server.libraryId],
    );
    const students = walkers.map((row) => row.id);
    // Each round books a month from its own joining date, after the previous round's month.
    const after = (date: string, days: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const secondJoining = after(planExpiry(today, 1), 5);
    const thirdJoining = after(planExpiry(secondJoining, 1), 5);
    const rounds: RoundFigures[] = [];
    const checks: { label: string; seats: number; pool: number; overbooked: string[] }[] = [];
    for (const [label, joining, clients, who] of [
      [`${grouped(ATTEMPTS)} at once from ${today}`, today, ATTEMPTS, students.slice(0, ATTEMPTS)],
      [
        `${grouped(ATTEMPTS)} from ${CONNECTIONS} clients from ${secondJoining}`,
        secondJoining,
        CONNECTIONS,
        students.slice(ATTEMPTS, 2 * ATTEMPTS),
      ],
      [`${oneByOne} one at a time from ${thirdJoining}`, thirdJoining, 1, students.slice(2 * ATTEMPTS)],
    ] as const) {
      const attempts = await attemptsFor(server, joining, who);
      const figures = await bookRound(server, label, attempts, clients);
      rounds.push(figures);
      checks.push({ label, ...(await doubleBookings(server.pool, server.libraryId)) });
    }
    say('\n| booking attempts | clients | created | 409 | other statuses | p50 ms | p95 ms | max ms |');
    say('|---|---:|---:|---:|---|---:|---:|---:|');
    for (const r of rounds) sayRound(r);
    say('');
    for (const r of rounds) {
      say(
        `${r.label}: ${r.seconds.toFixed(1)} s for all of them, ${Math.round(r.outcomes.length / r.seconds)} attempts/s, ${((r.seconds * 1000) / r.outcomes.length).toFixed(1)} ms an attempt`,
      );
    }
    say('');
    for (const check of checks) {
      say(
        `Double bookings after ${check.label}: ${check.seats} seats over capacity, ${check.pool} times over the pool`,
      );
    }
    if (checks.some((check) => check.seats !== 0 || check.pool !== 0)) {
      say('DOUBLE BOOKINGS FOUND. The reserved plans from today on at the seats over capacity:');
      await sayOverbookedSeats(server.pool, server.libraryId, checks.at(-1)?.overbooked ?? []);
    }
    if (LIST_SUBSCRIPTIONS > 0) await listScenario(server);
    await sayMachine(server);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
