// Lighthouse on the landing and sign-in pages (issue 8) and on the signed-in dashboard (issue 18),
// as the production build is served. Needs `npm run build` first. Starts apps/api/dist/server.js on
// LIGHTHOUSE_PORT (default 4180) with a throwaway embedded PostgreSQL (or a scratch database on
// BENCH_DATABASE_URL's server) holding scripts/demo.ts's demo library, runs Lighthouse in Debian's
// Chromium with its mobile and desktop presets on /, /login and /app/dashboard, the last signed in
// as the demo owner on a cold cache (the session put where the web app keeps it; bench/web-demo.ts)
// and with its longest main-thread tasks printed (LIGHTHOUSE_RUNS times each,
// default 3; the run with the median performance score is kept) and prints the four category
// scores. Simulated throttling, so the figures depend little on this machine's speed, but a busy
// machine still lowers the performance score: run it on an idle one.
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Browser } from 'puppeteer-core';
import type { AdminSession } from '@app/shared';
import { loadAverage, sessionStorageEntry, startWebServer } from './web-demo';

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 4180);
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The signed-in page (issue 18), audited as the demo owner; LIGHTHOUSE_PAGES=/app/dashboard (comma-separated) picks rows.
const SIGNED_IN = '/app/dashboard';
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean) ?? ['/', '/login', SIGNED_IN];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type Scores = Record<(typeof CATEGORIES)[number], number>;

function scores(result: Result): Scores {
  const score = (id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
  return Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])) as Scores;
}

/**
 * Before a signed-in run: a cold cache (Chromium's cache cleared) and the demo owner's session in
 * local storage, where the web app keeps it (apps/web/src/lib/session.ts); Lighthouse is then told
 * not to reset the origin's storage, which would sign the visitor out.
 */
async function signIn(browser: Browser, base: string, session: AdminSession) {
  const page = await browser.newPage();
  // A file of the origin that runs no script.
  await page.goto(`${base}/robots.txt`);
  const entry = sessionStorageEntry(session);
  // A string, evaluated in the page: this file is compiled without the DOM's types.
  await page.evaluate(`localStorage.setItem(${JSON.stringify(entry.name)}, ${JSON.stringify(entry.value)})`);
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
}

/** The longest main-thread tasks of a run, and the scripts that cost the most CPU. */
function sayMainThread(lhr: Result, label: string) {
  const tasks = (
    lhr.audits['long-tasks']?.details as { items?: { url?: string; duration?: number; startTime?: number }[] }
  )?.items;
  const boot = (
    lhr.audits['bootup-time']?.details as { items?: { url?: string; total?: number; scripting?: number }[] }
  )?.items;
  const short = (url = '') => url.replace(/^https?:\/\/[^/]+/, '') || '(other)';
  console.log(
    `  ${label}: longest main-thread tasks (ms, at ms): ${(tasks ?? [])
      .slice(0, 6)
      .map((task) => `${Math.round(task.duration ?? 0)} @${Math.round(task.startTime ?? 0)} ${short(task.url)}`)
      .join('; ')}`,
  );
  console.log(
    `  ${label}: CPU by script (total/scripting ms): ${(boot ?? [])
      .slice(0, 6)
      .map((item) => `${short(item.url)} ${Math.round(item.total ?? 0)}/${Math.round(item.scripting ?? 0)}`)
      .join('; ')}`,
  );
  // What the LCP was, its phases, and the longest chain of requests one waited on (issue 18).
  const lcp = lhr.audits['largest-contentful-paint-element']?.details as
    { items?: { items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }[] } | undefined;
  const element = lcp?.items?.[0]?.items?.[0]?.node?.snippet ?? '(none)';
  const phases = (lcp?.items?.[1]?.items ?? [])
    .filter((item) => item.phase)
    .map((item) => `${item.phase} ${Math.round(item.timing ?? 0)}`)
    .join(', ');
  console.log(`  ${label}: LCP element ${element.slice(0, 100)}${phases ? ` (${phases} ms)` : ''}`);
  const chain = (
    lhr.audits['critical-request-chains']?.details as
      { longestChain?: { duration?: number; length?: number; transferSize?: number } } | undefined
  )?.longestChain;
  if (chain)
    console.log(
      `  ${label}: longest request chain: ${chain.length} requests, ${Math.round(chain.duration ?? 0)} ms, ${Math.round((chain.transferSize ?? 0) / 1024)} kB`,
    );
}

async function audit(
  port: number,
  url: string,
  preset: 'mobile' | 'desktop',
  signedIn?: { browser: Browser; base: string; session: AdminSession },
) {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(signedIn ? { disableStorageReset: true } : {}),
  };
  const runs: { scores: Scores; metrics: Record<string, string> }[] = [];
  let traceFaults = 0;
  for (let run = 0; run < RUNS; run++) {
    if (signedIn) await signIn(signedIn.browser, signedIn.base, signedIn.session);
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
    // A signed-in run that ended on /login measured the wrong page.
    if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) {
      throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}: the session was not taken`);
    }
    if (signedIn || process.env.LIGHTHOUSE_VERBOSE)
      sayMainThread(lhr, `${new URL(url).pathname} ${preset} run ${run + 1}`);
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

console.log(`uptime before: ${loadAverage()}`);
const server = await startWebServer(PORT, { demo: PAGES.includes(SIGNED_IN) });
let chrome: chromeLauncher.LaunchedChrome | undefined;
let browser: Browser | undefined;
try {
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
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  console.log(
    `Lighthouse ${RUNS} run(s) per row, median by performance; ${os.cpus().length} cores, Node ${process.version}`,
  );
  const rows: string[] = [];
  for (const page of PAGES) {
    for (const preset of ['mobile', 'desktop'] as const) {
      const signedIn =
        page.startsWith('/app') && server.session ? { browser, base: server.base, session: server.session } : undefined;
      const { median, all } = await audit(chrome.port, `${server.base}${page}`, preset, signedIn);
      const s = median.scores;
      const m = median.metrics;
      rows.push(
        `${page.padEnd(14)} ${preset.padEnd(8)} ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ${String(s['best-practices']).padStart(4)}  ${String(s.seo).padStart(3)}   ${m.FCP!.padEnd(8)} ${m.LCP!.padEnd(8)} ${m.TBT!.padEnd(8)} ${m.CLS!.padEnd(6)} (${all.join(', ')})`,
      );
    }
  }
  console.log('page           preset   perf  a11y  best  seo   FCP      LCP      TBT      CLS    (perf of each run)');
  for (const row of rows) console.log(row);
  console.log(`uptime after: ${loadAverage()}`);
} finally {
  await browser?.disconnect();
  chrome?.kill();
  await server.stop();
}
