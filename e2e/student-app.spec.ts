import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { studentAppMessages } from '@app/shared';
import { startWebPushService, type WebPushService } from '../apps/api/src/lib/push/testing/loopback-web-push';
import {
  createAreaWithSeats,
  createStudentViaApi,
  expectAccessible,
  LibraryApi,
  newAadhaar,
  newLibrary,
  newMobile,
  png,
  unique,
} from './support';

const t = studentAppMessages;
const PHONE = { width: 390, height: 844 };
const SHOTS = 'docs/screenshots';
/** Today in the library's time zone (India). */
const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
/** `YYYY-MM-DD` → `DD/MM/YYYY`, as the app shows dates. */
const dmy = (date: string) => date.split('-').reverse().join('/');

let push: WebPushService;
test.beforeAll(async () => {
  push = await startWebPushService();
});
test.afterAll(async () => {
  await push?.close();
});

class Owner extends LibraryApi {
  static async register(browser: Browser) {
    const context = await browser.newContext();
    const response = await context.request.post('/api/auth/register/library', { data: newLibrary() });
    expect(response.status(), await response.text()).toBe(201);
    const session = (await response.json()).data;
    return new Owner(context.request, session.token as string);
  }

  async seat() {
    const areaId = await createAreaWithSeats(this.request, this.token, `Silent Hall ${unique()}`, 3);
    const seats = await this.request.get(`/api/seat/${areaId}`, { headers: this.headers });
    const first = (await seats.json()).data[0] as { id: string; name: string; area_name: string };
    return first;
  }

  async student() {
    return createStudentViaApi(
      this.request,
      this.token,
      {
        first_name: 'Asha',
        last_name: 'Verma',
        mobile: newMobile('7'),
        email: `asha-${unique()}@example.com`,
        aadhaar_number: newAadhaar('6'),
        dob: '2004-02-14',
      },
      await png('#3949ab'),
    );
  }

  /** Two months on a reserved seat, 6 AM to 2 PM, ₹1,500 agreed and ₹1,000 paid. */
  async subscribe(studentId: string, seatId: string) {
    const response = await this.request.post('/api/subscription', {
      headers: this.headers,
      data: {
        student_id: studentId,
        joining_date: todayInIndia(),
        start_time: '06:00',
        end_time: '14:00',
        duration: 2,
        is_reserved: true,
        seat_id: seatId,
        price: 1500,
        fee: 1000,
        mode: 'Cash',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data as { plan_expires_at?: string };
  }

  async upi() {
    const current = await this.request.get('/api/settings', { headers: this.headers });
    const settings = (await current.json()).data as Record<string, unknown>;
    const saved = await this.request.put('/api/settings', {
      headers: this.headers,
      data: { ...settings, upi_id: 'gyandeep@okaxis', upi_payee_name: 'Gyan Deep Library' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  async pairingCode(studentId: string) {
    const code = await this.request.post(`/api/user/${studentId}/pairing-code`, { headers: this.headers });
    expect(code.status(), await code.text()).toBe(201);
    return (await code.json()).data.code as string;
  }

  async vapidPublicKey() {
    const vapid = await this.request.get('/api/push/vapid-public-key');
    expect(vapid.status(), await vapid.text()).toBe(200);
    return (await vapid.json()).data.public_key as string;
  }

  async notify(title: string, body: string) {
    const sent = await this.request.post('/api/admin/sendFCMNotificationToAllUsers', {
      headers: this.headers,
      data: { title, body },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
}

/**
 * A phone: 390 px, touch, notifications allowed. Headless Chromium reaches no real push service,
 * so before the app loads, PushManager.subscribe is replaced by one answering the subscription the
 * loopback push service made (its keys are the test's, so the service can decrypt what arrives).
 */
async function phone(browser: Browser, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await context.grantPermissions(['notifications']);
  await context.addInitScript((subscription) => {
    if (!('PushManager' in self)) return;
    PushManager.prototype.subscribe = async function () {
      return {
        endpoint: subscription.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: null },
        getKey: () => null,
        unsubscribe: async () => true,
        toJSON: () => subscription,
      } as unknown as PushSubscription;
    };
  }, subscription);
  return context;
}

/** Axe, then a screenshot of the whole screen: the viewport grown to the page, so the bottom bar stays at the bottom. */
async function shoot(page: Page, name: string, context: string) {
  await expectAccessible(page, context);
  const viewport = page.viewportSize() ?? PHONE;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.screenshot({ path: `${SHOTS}/student-${name}.png` });
  await page.setViewportSize(viewport);
}

/** Light and dark screenshots of the screen the page shows (the app follows the phone's scheme). */
async function shootBoth(page: Page, name: string) {
  await scheme(page, 'light');
  await shoot(page, `${name}-390-light`, `student ${name}, light`);
  await scheme(page, 'dark');
  await shoot(page, `${name}-390-dark`, `student ${name}, dark`);
  await scheme(page, 'light');
}

/** The phone's colour scheme, after two frames: the colours' transitions have started, so axe waits for them. */
async function scheme(page: Page, colorScheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(null)))),
  );
}

/** Delivers `data` to the page's service worker as a push message (Chromium's DevTools protocol). */
async function showPush(context: BrowserContext, page: Page, data: string) {
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.some((registration) => registration.scopeURL.endsWith('/student/'))).toBe(true);
  const registration = registrations.find((candidate) => candidate.scopeURL.endsWith('/student/'))!;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: registration.registrationId,
    data,
  });
  await cdp.detach();
}

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: t.nav.label }).getByRole('button', { name }).click();

test('student app: join from the link, membership, notifications delivered to the inbox, offline start, the pass changes', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await Owner.register(browser);
  const seat = await owner.seat();
  const studentId = await owner.student();
  await owner.subscribe(studentId, seat.id);
  await owner.upi();
  const code = await owner.pairingCode(studentId);

  // The server signs its pushes with its VAPID key; the loopback service refuses any other.
  const subscription = push.subscribe({ applicationServerKey: await owner.vapidPublicKey() });

  const context: BrowserContext = await phone(browser, subscription.toJSON());
  const page = await context.newPage();

  // The owner's QR opens the join link: the code is in the fragment, so no server log sees it.
  const joinRequests: string[] = [];
  page.on('request', (request) => joinRequests.push(request.url()));
  await page.goto(`/student/join#code=${code}`);
  const membership = page.getByRole('region', { name: t.home.membership });
  await expect(membership.getByText(t.home.seatInArea(seat.name, seat.area_name))).toBeVisible();
  await expect(membership.getByText('6:00 AM–2:00 PM')).toBeVisible();
  await expect(membership.getByText(t.home.joined)).toBeVisible();
  await expect(membership.getByText(dmy(todayInIndia())).first()).toBeVisible();
  await expect(membership.getByText(t.home.expires)).toBeVisible();
  await expect(membership.getByText(t.home.status.active)).toBeVisible();
  await expect(membership.getByText(t.home.balanceDue(500))).toBeVisible();
  expect(joinRequests.some((url) => url.includes(code))).toBe(false);
  expect(new URL(page.url()).pathname).toBe('/student/');

  // Installable: the manifest and the service worker, which controls the page once ready.
  const worker = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { scope: registration.scope, script: registration.active?.scriptURL };
  });
  expect(new URL(worker.scope).pathname).toBe('/student/');
  expect(new URL(worker.script ?? '').pathname).toBe('/student/sw.js');
  const manifest = await (await page.request.get('/student/manifest.webmanifest')).json();
  expect(manifest).toMatchObject({ start_url: '/student/', scope: '/student/', display: 'standalone' });

  // Notifications: asked from the card's button, never on load.
  await shootBoth(page, 'home');
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page, 'student home, 1280 px, light');
  await page.screenshot({ path: `${SHOTS}/student-home-1280-light.png` });
  await scheme(page, 'dark');
  await expectAccessible(page, 'student home, 1280 px, dark');
  await page.screenshot({ path: `${SHOTS}/student-home-1280-dark.png` });
  await scheme(page, 'light');
  await page.setViewportSize(PHONE);
  await page.getByRole('button', { name: t.push.enable }).click();
  await expect(page.getByText(t.push.enabled)).toBeVisible();

  // The owner sends a notification: the loopback service checks the VAPID signature and decrypts it.
  const title = `Closed on Sunday ${unique()}`;
  await owner.notify(title, 'The library is closed this Sunday for Diwali.');
  await expect
    .poll(() => push.delivered(subscription.endpoint), { timeout: 30_000 })
    .toContainEqual(
      expect.objectContaining({ title, body: 'The library is closed this Sunday for Diwali.', url: '/student/inbox' }),
    );
  const received = push.messagesFor(subscription.endpoint).at(-1);
  expect(received?.vapid.valid).toBe(true);

  // What the push service decrypted, handed to the service worker as Chromium delivers a push:
  // the worker shows it as a notification with the title and body, to open the inbox.
  const payload = push.messagesFor(subscription.endpoint).at(-1)?.payload ?? '';
  await showPush(context, page, payload);
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
          title: shown.title,
          body: shown.body,
          url: (shown.data as { url?: string } | null)?.url,
        })),
      ),
    )
    .toContainEqual({ title, body: 'The library is closed this Sunday for Diwali.', url: '/student/inbox' });

  // ... and the inbox shows it, unread; a tap marks it read.
  await nav(page, t.nav.inbox);
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByText(t.inbox.unreadCount(1))).toBeVisible();
  await shootBoth(page, 'inbox');
  await page.getByRole('button', { name: t.inbox.markReadOf(title) }).click();
  await expect(page.getByText(t.inbox.unreadCount(1))).toBeHidden();

  // Payments: the balance with the UPI link and QR.
  await nav(page, t.nav.payments);
  await expect(page.getByText(t.payments.amountDue(500))).toBeVisible();
  await expect(page.getByRole('link', { name: t.payments.payUpi })).toHaveAttribute('href', /^upi:\/\/pay\?/);
  await expect(page.getByRole('img', { name: t.payments.upiQrLabel(500) }).locator('svg')).toBeVisible();
  await shootBoth(page, 'payments');

  await nav(page, t.nav.library);
  await expect(page.getByRole('link', { name: t.library.call })).toHaveAttribute('href', /^tel:/);
  await shootBoth(page, 'library');

  // The pass: a QR that works offline.
  await nav(page, t.nav.pass);
  await expect(page.getByRole('img', { name: t.pass.qrLabel('Asha Verma') }).locator('svg')).toBeVisible();
  await shootBoth(page, 'pass');

  // Offline start: the service worker serves the shell, the app shows its last data and when it was saved.
  await nav(page, t.nav.home);
  await expect(membership).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/^Showing what was saved on /)).toBeVisible();
  await expect(page.getByText(t.offline)).toBeVisible();
  await expect(membership.getByText(t.home.seatInArea(seat.name, seat.area_name))).toBeVisible();
  await shootBoth(page, 'offline');
  await nav(page, t.nav.inbox);
  await expect(page.getByText(title)).toBeVisible();
  await context.setOffline(false);
  await page.close();

  // The pass changes every 30 s (Playwright's clock, not a wait).
  const passPage = await context.newPage();
  await passPage.clock.install();
  await passPage.goto('/student/pass');
  const qr = passPage.getByRole('img', { name: t.pass.qrLabel('Asha Verma') });
  await expect(qr).toHaveAttribute('data-qr-value', /^P/);
  const first = await qr.getAttribute('data-qr-value');
  await passPage.clock.runFor(30_000);
  await expect(qr).not.toHaveAttribute('data-qr-value', first ?? '');
  await expect(qr).toHaveAttribute('data-qr-value', /^P/);
  await context.close();
});

test('student app: the join screen, a wrong code, and the wide screen', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await page.goto('/student/');
  await expect(page.getByRole('heading', { name: t.join.title })).toBeVisible();
  await shootBoth(page, 'join');
  await page.getByLabel(t.join.code).fill('ZZZZ-ZZZZ');
  await page.getByRole('button', { name: t.join.submit }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/student\/join$/);

  // 1280 px: the same phone-first column, centred.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/student-join-1280-light.png` });
  await context.close();
});
