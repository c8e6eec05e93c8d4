// The signed-in app's weight (issue 18): for every /app screen of apps/web/src/app/routes.tsx, a
// cold visit (a fresh browser context: no cache, the demo owner's session already in local storage,
// as the web app keeps it) in Debian's Chromium, as the production build is served; the gzipped
// JavaScript (each response body gzipped at level 9, as e2e/budget.spec.ts counts it) loaded until
// the screen is usable: its heading shown, no spinner, and the network idle once its data
// arrived. Prints a table with the file count and the biggest chunks.
//
//   npm run build && npm run bench:app-bundle
//
// APP_BUNDLE_PORT (default 4181) and BENCH_DATABASE_URL (a scratch database on that server
// instead of a throwaway embedded PostgreSQL) change it; APP_BUNDLE_SCREENS=dashboard,student
// measures only those; APP_BUNDLE_VERBOSE=1 lists every chunk.
import zlib from 'node:zlib';
import { chromium, type Page, type Response } from '@playwright/test';
import { loadAverage, say, sessionStorageEntry, startWebServer } from './web-demo';

const PORT = Number(process.env.APP_BUNDLE_PORT ?? 4181);
const CHROME = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUDGET_KB = 200;

/** Every /app screen of routes.tsx (transactions is the fee report's route again; users redirects). */
const SCREENS = [
  'dashboard',
  'check-in',
  'attendance',
  'student',
  'student/addstudent',
  'area',
  'seats',
  'notifications',
  'activity',
  'subscription',
  'fee-report',
  'dues',
  'day-book',
  'expenses',
  'profit',
  'receipts/:paymentId',
  'settings',
  'team',
];

interface ScreenVisit {
  screen: string;
  scripts: { name: string; gzip: number }[];
  kb: number;
}

const chunkName = (url: string) => {
  const { pathname } = new URL(url);
  return /\/assets\/(.+)-[\w-]{8}\.js$/.exec(pathname)?.[1] ?? pathname;
};

/** Opens `url` and sums the gzip sizes of the scripts loaded until the screen is usable. */
async function coldVisit(page: Page, url: string): Promise<Omit<ScreenVisit, 'screen'>> {
  const pending: Promise<{ name: string; gzip: number }>[] = [];
  page.on('response', (response: Response) => {
    const isScript =
      response.request().resourceType() === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname);
    if (!isScript) return;
    pending.push(
      response
        .body()
        .then((body) => ({ name: chunkName(response.url()), gzip: zlib.gzipSync(body, { level: 9 }).length })),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 });
  // No spinner left (a determinate bar, such as an area's occupancy, has a value and stays).
  await page
    .locator('[role="progressbar"]:not([aria-valuenow])')
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const scripts = await Promise.all(pending);
  return { scripts, kb: scripts.reduce((sum, script) => sum + script.gzip, 0) / 1024 };
}

/** A payment of the demo library, for the receipt screen: the first one of the first subscriptions. */
async function firstPaymentId(base: string, token: string): Promise<string | undefined> {
  const headers = { authorization: `Bearer ${token}` };
  const get = async <T>(url: string) =>
    ((await (await fetch(`${base}${url}`, { headers })).json()) as { data?: T }).data;
  // A page size the list accepts (5, 10, 25 or 50): another is refused, and the receipt was never measured.
  const list = await get<{ subscription: { id: string }[] }>('/api/subscription?page=1&limit=25');
  for (const item of list?.subscription ?? []) {
    const account = await get<{ payments: { id: string }[] }>(`/api/subscription/${item.id}/payments`);
    if (account?.payments[0]) return account.payments[0].id;
  }
  return undefined;
}

async function main() {
  const only = process.env.APP_BUNDLE_SCREENS?.split(',').filter(Boolean);
  say(`uptime before: ${loadAverage()}`);
  const server = await startWebServer(PORT, { demo: true });
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const session = server.session!;
    const paymentId = await firstPaymentId(server.base, session.token);
    const visits: ScreenVisit[] = [];
    for (const screen of SCREENS) {
      if (only && !only.includes(screen)) continue;
      let route = screen;
      if (screen.includes(':paymentId')) {
        if (!paymentId) {
          say(`(no payment found for ${screen}: skipped)`);
          continue;
        }
        route = screen.replace(':paymentId', paymentId);
      }
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        storageState: { cookies: [], origins: [{ origin: server.base, localStorage: [sessionStorageEntry(session)] }] },
      });
      const page = await context.newPage();
      const visit = await coldVisit(page, `${server.base}/app/${route}`);
      await context.close();
      visits.push({ screen, ...visit });
    }

    say('');
    say(`Cold visit, signed in as the demo owner (gzip level 9 of each script; budget ${BUDGET_KB} kB)`);
    say('screen                 kB   files  biggest chunks (kB)');
    for (const visit of visits) {
      const biggest = [...visit.scripts]
        .sort((a, b) => b.gzip - a.gzip)
        .slice(0, process.env.APP_BUNDLE_VERBOSE ? undefined : 5)
        .map((script) => `${script.name} ${(script.gzip / 1024).toFixed(1)}`)
        .join(', ');
      const mark = visit.kb > BUDGET_KB ? ' OVER' : '';
      say(
        `${`/app/${visit.screen}`.padEnd(22)} ${visit.kb.toFixed(1).padStart(6)}  ${String(visit.scripts.length).padStart(5)}  ${biggest}${mark}`,
      );
    }
    const worst = visits.reduce((max, visit) => Math.max(max, visit.kb), 0);
    say('');
    say(`Heaviest screen: ${worst.toFixed(1)} kB (budget ${BUDGET_KB} kB: ${worst <= BUDGET_KB ? 'met' : 'missed'})`);
    say(`uptime after: ${loadAverage()}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
