// Start times (issue 18, item 6):
//
//   (a) `node apps/api/dist/server.js` on an existing data directory (the embedded PostgreSQL's
//       cluster is there already, so its start counts) until GET /api/health answers 200,
//       BENCH_START_RUNS times (5): p50 and max, against 3 s; the first start on an empty data
//       directory (initdb and every migration) is printed apart;
//   (b) a fresh clone (`git clone` of this repository), `npm install` (timed, not counted), then
//       `npm start` (the web and API builds, then the server) until /api/health answers 200,
//       against 60 s;
//
// and each server's RSS (VmRSS) idle, 2 s after it is healthy. Free ports and temporary data
// directories; everything is stopped and removed at the end.
//
//   npm run bench:start
//
// Environment: BENCH_START_RUNS (5), BENCH_CLONE (1; 0 skips (b)), BENCH_CLONE_FROM (this
// repository; a path or URL for `git clone`).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  benchRoot,
  buildApi,
  loadAverage,
  percentile,
  round1,
  rssMb,
  say,
  sleep,
  startServerProcess,
  type ServerProcess,
} from './support';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 5);
const WITH_CLONE = (process.env.BENCH_CLONE ?? '1') !== '0';
const CLONE_FROM = process.env.BENCH_CLONE_FROM ?? benchRoot;
const TARGET_RESTART_S = 3;
const TARGET_FRESH_S = 60;

/** The environment of a server of its own: embedded PostgreSQL in `dataDir`, no DATABASE_URL. */
function ownEnv(dataDir: string): Record<string, string> {
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  return env;
}

/** The process of the tree under `pid` whose command line holds `needle` (npm start's server). */
function descendant(pid: number, needle: string): number | undefined {
  const children = (parent: number): number[] => {
    try {
      return fs
        .readFileSync(`/proc/${parent}/task/${parent}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  };
  const queue = [pid];
  while (queue.length) {
    const next = queue.shift()!;
    const command = (() => {
      try {
        return fs.readFileSync(`/proc/${next}/cmdline`, 'utf8').replace(/\0/g, ' ');
      } catch {
        return '';
      }
    })();
    // The node process itself, not the shell `npm start` runs it from (whose command line names it too).
    if (command.includes(needle) && /^\S*node /.test(command)) return next;
    queue.push(...children(next));
  }
  return undefined;
}

async function idleRss(server: ServerProcess, pid = server.pid): Promise<number> {
  await sleep(2000);
  return round1(rssMb(pid));
}

async function restarts() {
  say(`\n(a) node apps/api/dist/server.js on an existing data directory (embedded PostgreSQL)`);
  say(`Building the API once: ${buildApi().toFixed(1)} s`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-start-'));
  fs.chmodSync(dataDir, 0o755);
  // The environment must not point the server at another database.
  delete process.env.DATABASE_URL;
  try {
    const first = await startServerProcess({ env: ownEnv(dataDir), deadlineMs: 120_000 });
    const firstRss = await idleRss(first);
    await first.stop();
    say(
      `First start on an empty data directory (initdb, every migration): ${(first.startMs / 1000).toFixed(2)} s, RSS idle ${firstRss} MB`,
    );
    const times: number[] = [];
    const rss: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const server = await startServerProcess({ env: ownEnv(dataDir), deadlineMs: 60_000 });
      times.push(server.startMs / 1000);
      rss.push(await idleRss(server));
      await server.stop();
    }
    const sorted = [...times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const max = sorted.at(-1)!;
    say(`\n| run | spawn to healthy s | RSS idle MB |`);
    say('|---:|---:|---:|');
    times.forEach((time, index) => say(`| ${index + 1} | ${time.toFixed(2)} | ${rss[index]} |`));
    say(
      `\nRestart on an existing data directory: p50 ${p50.toFixed(2)} s, max ${max.toFixed(2)} s over ${RUNS} runs; ` +
        `target ≤ ${TARGET_RESTART_S} s: ${max <= TARGET_RESTART_S ? 'met' : p50 <= TARGET_RESTART_S ? 'met at p50, missed at max' : 'MISSED'}; ` +
        `RSS idle p50 ${percentile(
          [...rss].sort((a, b) => a - b),
          50,
        )} MB (the server process; the embedded PostgreSQL's processes are apart)`,
    );
    return { p50, max };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function freshClone() {
  say(`\n(b) a fresh clone: git clone, npm install (not counted), npm start to healthy`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sla-clone-'));
  fs.chmodSync(work, 0o755);
  const clone = path.join(work, 'app');
  const dataDir = path.join(work, 'data');
  try {
    let start = performance.now();
    execFileSync('git', ['clone', '--quiet', CLONE_FROM, clone], { stdio: 'inherit' });
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: clone }).toString().trim();
    say(`git clone ${CLONE_FROM} (at ${commit}): ${((performance.now() - start) / 1000).toFixed(1)} s`);
    start = performance.now();
    const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
      cwd: clone,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'development' },
    });
    if (install.status !== 0) throw new Error(`npm install failed:\n${install.stderr.toString().slice(-3000)}`);
    say(
      `npm install: ${((performance.now() - start) / 1000).toFixed(1)} s (not counted; load average ${loadAverage()})`,
    );
    const server = await startServerProcess({
      root: clone,
      command: ['npm', 'start'],
      env: ownEnv(dataDir),
      deadlineMs: 300_000,
    });
    const serverPid = descendant(server.pid, 'dist/server.js') ?? server.pid;
    const rss = await idleRss(server, serverPid);
    await server.stop();
    const seconds = server.startMs / 1000;
    say(
      `npm start (build of the web app and the API, first start: initdb and every migration) to healthy: ${seconds.toFixed(1)} s; ` +
        `target ≤ ${TARGET_FRESH_S} s: ${seconds <= TARGET_FRESH_S ? 'met' : 'MISSED'}; the server's RSS idle ${rss} MB`,
    );
    return seconds;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  say(`uptime at the start: ${loadAverage()} (load average 1, 5, 15 min)`);
  const restart = await restarts();
  say(`Load average: ${loadAverage()}`);
  const fresh = WITH_CLONE ? await freshClone() : undefined;
  say('\n| measure | figure | target | met |');
  say('|---|---:|---:|:---:|');
  say(
    `| node apps/api/dist/server.js, existing data directory, to healthy (p50 / max of ${RUNS}) | ${restart.p50.toFixed(2)} s / ${restart.max.toFixed(2)} s | ≤ ${TARGET_RESTART_S} s | ${restart.max <= TARGET_RESTART_S ? 'yes' : 'no'} |`,
  );
  if (fresh !== undefined) {
    say(
      `| npm start on a fresh clone after npm install, to healthy | ${fresh.toFixed(1)} s | ≤ ${TARGET_FRESH_S} s | ${fresh <= TARGET_FRESH_S ? 'yes' : 'no'} |`,
    );
  }
  say(
    `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`,
  );
  say(`uptime at the end: ${loadAverage()}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
