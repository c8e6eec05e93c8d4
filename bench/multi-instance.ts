// Two API processes behind a load balancer, one of them stopped under load (issue 8,
// docs/scaling.md). Builds nothing: run `npm run build` first, then
//
//   npm run bench:multi-instance
//
// What it does, all on loopback: creates a fresh database on DATABASE_URL, starts two
// `node apps/api/dist/server.js` processes on it (one APP_SECRET, one DATA_DIR for the
// uploads), puts bench/lb-proxy.ts in front (round robin, readiness checks every 200 ms,
// retries only what is safe), seeds a library through the API and drives a mix of
// authenticated reads and writes through the proxy from BENCH_CONNECTIONS clients:
//   1. one instance only, then two instances (throughput);
//   2. both up, then SIGTERM to one: "one stopping" until it exits, then "one left";
//   3. (BENCH_KILL=1, the default) the same with SIGKILL instead of SIGTERM.
// It prints requests, failures, throughput and latency per phase, and drops the database.
//
// Environment: DATABASE_URL (postgres://postgres@127.0.0.1:5432/scale_bench; the database is
// dropped and created again, so its name must start with scale_ or bench_), BENCH_PORT (4200:
// the proxy; the API processes listen on the next two ports), BENCH_SECONDS (10 a phase),
// BENCH_CONNECTIONS (32), BENCH_STUDENTS (200 seeded), BENCH_KILL (1; 0 skips the SIGKILL run),
// SHUTDOWN_DELAY_MS (passed to the API processes; their default when unset).
import { spawn, fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { studentFields, studentForm, threeImages } from '../apps/api/src/modules/students/students.fixtures';
import { registrationBody } from '../apps/api/src/test/registration';
import type { ProxyStats } from './lb-proxy';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverFile = path.join(root, 'apps/api/dist/server.js');
const proxyFile = fileURLToPath(new URL('./lb-proxy.ts', import.meta.url));

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/scale_bench';
const PROXY_PORT = Number(process.env.BENCH_PORT ?? 4200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 200);
const WITH_KILL = (process.env.BENCH_KILL ?? '1') !== '0';
const APP_SECRET = randomBytes(48).toString('base64url');
const PASSWORD = 'bench-password-1';

const say = (line = '') => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------- database

function databaseUrls() {
  const url = new URL(DATABASE_URL);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^(scale|bench)_[a-z0-9_]+$/.test(name)) {
    throw new Error(`DATABASE_URL must name a scratch database (scale_… or bench_…): it is dropped. Got "${name}".`);
  }
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  return { name, admin: admin.toString() };
}

async function adminQuery(sql: string) {
  const client = new pg.Client({ connectionString: databaseUrls().admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const recreateDatabase = async () => {
  const { name } = databaseUrls();
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name} encoding 'UTF8' template template0`);
};
const dropDatabase = () => adminQuery(`drop database if exists ${databaseUrls().name} with (force)`);

// ---------------------------------------------------------------- processes

interface Instance {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scale-bench-'));
fs.chmodSync(dataDir, 0o755);
const started: ChildProcess[] = [];

async function startInstance(name: string, port: number): Promise<Instance> {
  const child = spawn(process.execPath, [serverFile], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL,
      APP_SECRET,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
      // Every client of this bench comes from 127.0.0.1: sign-in limits would stop the mix.
      AUTH_RATE_LIMIT_MAX: '1000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!/running at http/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
    await sleep(50);
  }
  return { name, port, child, output: () => output, exited };
}

// ---------------------------------------------------------------- the proxy

type ProxyMessage =
  | { type: 'listening'; port: number }
  | { type: 'health'; name: string; ready: boolean; at: number }
  | { type: 'stats'; stats: ProxyStats };

const proxy = fork(proxyFile, [], {
  execArgv: ['--import', 'tsx'],
  env: { ...process.env, PROXY_PORT: String(PROXY_PORT) },
});
started.push(proxy);
const healthEvents: { name: string; ready: boolean; at: number }[] = [];
const waiters: ((message: ProxyMessage) => void)[] = [];
const proxyListening = new Promise<{ port: number }>((resolve) =>
  proxy.once('message', (message: ProxyMessage) => resolve(message as { port: number })),
);
proxy.on('message', (message: ProxyMessage) => {
  if (message.type === 'health') healthEvents.push(message);
  for (const waiter of waiters.splice(0)) waiter(message);
});

function proxyMessage<T extends ProxyMessage['type']>(type: T, match: (m: ProxyMessage) => boolean = () => true) {
  return new Promise<Extract<ProxyMessage, { type: T }>>((resolve) => {
    const listen = (message: ProxyMessage) => {
      if (message.type === type && match(message)) resolve(message as Extract<ProxyMessage, { type: T }>);
      else waiters.push(listen);
    };
    waiters.push(listen);
  });
}

async function proxyStats() {
  const reply = proxyMessage('stats');
  proxy.send({ type: 'stats' });
  return (await reply).stats;
}

function untilReady(name: string) {
  return proxyMessage('health', (m) => m.type === 'health' && m.name === name && m.ready);
}

// ---------------------------------------------------------------- the clients

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS * 2 });

interface Answer {
  status: number;
  body: string;
  error?: string;
}

function request(method: string, url: string, headers: http.OutgoingHttpHeaders, body?: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const outgoing = http.request(
      {
        host: '127.0.0.1',
        port: PROXY_PORT,
        method,
        path: url,
        agent,
        headers: body ? { ...headers, 'content-length': body.length } : headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        response.on('error', (error) => resolve({ status: 0, body: '', error: error.message }));
      },
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, body: '', error: error.code ?? error.message }),
    );
    outgoing.end(body);
  });
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const jsonHeaders = (token?: string) => ({
  'content-type': 'application/json',
  ...(token ? { authorization: `Bearer ${token}` } : {}),
});

async function call<T>(method: string, url: string, token: string | undefined, payload?: unknown): Promise<T> {
  const answer = await request(method, url, jsonHeaders(token), payload === undefined ? undefined : json(payload));
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.body}`);
  return (JSON.parse(answer.body) as { data: T }).data;
}

/** The student form as multipart bytes (fresh mobile, email and Aadhaar number each time). */
async function studentMultipart(images: Record<string, Buffer>) {
  const form = studentForm(studentFields({ first_name: pickName() }), images);
  const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return {
    body: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}

const NAMES = ['Aarav', 'Diya', 'Ishaan', 'Kavya', 'Meera', 'Nikhil', 'Priya', 'Rahul', 'Sneha', 'Tanvi', 'Vivaan'];
const pickName = () => NAMES[randomInt(NAMES.length)]!;

const registration = () =>
  registrationBody({ library_name: `Bench Library ${randomBytes(6).toString('hex')}`, password: PASSWORD });

interface Library {
  ownerEmail: string;
  tokens: string[];
  studentIds: string[];
  images: Record<string, Buffer>;
}

async function seed(): Promise<Library> {
  const body = registration();
  await call('POST', '/api/auth/register/library', undefined, body);
  const login = () =>
    call<{ token: string }>('POST', '/api/auth/login', undefined, { identifier: body.owner_email, password: PASSWORD });
  const { token } = await login();
  for (const area of [
    { area_name: 'Silent Hall', total_seats: 60, location: 'Ground floor', status: 'active' },
    { area_name: 'Reading Lounge', total_seats: 60, location: 'First floor', status: 'active' },
  ]) {
    const created = await call<{ id: string }>('POST', '/api/area', token, area);
    await call('POST', `/api/area/${created.id}/generate-seats`, token, {});
  }
  const images = await threeImages();
  const studentIds: string[] = [];
  const windows = [
    ['06:00', '12:00'],
    ['12:00', '18:00'],
    ['18:00', '23:00'],
  ] as const;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
  // Four at a time: each student is three images to re-encode.
  for (let i = 0; i < STUDENTS; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, STUDENTS - i) }, async (_, j) => {
        const form = await studentMultipart(images);
        const answer = await request(
          'POST',
          '/api/user',
          { 'content-type': form.contentType, authorization: `Bearer ${token}` },
          form.body,
        );
        if (answer.status !== 201) throw new Error(`student: ${answer.status} ${answer.body}`);
        const id = (JSON.parse(answer.body) as { data: { id: string } }).data.id;
        studentIds.push(id);
        if ((i + j) % 3 !== 2) {
          const [start, end] = windows[(i + j) % windows.length]!;
          await call('POST', '/api/subscription', token, {
            student_id: id,
            joining_date: today,
            start_time: start,
            end_time: end,
            duration: 1 + ((i + j) % 3),
            is_reserved: false,
            fee: 1200,
            mode: 'UPI',
          });
        }
      }),
    );
  }
  const tokens: string[] = [];
  for (let i = 0; i < CONNECTIONS; i += 1) tokens.push((await login()).token);
  return { ownerEmail: body.owner_email, tokens, studentIds, images };
}

// ---------------------------------------------------------------- the mix

interface Sample {
  op: string;
  /** Date.now() when sent (phases are cut on this). */
  at: number;
  ms: number;
  status: number;
  error?: string;
}

type Operation = (token: string) => Promise<Answer>;

function mix(library: Library): [number, string, Operation][] {
  const pages = Math.max(1, Math.ceil(library.studentIds.length / 25));
  const periods = ['24_hour', '7_days', '1_month', '1_year'];
  const get = (url: string) => (token: string) => request('GET', url, jsonHeaders(token));
  return [
    [25, 'GET students page', (t) => get(`/api/user?page=${randomInt(1, pages + 1)}&limit=25`)(t)],
    [10, 'GET students search', (t) => get(`/api/user?search=${pickName().toLowerCase()}`)(t)],
    [20, 'GET subscriptions', (t) => get(`/api/subscription?page=1&limit=25`)(t)],
    [15, 'GET dashboard', (t) => get(`/api/dashboard/${periods[randomInt(periods.length)]}`)(t)],
    [10, 'GET me', (t) => get('/api/auth/me')(t)],
    [
      8,
      'PATCH student KYC',
      (t) =>
        request(
          'PATCH',
          `/api/user/${library.studentIds[randomInt(library.studentIds.length)]}/kyc`,
          jsonHeaders(t),
          json({ kyc_status: ['pending', 'verified', 'rejected'][randomInt(3)] }),
        ),
    ],
    [
      5,
      'POST student (3 images)',
      async (t) => {
        const form = await studentMultipart(library.images);
        return request(
          'POST',
          '/api/user',
          { 'content-type': form.contentType, authorization: `Bearer ${t}` },
          form.body,
        );
      },
    ],
    [
      4,
      'POST login',
      () =>
        request('POST', '/api/auth/login', jsonHeaders(), json({ identifier: library.ownerEmail, password: PASSWORD })),
    ],
    [
      3,
      'POST register library',
      () => request('POST', '/api/auth/register/library', jsonHeaders(), json(registration())),
    ],
  ];
}

function chooser(operations: [number, string, Operation][]) {
  const total = operations.reduce((sum, [weight]) => sum + weight, 0);
  return () => {
    let roll = randomInt(total);
    for (const [weight, name, run] of operations) {
      if (roll < weight) return { name, run };
      roll -= weight;
    }
    throw new Error('unreachable');
  };
}

/** Runs the mix from every client until `stop` resolves; answers every request made. */
async function drive(library: Library, stop: Promise<unknown>): Promise<Sample[]> {
  const samples: Sample[] = [];
  const pick = chooser(mix(library));
  let stopped = false;
  void stop.then(() => (stopped = true));
  await Promise.all(
    library.tokens.map(async (token) => {
      while (!stopped) {
        const { name, run } = pick();
        const at = Date.now();
        const started = performance.now();
        const answer = await run(token);
        samples.push({ op: name, at, ms: performance.now() - started, status: answer.status, error: answer.error });
      }
    }),
  );
  return samples;
}

// ---------------------------------------------------------------- where the CPU went

const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU time (user + system, in ticks) of one process, from /proc; 0 once it is gone. */
function processTicks(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** CPU time of every PostgreSQL process on the machine (the server and its backends). */
function postgresTicks(): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') total += processTicks(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** Busy ticks of the whole machine (all cores), from /proc/stat. */
function machineBusyTicks(): number {
  const [, ...values] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = values.map(Number);
  return user! + nice! + system! + irq! + softirq! + (steal ?? 0);
}

type CpuSnapshot = Record<string, number>;

function cpuSnapshot(pids: Record<string, number | undefined>): CpuSnapshot {
  const snapshot: CpuSnapshot = { at: Date.now(), machine: machineBusyTicks(), postgres: postgresTicks() };
  for (const [name, pid] of Object.entries(pids)) snapshot[name] = processTicks(pid);
  const usage = process.cpuUsage();
  snapshot.client = ((usage.user + usage.system) / 1e6) * TICKS_PER_SECOND;
  return snapshot;
}

/** Cores kept busy on average between two snapshots, per process. */
function cpuLine(before: CpuSnapshot, after: CpuSnapshot) {
  const seconds = (after.at! - before.at!) / 1000;
  const cores = (name: string) => (after[name]! - before[name]!) / TICKS_PER_SECOND / seconds;
  const names = Object.keys(before).filter((name) => name !== 'at' && name !== 'machine');
  const rest = cores('machine') - names.reduce((sum, name) => sum + cores(name), 0);
  return (
    `CPU, cores busy on average: ${names.map((name) => `${name} ${cores(name).toFixed(2)}`).join(', ')}, ` +
    `anything else ${Math.max(0, rest).toFixed(2)}; machine ${cores('machine').toFixed(2)} of ${os.cpus().length}`
  );
}

// ---------------------------------------------------------------- figures

const ok = (sample: Sample) => sample.status >= 200 && sample.status < 300;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Figures {
  phase: string;
  seconds: number;
  requests: number;
  failed: number;
  perSecond: number;
  p50: number;
  p99: number;
}

function figures(phase: string, samples: Sample[], seconds: number): Figures {
  const latencies = samples.map((sample) => sample.ms).sort((x, y) => x - y);
  return {
    phase,
    seconds,
    requests: samples.length,
    failed: samples.filter((sample) => !ok(sample)).length,
    perSecond: samples.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

function table(rows: Figures[]) {
  say(
    `${'phase'.padEnd(28)}${'seconds'.padStart(8)}${'requests'.padStart(10)}${'failed'.padStart(8)}` +
      `${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}`,
  );
  for (const row of rows) {
    say(
      `${row.phase.padEnd(28)}${row.seconds.toFixed(1).padStart(8)}${String(row.requests).padStart(10)}` +
        `${String(row.failed).padStart(8)}${row.perSecond.toFixed(0).padStart(9)}${row.p50.toFixed(1).padStart(9)}` +
        `${row.p99.toFixed(1).padStart(9)}`,
    );
  }
}

function failures(samples: Sample[]) {
  const byKind = new Map<string, number>();
  for (const sample of samples.filter((s) => !ok(s))) {
    const kind = `${sample.op}: ${sample.status || sample.error}`;
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  return [...byKind.entries()].map(([kind, n]) => `${n} × ${kind}`).join('; ') || 'none';
}

function summary(label: string, samples: Sample[]) {
  const failed = samples.filter((sample) => !ok(sample)).length;
  const rate = samples.length ? (100 * failed) / samples.length : 0;
  say(`${label}: ${samples.length} requests, ${failed} failed (${rate.toFixed(3)} %); failures: ${failures(samples)}`);
  return rate;
}

let cpuPids: Record<string, number | undefined> = {};

async function timed(library: Library, seconds: number) {
  const from = Date.now();
  const before = cpuSnapshot(cpuPids);
  const samples = await drive(library, sleep(seconds * 1000));
  return { samples, seconds: (Date.now() - from) / 1000, cpu: cpuLine(before, cpuSnapshot(cpuPids)) };
}

/** Both up, then `signal` to `victim` mid-run; phases cut at the signal and at its exit. */
async function stopOneUnderLoad(library: Library, victim: Instance, signal: NodeJS.Signals) {
  proxy.send({ type: 'reset' });
  const from = Date.now();
  let signalledAt = 0;
  let exitedAt = 0;
  let finish!: () => void;
  const stop = new Promise<void>((resolve) => (finish = resolve));
  const load = drive(library, stop);
  const before = cpuSnapshot(cpuPids);
  await sleep(SECONDS * 1000);
  const beforeSignal = cpuSnapshot(cpuPids);
  signalledAt = Date.now();
  victim.child.kill(signal);
  const code = await victim.exited;
  exitedAt = Date.now();
  const afterExit = cpuSnapshot(cpuPids);
  await sleep(SECONDS * 1000);
  const after = cpuSnapshot(cpuPids);
  finish();
  const samples = await load;
  const to = Date.now();
  const seen = healthEvents.find((event) => event.name === victim.name && !event.ready && event.at >= signalledAt);
  say(
    `${signal} to ${victim.name}: the proxy saw it not ready after ${seen ? seen.at - signalledAt : '—'} ms; ` +
      `it exited with code ${code} after ${exitedAt - signalledAt} ms`,
  );
  table([
    figures(
      'both up',
      samples.filter((s) => s.at < signalledAt),
      (signalledAt - from) / 1000,
    ),
    figures(
      `one stopping (${signal})`,
      samples.filter((s) => s.at >= signalledAt && s.at < exitedAt),
      (exitedAt - signalledAt) / 1000,
    ),
    figures(
      'one left',
      samples.filter((s) => s.at >= exitedAt),
      (to - exitedAt) / 1000,
    ),
  ]);
  say(`both up: ${cpuLine(before, beforeSignal)}`);
  say(`one left: ${cpuLine(afterExit, after)}`);
  const stats = await proxyStats();
  say(
    `proxy: ${stats.requests} requests, per instance ${JSON.stringify(stats.perBackend)}, retries ` +
      `${JSON.stringify(stats.retries)}, answered as failed ${JSON.stringify(stats.failures)}`,
  );
  return summary(`whole ${signal} run`, samples);
}

// ---------------------------------------------------------------- main

async function main() {
  if (!fs.existsSync(serverFile)) throw new Error(`${serverFile} is missing: run \`npm run build\` first.`);
  say(`Multi-instance bench, ${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}`);
  say(`Database: ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')} (fresh); ${CONNECTIONS} clients; ${SECONDS} s a phase`);
  await recreateDatabase();
  const { port: proxyPort } = await proxyListening;
  const ports = { A: PROXY_PORT + 1, B: PROXY_PORT + 2 };
  const bothReady = Promise.all([untilReady('A'), untilReady('B')]);
  const a = await startInstance('A', ports.A);
  let b = await startInstance('B', ports.B);
  proxy.send({
    type: 'backends',
    backends: [
      { name: 'A', port: ports.A, enabled: true },
      { name: 'B', port: ports.B, enabled: true },
    ],
  });
  await bothReady;
  say(`Proxy on 127.0.0.1:${proxyPort}, instances A :${ports.A} and B :${ports.B}`);
  cpuPids = { A: a.child.pid, B: b.child.pid, proxy: proxy.pid };
  const delay = process.env.SHUTDOWN_DELAY_MS ?? 'default';
  say(`SHUTDOWN_DELAY_MS: ${delay}`);

  let clock = Date.now();
  const library = await seed();
  say(
    `Seeded through the API in ${((Date.now() - clock) / 1000).toFixed(1)} s: one library, 120 seats, ` +
      `${library.studentIds.length} students with images, 2/3 of them subscribed; ${library.tokens.length} sessions`,
  );
  say(
    'Mix: 25 % student pages, 10 % student search, 20 % subscriptions, 15 % dashboard, 10 % me, ' +
      '8 % KYC change, 5 % new student (3 images), 4 % sign-in, 3 % library registration',
  );

  clock = Date.now();
  await drive(library, sleep(3000)); // warm-up: JIT, pools, caches
  say(`Warm-up: ${((Date.now() - clock) / 1000).toFixed(1)} s`);

  say('');
  say('1. Throughput, one instance against two (same proxy, same clients):');
  proxy.send({ type: 'enable', name: 'B', enabled: false });
  const single = await timed(library, SECONDS);
  proxy.send({ type: 'enable', name: 'B', enabled: true });
  const double = await timed(library, SECONDS);
  table([
    figures('1 instance', single.samples, single.seconds),
    figures('2 instances', double.samples, double.seconds),
  ]);
  say(`1 instance: ${single.cpu}`);
  say(`2 instances: ${double.cpu}`);
  summary('1 instance', single.samples);
  summary('2 instances', double.samples);

  say('');
  say('2. Graceful stop: SIGTERM to one of two under load');
  const gracefulRate = await stopOneUnderLoad(library, b, 'SIGTERM');

  let killRate: number | undefined;
  if (WITH_KILL) {
    say('');
    say('3. Crash: SIGKILL to one of two under load (requests in flight on it are lost)');
    const readyAgain = untilReady('B');
    b = await startInstance('B', ports.B);
    await readyAgain;
    cpuPids = { ...cpuPids, B: b.child.pid };
    killRate = await stopOneUnderLoad(library, b, 'SIGKILL');
  }

  say('');
  say(
    `Result: failure rate with a graceful stop ${gracefulRate.toFixed(3)} % (target < 0.1 %: ` +
      `${gracefulRate < 0.1 ? 'met' : 'NOT met'})` +
      (killRate === undefined ? '' : `; with SIGKILL ${killRate.toFixed(3)} %`),
  );

  a.child.kill('SIGTERM');
  await a.exited;
}

main()
  .catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  })
  .finally(async () => {
    for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    agent.destroy();
    await dropDatabase().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
