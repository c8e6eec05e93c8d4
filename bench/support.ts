// What the API benchmarks share: a scratch database (a throwaway embedded PostgreSQL, or a
// scratch database on BENCH_DATABASE_URL's server, dropped after), the real app listening
// on a loopback port, and a newly registered library with its session.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { connectDatabase } from '../apps/api/src/db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../apps/api/src/db/embedded';
import { runMigrations } from '../apps/api/src/db/migrate';

export const say = (line = '') => process.stdout.write(`${line}\n`);

// autocannon ships no types; this is the part of its API the benches use: the instance is also a
// promise of the result, and reports every response with its time in milliseconds.
export interface LoadResult {
  requests: { average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
export interface LoadRun extends PromiseLike<LoadResult> {
  on(event: 'response', listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
export const autocannon = createRequire(import.meta.url)('autocannon') as (options: {
  url: string;
  connections: number;
  duration: number;
  /** Seconds before a request counts as timed out (autocannon's default: 10). */
  timeout?: number;
  headers: Record<string, string>;
}) => LoadRun;

export interface BenchDatabase {
  url: string;
  embedded: EmbeddedDatabase | undefined;
  drop: () => Promise<void>;
  /** Whether the database existed before (a kept one, reused). */
  reused?: boolean;
}

/**
 * A scratch database: a throwaway embedded PostgreSQL in `scratch`, or a new database on
 * BENCH_DATABASE_URL's server, dropped by `drop()`. With `keep` (a name) on
 * BENCH_DATABASE_URL's server, the database of that name is created if missing and never
 * dropped, so a long seed can serve several runs.
 */
export async function openDatabase(scratch: string, keep?: string): Promise<BenchDatabase> {
  const external = process.env.BENCH_DATABASE_URL;
  if (keep && external) {
    if (!/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error(`not a database name: ${keep}`);
    const admin = new pg.Client({ connectionString: external });
    await admin.connect();
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [keep]);
    if (!rowCount) await admin.query(`create database ${keep} encoding 'UTF8' template template0`);
    await admin.end();
    const url = new URL(external);
    url.pathname = `/${keep}`;
    return { url: url.toString(), embedded: undefined, drop: async () => undefined, reused: Boolean(rowCount) };
  }
  if (!external) {
    const embedded = await startEmbeddedPostgres(scratch, () => undefined);
    return {
      url: embedded.connectionString,
      embedded: embedded as EmbeddedDatabase | undefined,
      drop: async () => undefined,
    };
  }
  const name = `sla_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: external });
  await admin.connect();
  await admin.query(`create database ${name} encoding 'UTF8' template template0`);
  await admin.end();
  const url = new URL(external);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    embedded: undefined as EmbeddedDatabase | undefined,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: external });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface BenchServer {
  /** `http://127.0.0.1:<port>`. */
  address: string;
  pool: pg.Pool;
  libraryId: string;
  /** The library owner's bearer header. */
  headers: Record<string, string>;
  /** Whether the database is a throwaway embedded one. */
  embedded: boolean;
  /** The app secret the server signs with (the check-in bench makes entry passes with it). */
  appSecret: string;
}

/**
 * Runs `bench` against the app on a loopback port with a newly registered library, on a
 * scratch database that is dropped afterwards, whatever happens; with BENCH_KEEP_DATABASE (a
 * name, and BENCH_DATABASE_URL) on that database of BENCH_DATABASE_URL's server instead, kept
 * afterwards to look into (each run registers a library of its own in it).
 */
export async function withBenchServer(bench: (server: BenchServer) => Promise<void>): Promise<void> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-bench-'));
  fs.chmodSync(scratch, 0o755);
  const database = await openDatabase(scratch, process.env.BENCH_KEEP_DATABASE);
  const handle = connectDatabase(database.url, 20);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    await runMigrations(database.url);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: scratch,
      DB_POOL_MAX: '20',
      AUTH_RATE_LIMIT_MAX: '1000',
    });
    const appSecret = randomBytes(32).toString('hex');
    app = await buildApp({ config, db: handle.db, appSecret });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const registration = await fetch(`${address}/api/auth/register/library`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        library_name: 'Bench Library',
        mobile: '9876543210',
        email: 'desk@bench.example',
        address: 'Bench Road',
        first_name: 'Bench',
        owner_mobile: '9123456780',
        owner_email: `owner-${randomBytes(3).toString('hex')}@bench.example`,
        password: 'bench-password',
      }),
    });
    const session = (await registration.json()) as { data: { token: string; library: { id: string } } };
    await bench({
      address,
      pool: handle.pool,
      libraryId: session.data.library.id,
      headers: { authorization: `Bearer ${session.data.token}` },
      embedded: Boolean(database.embedded),
      appSecret,
    });
  } finally {
    await app?.close();
    await handle.pool.end();
    await database.embedded?.stop();
    await database.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** Prints the load the figures were measured under, and the machine, Node and PostgreSQL. */
export async function sayMachine(server: BenchServer): Promise<void> {
  say(
    `Load average during the run: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(', ')}`,
  );
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const { rows } = await server.pool.query<{ server_version: string }>('show server_version');
  say(
    `\nMachine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}, PostgreSQL ${rows[0]?.server_version}${server.embedded ? ' (embedded)' : ''}`,
  );
}

// ---------------------------------------------------------------- server processes and mixed load
// (bench/saas.ts and bench/start.ts; reusable by any bench that runs the built server.)

/** The repository this bench file sits in. */
export const benchRoot = path.resolve(import.meta.dirname, '..');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The p-th percentile (0–100) of sorted values. */
export const percentile = (sorted: number[], p: number) => sorted[Math.floor((p / 100) * (sorted.length - 1))] ?? 0;
export const round1 = (value: number) => Math.round(value * 10) / 10;
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

/** A TCP port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Bundles the API (apps/api/dist/server.js) in `root`; answers the seconds it took. */
export function buildApi(root = benchRoot): number {
  const start = performance.now();
  execFileSync(process.execPath, ['build.mjs'], { cwd: path.join(root, 'apps/api'), stdio: 'inherit' });
  return (performance.now() - start) / 1000;
}

/** Polls GET /api/health until it answers 200; answers the milliseconds from `since`, or throws at the deadline. */
export async function untilHealthy(
  address: string,
  since: number,
  deadlineMs: number,
  alive: () => boolean = () => true,
): Promise<number> {
  while (performance.now() - since < deadlineMs) {
    if (!alive()) throw new Error('the server exited before it was healthy');
    try {
      const response = await fetch(`${address}/api/health`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`${address}/api/health was not healthy within ${deadlineMs} ms`);
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  port: number;
  address: string;
  /** Milliseconds from the spawn to a healthy /api/health. */
  startMs: number;
  output: () => string;
  /** SIGTERM (no drain delay), then waits for the exit; SIGKILL after 20 s. */
  stop: () => Promise<void>;
}

/**
 * Spawns `command` (default `node apps/api/dist/server.js` in `root`) with NODE_ENV=production
 * on a free loopback port, and waits for a healthy /api/health.
 */
export async function startServerProcess(options: {
  env: Record<string, string>;
  root?: string;
  command?: string[];
  deadlineMs?: number;
}): Promise<ServerProcess> {
  const root = options.root ?? benchRoot;
  const port = await freePort();
  const [file, ...args] = options.command ?? [process.execPath, path.join(root, 'apps/api/dist/server.js')];
  const since = performance.now();
  const child = spawn(file!, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_DELAY_MS: '0',
      ...options.env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: `npm start` and what it starts stop together
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const address = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const killer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone
      }
    }, 20_000);
    await exited;
    clearTimeout(killer);
  };
  try {
    const startMs = await untilHealthy(
      address,
      since,
      options.deadlineMs ?? 60_000,
      () => child.exitCode === null && child.signalCode === null,
    );
    return { child, pid: child.pid!, port, address, startMs, output: () => output, stop };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output}`, { cause: error });
  }
}

/** A process's resident set size in MB (VmRSS in /proc/<pid>/status), or 0 once it is gone. */
export function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Samples the processes' RSS every `everyMs` until `stop()`, which answers each one's maximum in MB. */
export function sampleRss(pids: number[], everyMs = 200): { stop: () => Map<number, number> } {
  const max = new Map<number, number>(pids.map((pid) => [pid, rssMb(pid)]));
  const timer = setInterval(() => {
    for (const pid of pids) max.set(pid, Math.max(max.get(pid) ?? 0, rssMb(pid)));
  }, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      for (const pid of pids) max.set(pid, Math.max(max.get(pid) ?? 0, rssMb(pid)));
      return max;
    },
  };
}

/** CPU time (user and system) of `pids` in clock ticks, 0 for any that is gone (/proc/<pid>/stat). */
export function cpuTicks(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited
    }
  }
  return ticks;
}

/** Microseconds a clock tick (USER_HZ is 100 on Linux). */
export const TICK_US = 10_000;

/** The backends of the bench's database (PostgreSQL on this machine) other than the asking one: the servers' pools. */
export function backendsOf(pool: pg.Pool): () => Promise<number[]> {
  return async () =>
    (
      await pool.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).rows.map((row) => row.pid);
}

/**
 * The CPU a server process and the database's backends spend while `load` runs, per response:
 * call `start()` just before the load and `stop(responses)` after it. Backends the pool opened
 * during the load are counted from 0 (their whole life is the load).
 */
export async function cpuPerResponse(
  serverPids: number[],
  backends: () => Promise<number[]>,
): Promise<{ stop: (responses: number) => Promise<{ nodeUs?: number; postgresUs?: number }> }> {
  const before = await backends();
  const nodeBefore = cpuTicks(serverPids);
  const postgresBefore = cpuTicks(before);
  return {
    stop: async (responses) => {
      const perResponse = (ticks: number) => (responses ? Math.round((ticks * TICK_US) / responses) : undefined);
      const added = (await backends()).filter((pid) => !before.includes(pid));
      return {
        nodeUs: serverPids.length ? perResponse(cpuTicks(serverPids) - nodeBefore) : undefined,
        postgresUs: perResponse(cpuTicks(before) - postgresBefore + cpuTicks(added)),
      };
    },
  };
}

/** One load scenario's figures: latencies of the responses that arrived, req/s, errors, the CPU a response. */
export interface LoadFigures {
  scenario: string;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  responses: number;
  errors: number;
  /** CPU microseconds a response of the server process (when it has its own) and of the database's backends. */
  nodeUs?: number;
  postgresUs?: number;
}

/** Where a load goes: the server's address, its process (none when it runs in the bench's own), the database's backends. */
export interface LoadTarget {
  address: string;
  serverPid?: number;
  backends: () => Promise<number[]>;
}

/** `connections` clients on `url` for `seconds` with autocannon, and what the server and PostgreSQL spent a response. */
export async function loadScenario(
  scenario: string,
  url: string,
  headers: Record<string, string>,
  target: LoadTarget,
  options: { connections: number; seconds: number; timeout?: number },
): Promise<LoadFigures> {
  const times: number[] = [];
  const cpu = await cpuPerResponse(target.serverPid ? [target.serverPid] : [], target.backends);
  const tracker = autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    headers,
  });
  tracker.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await tracker;
  const spent = await cpu.stop(times.length);
  times.sort((a, b) => a - b);
  return {
    ...spent,
    scenario,
    p50: round1(percentile(times, 50)),
    p95: round1(percentile(times, 95)),
    p99: round1(percentile(times, 99)),
    rps: Math.round(result.requests.average),
    responses: times.length,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * The built server (`node apps/api/dist/server.js` of `root`, this checkout by default, with
 * `nodeArgs` for node) in a process of its own on a bench server's database and secret, with a
 * data directory of its own that `stop()` removes.
 */
export async function startAppProcess(
  server: BenchServer,
  options: { root?: string; nodeArgs?: string[]; env?: Record<string, string> } = {},
): Promise<ServerProcess> {
  const root = options.root ?? benchRoot;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-bench-app-'));
  const api = await startServerProcess({
    root,
    command: [process.execPath, ...(options.nodeArgs ?? []), path.join(root, 'apps/api/dist/server.js')],
    env: {
      DATABASE_URL: server.pool.options.connectionString!,
      APP_SECRET: server.appSecret,
      DATA_DIR: dataDir,
      DB_POOL_MAX: '20',
      AUTH_RATE_LIMIT_MAX: '1000',
      ...options.env,
    },
  });
  return {
    ...api,
    stop: async () => {
      await api.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One kind of call in a mix: its name, its weight, and how to make the next request. */
export interface MixCall {
  name: string;
  weight: number;
  request: () => {
    method?: string;
    path: string;
    headers?: Record<string, string>;
    body?: unknown;
    /** A label the results can be split by (a library's size, say). */
    tag?: string;
  };
  /** Statuses counted as answers, not errors (default: 2xx). */
  ok?: (status: number) => boolean;
}

export interface MixSample {
  call: string;
  tag?: string;
  ms: number;
  ok: boolean;
  status: number;
}

/**
 * A closed-loop mixed load: `connections` clients on keep-alive connections, each sending its
 * next request (a call drawn by weight) as soon as the last one answered, for `seconds`.
 * Every response is timed on its own, so each call has its own percentiles (autocannon's
 * events do not say which request of a mix a response answers).
 */
export async function runMix(options: {
  address: string;
  connections: number;
  seconds: number;
  calls: MixCall[];
  /** Seeds the draw, so two runs send the same sequence. */
  seed?: number;
  /**
   * Requests a second for all clients together (paced: each client sends on its own schedule
   * and waits for the next slot; one that falls behind sends at once). Absent: as fast as answered.
   */
  rate?: number;
}): Promise<{ samples: MixSample[]; seconds: number; firstErrors: string[] }> {
  const url = new URL(options.address);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const total = options.calls.reduce((sum, call) => sum + call.weight, 0);
  let state = options.seed ?? 1;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const draw = () => {
    let r = random() * total;
    for (const call of options.calls) {
      r -= call.weight;
      if (r < 0) return call;
    }
    return options.calls.at(-1)!;
  };
  const samples: MixSample[] = [];
  const firstErrors: string[] = [];
  const send = (call: MixCall) =>
    new Promise<void>((resolve) => {
      const spec = call.request();
      const body = spec.body === undefined ? undefined : Buffer.from(JSON.stringify(spec.body));
      const started = performance.now();
      const finish = (status: number, detail: string) => {
        const ok = call.ok ? call.ok(status) : status >= 200 && status < 300;
        samples.push({ call: call.name, tag: spec.tag, ms: performance.now() - started, ok, status });
        if (!ok && firstErrors.length < 10)
          firstErrors.push(`${call.name} ${spec.path}: ${status} ${detail.slice(0, 300)}`);
        resolve();
      };
      const outgoing = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: spec.method ?? 'GET',
          path: spec.path,
          agent,
          headers: {
            ...spec.headers,
            ...(body ? { 'content-type': 'application/json', 'content-length': body.length } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => finish(response.statusCode ?? 0, Buffer.concat(chunks).toString()));
          response.on('error', (error) => finish(0, error.message));
        },
      );
      outgoing.on('error', (error) => finish(0, error.message));
      outgoing.end(body);
    });
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const interval = options.rate ? (options.connections / options.rate) * 1000 : 0;
  await Promise.all(
    Array.from({ length: options.connections }, async (_, client) => {
      let slot = started + (client * interval) / options.connections;
      while (performance.now() < until) {
        if (interval > 0) {
          const wait = slot - performance.now();
          if (wait > 0) await sleep(wait);
          slot = Math.max(slot + interval, performance.now());
          if (performance.now() >= until) break;
        }
        await send(draw());
      }
    }),
  );
  agent.destroy();
  return { samples, seconds: (performance.now() - started) / 1000, firstErrors };
}

export interface CallFigures {
  call: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  rps: number;
  errors: number;
}

/** Per call (in `order`), and `all` last: percentiles in ms, requests a second, errors. */
export function callFigures(samples: MixSample[], seconds: number, order: string[]): CallFigures[] {
  const figures = (call: string, list: MixSample[]): CallFigures => {
    const times = list.map((sample) => sample.ms).sort((a, b) => a - b);
    return {
      call,
      count: list.length,
      p50: round1(percentile(times, 50)),
      p95: round1(percentile(times, 95)),
      p99: round1(percentile(times, 99)),
      max: round1(times.at(-1) ?? 0),
      rps: round1(list.length / seconds),
      errors: list.filter((sample) => !sample.ok).length,
    };
  };
  return [
    ...order.map((call) =>
      figures(
        call,
        samples.filter((sample) => sample.call === call),
      ),
    ),
    figures('all calls', samples),
  ];
}

/** A Markdown table of `callFigures`, with a column marking p99 against `targetMs`. */
export function sayCallTable(rows: CallFigures[], targetMs?: number): void {
  const mark = targetMs === undefined ? '' : ` p99 < ${targetMs} ms |`;
  say(`| call | requests | p50 ms | p95 ms | p99 ms | max ms | req/s | errors |${mark}`);
  say(`|---|---:|---:|---:|---:|---:|---:|---:|${targetMs === undefined ? '' : ':---:|'}`);
  for (const row of rows) {
    const verdict = targetMs === undefined ? '' : ` ${row.count === 0 ? '–' : row.p99 < targetMs ? 'yes' : 'NO'} |`;
    say(
      `| ${row.call} | ${row.count} | ${row.p50} | ${row.p95} | ${row.p99} | ${row.max} | ${row.rps} | ${row.errors} |${verdict}`,
    );
  }
}
