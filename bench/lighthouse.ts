// Lighthouse on the landing and sign-in pages, as the production build is served (issue 8).
// Needs `npm run build` first. Starts apps/api/dist/server.js on LIGHTHOUSE_PORT (default 4180)
// with a throwaway embedded PostgreSQL (or DATABASE_URL when set), runs Lighthouse in Debian's
// Chromium with its mobile and desktop presets on / and /login (LIGHTHOUSE_RUNS times each,
// default 3; the run with the median performance score is kept) and prints the four category
// scores. Simulated throttling, so the figures depend little on this machine's speed, but a busy
// machine still lowers the performance score: run it on an idle one.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4180);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE = `http://127.0.0.1:${PORT}`;
const PAGES = ['/', '/login'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const SERVER = path.resolve('apps/api/dist/server.js');

function startServer(): { child: ChildProcess; dataDir?: string; output: () => string } {
  const pages = ['landing.html', 'login.html'].map((file) => path.resolve('apps/web/dist', file));
  if (!fs.existsSync(SERVER) || !pages.every((file) => fs.existsSync(file))) {
    throw new Error('No production build: run `npm run build` first');
  }
  const dataDir = process.env.DATABASE_URL ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'lighthouse-data-'));
  // The embedded PostgreSQL may run as another user (when this runs as root) and must reach it.
  if (dataDir) fs.chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, [SERVER], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, dataDir, output: () => output };
}

async function waitForHealth(server: ReturnType<typeof startServer>) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`The server exited:\n${server.output()}`);
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The server did not answer /api/health in 2 minutes:\n${server.output()}`);
}

type Scores = Record<(typeof CATEGORIES)[number], number>;

function scores(result: Result): Scores {
  const score = (id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
  return Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])) as Scores;
}

async function audit(port: number, url: string, preset: 'mobile' | 'desktop') {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const runs: { scores: Scores; metrics: Record<string, string> }[] = [];
  let traceFaults = 0;
  for (let run = 0; run < RUNS; run++) {
    const answer = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    if (!answer) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = answer;
    // NO_NAVSTART is Lighthouse failing to record Chrome's trace, not the page failing: the run
    // is made again (twice at most per row) and the fault is said.
    if (lhr.runtimeError?.code === 'NO_NAVSTART' && traceFaults < 2) {
      traceFaults += 1;
      console.log(`  (${url} ${preset}: Lighthouse could not record the trace, NO_NAVSTART; running again)`);
      run -= 1;
      continue;
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? '-';
    if (process.env.LIGHTHOUSE_VERBOSE) {
      // The audits that cost points, by category, for a closer look.
      for (const id of CATEGORIES) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const item = lhr.audits[ref.id];
          if (ref.weight > 0 && item && item.score !== null && item.score < 1) {
            console.log(`  ${url} ${preset} ${id}: ${ref.id} ${item.score} ${item.displayValue ?? ''}`);
          }
        }
      }
    }
    runs.push({
      scores: scores(lhr),
      metrics: {
        FCP: metric('first-contentful-paint'),
        LCP: metric('largest-contentful-paint'),
        TBT: metric('total-blocking-time'),
        CLS: metric('cumulative-layout-shift'),
      },
    });
  }
  runs.sort((a, b) => a.scores.performance - b.scores.performance);
  return { median: runs[Math.floor(runs.length / 2)]!, all: runs.map((run) => run.scores.performance) };
}

const server = startServer();
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForHealth(server);
  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });
  console.log(
    `Lighthouse ${RUNS} run(s) per row, median by performance; ${os.cpus().length} cores, Node ${process.version}`,
  );
  console.log('page     preset   perf  a11y  best  seo   FCP      LCP      TBT      CLS    (perf of each run)');
  for (const page of PAGES) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const { median, all } = await audit(chrome.port, `${BASE}${page}`, preset);
      const s = median.scores;
      const m = median.metrics;
      console.log(
        `${page.padEnd(8)} ${preset.padEnd(8)} ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s['best-practices']).padStart(4)}  ${String(s.seo).padStart(3)}   ${m.FCP!.padEnd(8)} ${m.LCP!.padEnd(8)} ${m.TBT!.padEnd(8)} ${m.CLS!.padEnd(6)} (${all.join(', ')})`,
      );
    }
  }
} finally {
  chrome?.kill();
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
  }
  if (server.dataDir) fs.rmSync(server.dataDir, { recursive: true, force: true });
}
