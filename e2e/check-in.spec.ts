import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Locator, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import QRCode from 'qrcode';
import { formatDateDMY, makePassCode, messages } from '@app/shared';
import {
  createAreaWithSeats,
  expectAccessible,
  LibraryApi,
  newMobile,
  signUpViaApi,
  unique,
  useDarkTheme,
} from './support';

/**
 * Issue 15 at the desk, as a new owner tries it: an ID card issued and printed from the student
 * list, then scanned by typing its code as a USB scanner does: admitted; again at once: ignored;
 * a minute later: checked out. A student whose plan ended is refused with the date; a phone's
 * entry pass (made here as the student app makes it) admits its student. Today's list, not seen,
 * monthly with CSV, the dashboard's Inside now and the seats. Light and dark, 1280 and 390 px,
 * axe. Then the camera: Chromium's fake camera shows a QR of the card, and the screen reads it.
 * SCREENSHOTS=1 also saves docs/screenshots/check-in-* and attendance-*.
 */

const c = messages.desk.checkIn;
const a = messages.desk.attendance;
const card = messages.desk.idCard;
const api = messages.attendance;
const SHOTS = process.env.SCREENSHOTS === '1';
const PHONE = { width: 390, height: 844 };
/** Today in the library's time zone (India). */
const todayInIndia = () => dayjs(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));

class Desk extends LibraryApi {
  async seat() {
    const areaId = await createAreaWithSeats(this.request, this.token, `Silent Hall ${unique()}`, 4);
    const seats = await this.request.get(`/api/seat/${areaId}`, { headers: this.headers });
    return (await seats.json()).data[0] as { id: string; name: string; area_name: string };
  }

  student(first: string, last: string) {
    return this.addStudent(first, { lastName: last, mobile: newMobile('6'), dob: '2003-05-17' });
  }

  /** A one-month plan from `joining`, the whole day, paid in full; reserved on `seatId` when given. */
  async subscribe(studentId: string, joining: dayjs.Dayjs, seatId?: string) {
    const response = await this.request.post('/api/subscription', {
      headers: this.headers,
      data: {
        student_id: studentId,
        joining_date: joining.format('YYYY-MM-DD'),
        start_time: '00:00',
        end_time: '23:59',
        duration: 1,
        is_reserved: Boolean(seatId),
        seat_id: seatId ?? null,
        price: 1200,
        fee: 1200,
        mode: 'Cash',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  async cardCode(studentId: string) {
    const response = await this.request.get(`/api/user/${studentId}/id-card`, { headers: this.headers });
    expect(response.status(), await response.text()).toBe(200);
    return (await response.json()).data.code as string;
  }

  /** Signs the student's phone in to the student app, as its Join screen does; answers its pass key and session. */
  async studentPhone(studentId: string) {
    const made = await this.request.post(`/api/user/${studentId}/pairing-code`, { headers: this.headers });
    expect(made.status(), await made.text()).toBe(201);
    const signIn = await this.request.post('/api/student/session', {
      data: { pairing_code: (await made.json()).data.code },
    });
    expect(signIn.status(), await signIn.text()).toBe(201);
    const session = (await signIn.json()).data;
    return { passKey: session.pass_key as string, sessionId: session.session_id as string };
  }
}

async function screenshot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

const answerPanel = (page: Page) => page.locator('[data-outcome]');

/** Types a code into the field as a USB scanner does (keystrokes, then Enter), and waits for the answer to change. */
async function scan(page: Page, code: string) {
  const field = page.getByLabel(c.codeLabel);
  const shown = (await answerPanel(page).count()) > 0;
  const before = shown ? await answerPanel(page).getAttribute('data-at') : null;
  await field.click();
  await page.keyboard.type(code, { delay: 0 });
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('');
  if (before) await expect(answerPanel(page)).not.toHaveAttribute('data-at', before);
  return answerPanel(page);
}

async function expectAnswer(panel: Locator, outcome: string, texts: string[]) {
  await expect(panel).toHaveAttribute('data-outcome', outcome);
  for (const text of texts) await expect(panel).toContainText(text);
}

/** The action buttons of a table's first row lie inside a 1280 px window. */
async function expectActionsInView(table: Locator) {
  const buttons = table.getByRole('row').nth(1).getByRole('cell').last().getByRole('button');
  expect(await buttons.count()).toBeGreaterThan(0);
  for (const button of await buttons.all()) {
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
  }
  const [scrollWidth, clientWidth] = await table.evaluate((node) => [
    node.parentElement!.scrollWidth,
    node.parentElement!.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test('the desk: an ID card, a phone pass, an expired plan, then the attendance lists', async ({ page }) => {
  test.setTimeout(240_000);
  // No screen of this journey opens the camera, so none may load the QR reader.
  const loaded: string[] = [];
  page.on('request', (request) => loaded.push(request.url()));
  const { token } = await signUpViaApi(page);
  const desk = new Desk(page.request, token);
  const seat = await desk.seat();
  const today = todayInIndia();
  const meera = await desk.student('Meera', `Joshi ${unique()}`);
  const arjun = await desk.student('Arjun', `Rao ${unique()}`);
  const ravi = await desk.student('Ravi', `Kumar ${unique()}`);
  await desk.subscribe(meera.id, today, seat.id);
  // Arjun's month ended last month.
  const arjunJoined = today.subtract(2, 'month');
  await desk.subscribe(arjun.id, arjunJoined);
  const arjunExpiry = arjunJoined.add(1, 'month').subtract(1, 'day').format('YYYY-MM-DD');
  await desk.subscribe(ravi.id, today.subtract(3, 'day'));

  // The owner prints Meera's ID card from the student list.
  await page.goto('/app/student');
  const students = page.getByRole('table', { name: messages.students.heading });
  await expect(students).toHaveAttribute('aria-busy', 'false');
  await expectActionsInView(students);
  await page.getByRole('button', { name: messages.desk.studentMenu(meera.name) }).click();
  await page.getByRole('menuitem', { name: card.open }).click();
  const cardDialog = page.getByRole('dialog', { name: card.title });
  await expect(cardDialog.getByText(card.none)).toBeVisible();
  await cardDialog.getByRole('button', { name: card.issue }).click();
  const printed = cardDialog.getByTestId('id-card');
  await expect(printed.getByText(meera.name)).toBeVisible();
  await expect(printed.getByRole('img', { name: card.qrLabel(meera.name) }).locator('svg')).toBeVisible();
  await expect(printed.getByText(card.issuedOn(formatDateDMY(today.format('YYYY-MM-DD'))))).toBeVisible();
  await expectAccessible(page, 'the ID card dialog');
  await screenshot(page, 'attendance-id-card-1280-light');
  await cardDialog.getByRole('button', { name: a.close }).click();
  const cardCode = await desk.cardCode(meera.id);

  // The desk scans it: in, then at once again: ignored.
  await page.getByRole('link', { name: messages.desk.nav.checkIn }).click();
  await expect(page.getByRole('heading', { name: c.title })).toBeVisible();
  await expect(page.getByText(c.waiting)).toBeVisible();
  await expectAccessible(page, 'Check-in, ready');
  let panel = await scan(page, cardCode);
  await expectAnswer(panel, 'in', [c.outcomes.in, meera.name, api.checkedIn(meera.name), c.seat(seat.name)]);
  await expectAccessible(page, 'Check-in, admitted');
  await screenshot(page, 'check-in-1280-light');
  panel = await scan(page, cardCode);
  await expectAnswer(panel, 'ignored', [c.outcomes.ignored, meera.name, c.ignoredDetail]);
  const ignoredAt = Date.now();

  // Arjun's plan ended: refused, with the date.
  panel = await scan(page, arjun.mobile);
  await expectAnswer(panel, 'denied', [c.outcomes.denied, arjun.name, api.denied.expired(arjunExpiry)]);
  await expectAccessible(page, 'Check-in, refused');

  // Ravi's phone shows the entry pass the student app makes: admitted.
  const phone = await desk.studentPhone(ravi.id);
  panel = await scan(page, await makePassCode(phone.passKey, phone.sessionId, Date.now()));
  await expectAnswer(panel, 'in', [c.outcomes.in, ravi.name, c.anySeat(null)]);
  // A pass made with another key is forged.
  const forged = await makePassCode(Buffer.alloc(32, 7).toString('base64url'), phone.sessionId, Date.now());
  panel = await scan(page, forged);
  await expectAnswer(panel, 'denied', [api.denied.forged]);
  await expect(page.getByRole('list', { name: c.recent })).toContainText(ravi.name);

  // The owner unpairs Ravi's phone from the pairing dialog (its QR shows the student app's join
  // link); that phone's passes stop working at once.
  await page.goto('/app/student');
  await page.getByRole('button', { name: `${messages.notification.pairing.open}: ${ravi.name}` }).click();
  const pairing = page.getByRole('dialog', { name: messages.notification.pairing.title });
  await pairing.getByRole('button', { name: messages.notification.pairing.regenerate }).click();
  await expect(pairing.getByRole('img', { name: messages.desk.pairing.qrLabel }).locator('svg')).toBeVisible();
  await expect(pairing.getByLabel(messages.desk.pairing.link, { exact: true })).toContainText('/student/join#code=');
  const phones = pairing.getByRole('list', { name: messages.desk.pairing.sessions });
  await expect(phones.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(page, 'the pairing dialog');
  await screenshot(page, 'check-in-pairing-1280-light');
  await phones.getByRole('button', { name: /^Unpair / }).click();
  const question = page.getByRole('dialog', { name: messages.desk.pairing.unpairTitle });
  await question.getByRole('button', { name: messages.desk.pairing.unpair }).click();
  await expect(pairing.getByText(messages.desk.pairing.sessionNone)).toBeVisible();
  await pairing.getByRole('button', { name: messages.notification.pairing.close }).click();
  await page.getByRole('link', { name: messages.desk.nav.checkIn }).click();
  panel = await scan(page, await makePassCode(phone.passKey, phone.sessionId, Date.now()));
  await expectAnswer(panel, 'denied', [api.denied.revoked]);

  // Dark, and on the desk phone.
  await useDarkTheme(page);
  panel = await scan(page, arjun.mobile);
  await expectAnswer(panel, 'denied', [api.denied.expired(arjunExpiry)]);
  await expectAccessible(page, 'Check-in, dark');
  await screenshot(page, 'check-in-1280-dark');
  await page.setViewportSize(PHONE);
  await expect(page.getByLabel(c.codeLabel)).toBeInViewport();
  await screenshot(page, 'check-in-390-dark');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  panel = await scan(page, arjun.mobile);
  await expectAnswer(panel, 'denied', [c.outcomes.denied]);
  await expectAccessible(page, 'Check-in on a phone');
  await screenshot(page, 'check-in-390-light');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Today's list: both inside now.
  await page.goto('/app/attendance');
  const todayTable = page.getByRole('table', { name: a.tabs.today });
  await expect(todayTable).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText(a.insideNow(2))).toBeVisible();
  const meeraRow = todayTable.getByRole('row').filter({ hasText: meera.name });
  await expect(meeraRow.getByText(a.inside)).toBeVisible();
  await expect(meeraRow.getByText(seat.name)).toBeVisible();
  await expectActionsInView(todayTable);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: a.exportCsv }).click();
  const csv = await (await download).path();
  const { readFileSync } = await import('node:fs');
  const rows = readFileSync(csv, 'utf8');
  expect(rows).toContain(meera.name.split(' ')[0]);
  expect(rows).toContain(ravi.mobile);

  // The dashboard's Inside now, and the seats screen marks Meera's seat.
  await page.goto('/app/dashboard');
  const inside = page.getByRole('region', { name: messages.desk.insideNow.title });
  await expect(inside.getByText(messages.desk.insideNow.count(2))).toBeVisible();
  await page.goto('/app/seats');
  await expect(
    page.getByRole('button', { name: new RegExp(messages.desk.insideNow.seatInside(meera.name)) }),
  ).toBeVisible();
  await expect(page.getByText(messages.desk.insideNow.seatsCount(2))).toBeVisible();

  // Not seen: Arjun has no active plan; nobody with one is missing today.
  await page.goto('/app/attendance?list=not-seen');
  await expect(page.getByText(a.notSeenEmpty(3))).toBeVisible();
  // Monthly: Meera and Ravi came today.
  await page.getByRole('tab', { name: a.tabs.monthly }).click();
  const monthly = page.getByRole('table', { name: a.tabs.monthly });
  await expect(monthly).toHaveAttribute('aria-busy', 'false');
  await expect(monthly.getByRole('row').filter({ hasText: meera.name })).toBeVisible();
  await expectActionsInView(monthly);
  await monthly.getByRole('button', { name: `${a.history}: ${meera.name}` }).click();
  const history = page.getByRole('dialog', { name: a.historyTitle(meera.name) });
  await expect(history.getByText(a.historyDays(1))).toBeVisible();
  await expectAccessible(page, 'attendance history');
  await history.getByRole('button', { name: a.close }).click();

  // A minute after the ignored scan, Meera's card checks her out.
  await page.waitForTimeout(Math.max(0, ignoredAt + 61_000 - Date.now()));
  await page.goto('/app/check-in');
  panel = await scan(page, cardCode);
  await expectAnswer(panel, 'out', [c.outcomes.out, api.checkedOut(meera.name)]);

  // Attendance screens, light and dark, wide and narrow.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/app/attendance');
    const table = page.getByRole('table', { name: a.tabs.today });
    await expect(table).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByText(a.insideNow(1))).toBeVisible();
    await expectAccessible(page, `attendance, ${theme}`);
    await screenshot(page, `attendance-1280-${theme}`);
    await page.setViewportSize(PHONE);
    const cards = page.getByRole('list', { name: a.tabs.today });
    await expect(cards.getByRole('listitem').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, `attendance on a phone, ${theme}`);
    await screenshot(page, `attendance-390-${theme}`);
  }
  expect(loaded.filter((url) => /CameraScanner|zxing|\.wasm/.test(url))).toEqual([]);
});

/**
 * The camera path: Chromium's fake camera plays a Y4M file. It is written before the browser
 * starts (a blank frame, so the device can be listed) and replaced by the QR of the card before
 * the camera starts: the device reads the file when it opens.
 */
const Y4M = path.join(tmpdir(), `check-in-qr-${process.pid}.y4m`);
const WIDTH = 640;
const HEIGHT = 480;

/** A Y4M video (4:2:0, a few identical frames) of `modules` (true is black) centred on white. */
function y4m(modules: { size: number; get: (row: number, column: number) => boolean } | null): Buffer {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  if (modules) {
    const scale = Math.floor(400 / (modules.size + 8));
    const side = modules.size * scale;
    const left = Math.floor((WIDTH - side) / 2);
    const top = Math.floor((HEIGHT - side) / 2);
    for (let y = 0; y < side; y += 1) {
      for (let x = 0; x < side; x += 1) {
        if (modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * WIDTH + left + x] = 16;
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([
    Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`),
    ...Array(5).fill(frame),
  ]);
}
writeFileSync(Y4M, y4m(null));

test('the camera reads the ID card held up to the desk phone', async ({ baseURL }) => {
  // Its own Chromium, with the fake camera playing the Y4M file.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${Y4M}`,
    ],
  });
  try {
    const context = await browser.newContext({ baseURL, viewport: PHONE, permissions: ['camera'] });
    const page = await context.newPage();
    const { token } = await signUpViaApi(page);
    const desk = new Desk(page.request, token);
    await desk.seat();
    const student = await desk.student('Kavya', `Iyer ${unique()}`);
    await desk.subscribe(student.id, todayInIndia());
    const issued = await page.request.post(`/api/user/${student.id}/id-card`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(issued.status(), await issued.text()).toBe(201);
    const code = (await issued.json()).data.code as string;
    const qr = QRCode.create(code, { errorCorrectionLevel: 'M' }).modules;
    writeFileSync(Y4M, y4m({ size: qr.size, get: (row, column) => Boolean(qr.get(row, column)) }));

    await page.goto('/app/check-in');
    const wasm = page.waitForResponse((response) => response.url().endsWith('.wasm'));
    await page.getByRole('button', { name: c.startCamera }).click();
    // The reader's WebAssembly comes from this server, never a CDN.
    expect(new URL((await wasm).url()).origin).toBe(new URL(page.url()).origin);
    await expect(page.getByLabel(c.videoLabel)).toBeVisible();
    await expectAnswer(answerPanel(page), 'in', [c.outcomes.in, student.name]);
    await page.getByRole('button', { name: c.stopCamera }).click();
    await expect(page.getByLabel(c.videoLabel)).toHaveCount(0);
  } finally {
    await browser.close();
  }
});
