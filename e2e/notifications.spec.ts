import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { messages } from '@app/shared';
import { startLoopbackFcm, type LoopbackFcm } from '../apps/api/src/lib/push/testing/loopback-fcm';
import {
  createAreaWithSeats,
  LibraryApi,
  createStudentViaApi,
  expectAccessible,
  newAadhaar,
  newMobile,
  png,
  signUpViaApi,
  unique,
  useDarkTheme,
} from './support';

const n = messages.notification;
const h = n.history;

/**
 * The server under test reads its FCM settings from playwright.config.ts's webServer env:
 * the service account in e2e/fixtures and both Google endpoints on E2E_PORT + 1, where
 * this journey runs the loopback peer that plays Google.
 */
const FCM_PORT = Number(process.env.E2E_PORT ?? 3199) + 1;
const account = JSON.parse(fs.readFileSync('e2e/fixtures/fcm-service-account.json', 'utf8')) as {
  private_key: string;
  project_id: string;
  client_email: string;
};

let peer: LoopbackFcm;
test.beforeAll(async () => {
  peer = await startLoopbackFcm({
    port: FCM_PORT,
    privateKeyPem: account.private_key,
    projectId: account.project_id,
    clientEmail: account.client_email,
  });
});
test.afterAll(async () => {
  await peer?.close();
});

const aadhaar = () => newAadhaar('4');
const mobile = () => newMobile('9');
/** Today in the library's time zone (India), as the server reckons "active today". */
const todayInIndia = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

class Library extends LibraryApi {
  async area() {
    await createAreaWithSeats(this.request, this.token, `Hall ${unique()}`, 4);
  }

  async student(firstName: string) {
    return createStudentViaApi(
      this.request,
      this.token,
      {
        first_name: firstName,
        last_name: 'Rao',
        mobile: mobile(),
        email: `${firstName.toLowerCase()}-${unique()}@example.com`,
        aadhaar_number: aadhaar(),
        dob: '2004-02-14',
      },
      await png('#43a047'),
    );
  }

  /** A month's non-reserved subscription from today: the student is premium. */
  async subscribe(studentId: string) {
    const response = await this.request.post('/api/subscription', {
      headers: this.headers,
      data: {
        student_id: studentId,
        joining_date: todayInIndia(),
        start_time: '07:00',
        end_time: '13:00',
        duration: 1,
        is_reserved: false,
        fee: 900,
        mode: 'UPI',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  /** A fresh pairing code, as the student list's pairing dialog makes it. */
  async pairingCode(studentId: string) {
    const code = await this.request.post(`/api/user/${studentId}/pairing-code`, { headers: this.headers });
    expect(code.status(), await code.text()).toBe(201);
    return (await code.json()).data.code as string;
  }

  /** Pairs a phone as the student app does: the code the student typed in, and no admin session. */
  async registerPhone(pairingCode: string, platform: 'android' | 'ios') {
    const fcmToken = `${platform}-${unique()}:APA91b${unique()}${unique()}${unique()}`;
    const paired = await this.request.post('/api/devices', { data: { pairingCode, fcmToken, platform } });
    expect(paired.status(), await paired.text()).toBe(201);
    return fcmToken;
  }
}

test("notifications: a premium-only message reaches exactly the premium students' phones", async ({ page }) => {
  const { token } = await signUpViaApi(page);
  const library = new Library(page.request, token);
  await library.area();
  const [asha, bharat, chitra] = [
    await library.student('Asha'),
    await library.student('Bharat'),
    await library.student('Chitra'),
  ];
  await library.subscribe(asha);
  await library.subscribe(bharat);

  // The owner shows Asha's pairing code from the student list; she pairs her phone and tablet with it.
  const p = n.pairing;
  await page.goto('/app/student');
  await page.getByRole('button', { name: `${p.open}: Asha Rao` }).click();
  const pairing = page.getByRole('dialog', { name: p.title });
  await expect(pairing.getByText(p.noCodeYet)).toBeVisible();
  await expectAccessible(page, 'pairing dialog');
  await pairing.getByRole('button', { name: p.generate }).click();
  const shown = (await pairing.getByRole('status', { name: p.codeLabel }).textContent()) ?? '';
  expect(shown).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expectAccessible(page, 'pairing dialog with a code');
  const ashaPhones = [await library.registerPhone(shown, 'android'), await library.registerPhone(shown, 'ios')];
  await pairing.getByRole('button', { name: p.close }).click();
  await page.getByRole('button', { name: `${p.open}: Asha Rao` }).click();
  await expect(pairing.getByText(p.devices(2))).toBeVisible();
  await expectAccessible(page, 'pairing dialog with devices');
  await pairing.getByRole('button', { name: p.close }).click();

  const premiumPhones = [...ashaPhones, await library.registerPhone(await library.pairingCode(bharat), 'android')];
  const regularPhone = await library.registerPhone(await library.pairingCode(chitra), 'android');

  // The history starts empty; the sidebar links to it.
  await page.goto('/app/dashboard');
  await page.getByRole('link', { name: messages.shell.notifications }).click();
  await expect(page.getByRole('heading', { name: h.heading })).toBeVisible();
  await expect(page.getByText(h.empty)).toBeVisible();
  await expectAccessible(page, 'notification history, empty');

  // Send from the top bar's dialog, as the spec words it.
  await page.getByRole('button', { name: messages.shell.sendNotification, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: n.title });
  await expect(dialog.getByRole('button', { name: n.send })).toBeVisible();
  await expectAccessible(page, 'send notification dialog');
  await dialog.getByRole('button', { name: n.send }).click();
  await expect(dialog.getByText(n.titleRequired)).toBeVisible();
  await expect(dialog.getByText(n.bodyRequired)).toBeVisible();
  await expectAccessible(page, 'send notification dialog with errors');
  const title = `Extended hours ${unique()}`;
  await dialog.getByLabel(new RegExp(`^${n.titleField}`)).fill(title);
  await dialog
    .getByLabel(new RegExp(`^${n.bodyField}`))
    .fill('Premium members: the library is open till 11 PM this week.');
  await dialog.getByLabel(n.premiumOnly).check();
  const answer = page.waitForResponse((response) =>
    response.url().endsWith('/api/admin/sendFCMNotificationToAllUsers'),
  );
  await dialog.getByRole('button', { name: n.send }).click();
  const sent = await (await answer).json();
  expect(sent.data.deliverable, 'the server needs the FCM env of playwright.config.ts webServer').toBe(true);
  await expect(page.getByText(n.sent, { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  // The history shows it at once, then the delivered count as the phones are reached.
  const row = page.getByRole('table', { name: h.heading }).getByRole('row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByText(h.audiencePremium, { exact: true })).toBeVisible();
  const cells = row.getByRole('cell');
  await expect(cells.nth(3)).toHaveText('2'); // students
  await expect(cells.nth(4)).toHaveText('3'); // devices
  await expect(cells.nth(5)).toHaveText('3', { timeout: 20_000 }); // delivered
  await expect(cells.nth(6)).toHaveText('0'); // failed
  await expect(cells.nth(0)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)/);
  await expectAccessible(page, 'notification history');

  // What Google received: one message per premium phone, none for the regular student.
  const received = peer.messages.filter((message) => message.title === title);
  expect(received.map((message) => message.token).sort()).toEqual([...premiumPhones].sort());
  expect(peer.messages.some((message) => message.token === regularPhone)).toBe(false);
  expect(received.every((message) => message.projectId === account.project_id && message.answeredStatus === 200)).toBe(
    true,
  );
  expect(peer.tokenRequests.every((request) => request.valid)).toBe(true);

  // Dark: the history and the send dialog.
  await useDarkTheme(page);
  await expect(row).toBeVisible();
  await expectAccessible(page, 'notification history, dark');
  await page.getByRole('button', { name: messages.shell.sendNotification, exact: true }).click();
  await dialog.getByRole('button', { name: n.send }).click();
  await expect(dialog.getByText(n.titleRequired)).toBeVisible();
  await expectAccessible(page, 'send notification dialog with errors, dark');
});
