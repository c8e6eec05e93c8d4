import { expect, test, type Page } from '@playwright/test';
import dayjs from 'dayjs';
import {
  definedCatalogues,
  flatten,
  formatRupees,
  languageMessages,
  messages,
  rupeesInWords,
  setLanguage,
  sourceOf,
  studentAppMessages,
  teamScreenMessages,
  todayIn,
  type Language,
} from '@app/shared';
import { hindiFiles, loadHindi } from '@app/shared/i18n/hindi';
import {
  createAreaWithSeats,
  createStudentViaApi,
  LibraryApi,
  newAadhaar,
  newLibrary,
  newMobile,
  png,
  unique,
} from './support';

/**
 * Issue 20, as a new owner tries it: हिंदी chosen on the sign-in page (no English flash), signed
 * in, every screen walked in Hindi on a laptop and a phone, each with rows to show (students with
 * a reserved, an any-seat, a part-paid and an ended plan, one checked in, expenses, a
 * notification), with no English text of the catalogue left on it, a validation error and a
 * toast in Hindi, a receipt printed in Hindi with the amount in Hindi words, then English again
 * with SPEC's texts unchanged. English pages load no Devanagari font and no Hindi texts.
 * SCREENSHOTS=1 saves the main screens in Hindi to docs/screenshots
 * (hi-<screen>-<width>-<theme>.png), dark ones through the theme toggle's stored choice.
 */

loadHindi();
const SHOTS = process.env.SCREENSHOTS === '1';

/** A catalogue text read in a language (the journey reads the product's own catalogue). */
function inLanguage<T>(language: Language, read: () => T): T {
  setLanguage(language);
  try {
    return read();
  } finally {
    setLanguage('en');
  }
}
const hi = <T>(read: () => T) => inLanguage('hi', read);

/**
 * Every English text of the catalogue that reads differently in Hindi (templates with values
 * left out: their fixed words are checked through the texts around them). A screen in Hindi
 * showing one of these, as a whole line, shows a text it did not translate.
 */
const ENGLISH_ONLY: ReadonlySet<string> = (() => {
  const hindi = new Map(hindiFiles.map((file) => [file.ns, file.resources]));
  const texts = new Set<string>();
  for (const [ns, catalogue] of definedCatalogues()) {
    const translated = hindi.get(ns) ?? {};
    for (const [key, text] of Object.entries(flatten(sourceOf(catalogue)))) {
      if (text.includes('{{') || !/[A-Za-z]{3}/.test(text) || translated[key] === text) continue;
      texts.add(text.trim());
    }
  }
  // MUI's own texts, which its Hindi locale replaces, and MUI X's, which have no Hindi locale.
  for (const text of ['Rows per page:', 'Go to next page', 'Go to previous page', 'No data to display'])
    texts.add(text);
  return texts;
})();

/** A word of English as a text writes it: `Name`, `area's`, `(optional)`, `required.` */
const ENGLISH_WORD = /^[("'‘“]?[A-Za-z][A-Za-z'’-]*[)"'’”]?[.,;:!?…]*[)"'’”]?$/;

/** Three words or more of English (`Area Name is required`), nothing else, as a phrase to look for. */
function isPhrase(text: string): boolean {
  const words = text.split(/\s+/);
  return words.length >= 3 && words.every((word) => ENGLISH_WORD.test(word));
}

/**
 * The English phrases of three words or more a Hindi screen must not show inside a line: the
 * texts above, and the fixed words between a template's values (`Failed to fetch the`), unless
 * a Hindi text has the same words (a name the translation keeps).
 */
const ENGLISH_PHRASES: readonly string[] = (() => {
  const hindiText = hindiFiles.flatMap((file) => Object.values(file.resources)).join('\n');
  const phrases = new Set<string>();
  for (const [, catalogue] of definedCatalogues()) {
    for (const text of Object.values(flatten(sourceOf(catalogue)))) {
      for (const part of text.split(/\{\{[^}]*\}\}/)) {
        const phrase = part.replace(/^[^A-Za-z(]+/, '').trim();
        if (isPhrase(phrase) && !hindiText.includes(phrase)) phrases.add(phrase);
      }
    }
  }
  for (const text of ENGLISH_ONLY) if (isPhrase(text)) phrases.add(text);
  return [...phrases];
})();

/** Whether `line` has `phrase` in it as whole words. */
function hasPhrase(line: string, phrase: string): boolean {
  let at = line.indexOf(phrase);
  while (at >= 0) {
    const before = line[at - 1] ?? ' ';
    const after = line[at + phrase.length] ?? ' ';
    if (!/[A-Za-z]/.test(before) && !/[A-Za-z]/.test(after)) return true;
    at = line.indexOf(phrase, at + 1);
  }
  return false;
}

/**
 * The lines of English catalogue text a page shows (its visible text, line by line): a line
 * that is one of the English texts, or that has an English phrase of three words or more in it.
 */
async function englishLines(page: Page): Promise<string[]> {
  const text = await page.locator('body').innerText();
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return [
    ...new Set(
      lines.filter((line) => ENGLISH_ONLY.has(line) || ENGLISH_PHRASES.some((phrase) => hasPhrase(line, phrase))),
    ),
  ];
}

/**
 * Waits for a screen to show everything: its own heading (`ready`, its h1: the phone's navigation
 * drawer is mounted only while open, and the sidebar's labels are not the screen's), then its
 * parts that load as they come near the viewport (the dashboard's charts), scrolled through once.
 */
async function showAll(page: Page, screen: (typeof SCREENS)[number]) {
  await expect(page.getByRole('heading', { level: 1, name: hi(screen.ready), exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
}

async function screenshot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `docs/screenshots/hi-${name}.png`, fullPage: true });
}

/** The library's rows, set up through the API so that every screen shows some. */
class Library extends LibraryApi {
  /** A student with the three identity images; answers its id and mobile number. */
  async student(first: string, last: string) {
    const mobile = newMobile('7');
    const id = await createStudentViaApi(
      this.request,
      this.token,
      {
        first_name: first,
        last_name: last,
        mobile,
        email: `${first.toLowerCase()}-${unique()}@example.com`,
        aadhaar_number: newAadhaar('6'),
        dob: '2001-07-08',
      },
      await png('#00897b'),
    );
    return { id, mobile };
  }

  async firstSeat(areaId: string) {
    const seats = await this.request.get(`/api/seat/${areaId}`, { headers: this.headers });
    expect(seats.status(), await seats.text()).toBe(200);
    return (await seats.json()).data[0].id as string;
  }

  /** A one-month plan from `joining` (today), paid in cash; reserved on `seatId` when given. */
  async subscribe(plan: {
    studentId: string;
    joining?: dayjs.Dayjs;
    start: string;
    end: string;
    price: number;
    fee: number;
    seatId?: string;
  }) {
    const response = await this.request.post('/api/subscription', {
      headers: this.headers,
      data: {
        student_id: plan.studentId,
        joining_date: (plan.joining ?? dayjs(todayIn('Asia/Kolkata'))).format('YYYY-MM-DD'),
        start_time: plan.start,
        end_time: plan.end,
        duration: 1,
        is_reserved: Boolean(plan.seatId),
        seat_id: plan.seatId ?? null,
        price: plan.price,
        fee: plan.fee,
        mode: 'Cash',
      },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  /** The desk checks the student in by the mobile number. */
  async checkIn(mobile: string) {
    const checked = await this.request.post('/api/attendance/check', { headers: this.headers, data: { mobile } });
    expect(checked.status(), await checked.text()).toBe(200);
    expect((await checked.json()).data.outcome).toBe('in');
  }

  async expense(category: string, amount: number) {
    const response = await this.request.post('/api/expenses', {
      headers: this.headers,
      data: { date: todayIn('Asia/Kolkata'), category, amount, note: null, mode: 'UPI' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  async notify(title: string, body: string) {
    const sent = await this.request.post('/api/admin/sendFCMNotificationToAllUsers', {
      headers: this.headers,
      data: { title, body },
    });
    expect(sent.status(), await sent.text()).toBe(201);
  }
}

/** Every screen of the owner's menu, with the text that says it has loaded. */
const SCREENS: readonly { path: string; name: string; ready: () => string }[] = [
  { path: '/app/dashboard', name: 'dashboard', ready: () => messages.dashboard.welcome },
  { path: '/app/check-in', name: 'check-in', ready: () => messages.desk.checkIn.title },
  { path: '/app/attendance', name: 'attendance', ready: () => messages.desk.attendance.title },
  { path: '/app/student', name: 'students', ready: () => messages.students.heading },
  { path: '/app/area', name: 'areas', ready: () => messages.areas.heading },
  { path: '/app/seats', name: 'seats', ready: () => messages.seats.heading },
  { path: '/app/subscription', name: 'subscriptions', ready: () => messages.subscriptions.heading },
  { path: '/app/fee-report', name: 'fee-report', ready: () => messages.fees.title },
  { path: '/app/dues', name: 'dues', ready: () => messages.dues.title },
  { path: '/app/day-book', name: 'day-book', ready: () => messages.payments.dayBook.title },
  { path: '/app/expenses', name: 'expenses', ready: () => messages.expenses.title },
  { path: '/app/profit', name: 'profit', ready: () => messages.profit.title },
  { path: '/app/notifications', name: 'notifications', ready: () => messages.notification.history.heading },
  { path: '/app/activity', name: 'activity', ready: () => messages.audit.heading },
  { path: '/app/settings', name: 'settings', ready: () => messages.settings.title },
  { path: '/app/team', name: 'team', ready: () => teamScreenMessages.title },
];
const MAIN_SCREENS = new Set(['dashboard', 'students', 'areas', 'subscriptions', 'fee-report', 'dues']);

test('हिंदी: chosen on the sign-in page, every screen in Hindi, a receipt in Hindi, English again', async ({ page }) => {
  test.setTimeout(600_000);
  const library = newLibrary();
  const registered = await page.request.post('/api/auth/register/library', { data: library });
  expect(registered.status()).toBe(201);
  const token = (await registered.json()).data.token as string;
  const rows = new Library(page.request, token);
  const areaId = await createAreaWithSeats(page.request, token, 'Reading Hall', 4);
  const studentName = 'Anjali Verma';
  const { id: studentId } = await rows.student('Anjali', 'Verma');
  // An any-seat plan paid in full (its receipt is printed below).
  await rows.subscribe({ studentId, start: '06:00', end: '14:00', price: 1250, fee: 1250 });
  // A reserved plan for the whole day, and its student checked in at the desk.
  const rohan = await rows.student('Rohan', 'Sharma');
  await rows.subscribe({
    studentId: rohan.id,
    start: '00:00',
    end: '23:59',
    price: 1500,
    fee: 1500,
    seatId: await rows.firstSeat(areaId),
  });
  await rows.checkIn(rohan.mobile);
  // A plan paid in part that ends in a few days (a due, expiring soon), and one that ended
  // last week, not renewed; a student without a plan; an expense of a built-in category and
  // one of the owner's own; a notification.
  const today = dayjs(todayIn('Asia/Kolkata'));
  const meena = await rows.student('Meena', 'Iyer');
  await rows.subscribe({
    studentId: meena.id,
    joining: today.subtract(1, 'month').add(3, 'day'),
    start: '14:00',
    end: '22:00',
    price: 1500,
    fee: 500,
  });
  const kiran = await rows.student('Kiran', 'Das');
  await rows.subscribe({
    studentId: kiran.id,
    joining: today.subtract(1, 'month').subtract(3, 'day'),
    start: '08:00',
    end: '12:00',
    price: 1000,
    fee: 1000,
  });
  await rows.student('Neha', 'Gupta');
  await rows.expense('rent', 8000);
  await rows.expense('Water cans', 350);
  await rows.notify('Holiday on Friday', 'The library stays closed on Friday.');

  // English first: SPEC's sign-in page, and no Devanagari font or Hindi texts fetched.
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: messages.login.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect(fetched.filter((url) => /devanagari/i.test(url))).toEqual([]);
  // No Devanagari but the switch's own name for Hindi.
  expect((await page.locator('body').innerText()).replaceAll('हिंदी', '')).not.toMatch(/[\u0900-\u097F]/);

  // हिंदी, from the switch on the sign-in page; watched from the first frame for English.
  await page.addInitScript((english: string) => {
    const seen: string[] = [];
    (window as unknown as { englishSeen: string[] }).englishSeen = seen;
    const look = () => {
      if (document.body && document.documentElement.lang === 'hi' && document.body.innerText.includes(english)) {
        seen.push(String(performance.now()));
      }
      if (performance.now() < 5_000) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  }, messages.login.subtitle);
  await page.getByRole('group', { name: languageMessages.label }).getByRole('button', { name: 'हिंदी' }).click();
  await expect(page.getByRole('heading', { name: hi(() => messages.login.title) })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await page.evaluate(() => (window as unknown as { englishSeen: string[] }).englishSeen)).toEqual([]);
  // The self-hosted Devanagari font, fetched from this server now that Hindi text is shown.
  await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari"', 'हिंदी'))).toBe(true);
  expect(
    fetched.filter((url) => /devanagari/i.test(url)).every((url) => url.startsWith(new URL(page.url()).origin)),
  ).toBe(true);
  expect(await englishLines(page)).toEqual([]);
  await screenshot(page, 'login-1280-light');

  // Signed in: the toast and the dashboard in Hindi.
  await page.getByLabel(hi(() => messages.login.identifier)).fill(library.owner_email);
  await page
    .getByLabel(
      hi(() => messages.login.password),
      { exact: true },
    )
    .fill(library.password);
  await page.getByRole('button', { name: hi(() => messages.login.submit), exact: true }).click();
  await expect(page.getByText(hi(() => messages.auth.loggedIn))).toBeVisible();
  await expect(page.getByRole('heading', { name: hi(() => messages.dashboard.welcome) })).toBeVisible();

  // Every screen, on a laptop and a phone, light and dark for the main ones.
  // Charts drawn at once (MUI X skips its animations for reduced motion), as a screenshot needs them.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await showAll(page, screen);
      expect.soft(await englishLines(page), `${screen.path} at ${width} px`).toEqual([]);
      if (MAIN_SCREENS.has(screen.name)) {
        await screenshot(page, `${screen.name}-${width}-light`);
        if (SHOTS) {
          // The theme toggle's stored choice, as a person picks it, for one reload.
          await page.evaluate(() => localStorage.setItem('theme', 'dark'));
          await page.reload();
          await showAll(page, screen);
          expect.soft(await englishLines(page), `${screen.path} at ${width} px, dark`).toEqual([]);
          await screenshot(page, `${screen.name}-${width}-dark`);
          await page.evaluate(() => localStorage.setItem('theme', 'light'));
        }
      }
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // A validation error in Hindi: an area without its name.
  await page.goto('/app/area');
  await page
    .getByRole('button', { name: hi(() => messages.areas.addArea) })
    .first()
    .click();
  const form = page.getByRole('dialog', { name: hi(() => messages.areas.addTitle) });
  await form.getByRole('button', { name: hi(() => messages.areas.create) }).click();
  await expect(form.getByText(hi(() => messages.areas.nameRequired))).toBeVisible();
  await screenshot(page, 'area-form-errors-1280-light');
  await form.getByRole('button', { name: hi(() => messages.areas.cancel) }).click();

  // The receipt of the plan's payment, printed in Hindi with the amount in Hindi words.
  await page.goto('/app/subscription');
  const p = messages.payments;
  await page
    .getByRole('table', { name: hi(() => messages.subscriptions.heading) })
    .getByRole('row')
    .filter({ hasText: studentName })
    .getByRole('button', { name: new RegExp(`^${hi(() => p.account.open(studentName))}`) })
    .click();
  const account = page.getByRole('dialog', { name: new RegExp(hi(() => p.account.title)) });
  const payment = account
    .getByRole('table', { name: hi(() => p.account.payments) })
    .getByRole('row')
    .filter({ hasText: formatRupees(1250) });
  const receiptNo = ((await payment.getByRole('cell').nth(4).textContent()) ?? '').trim();
  await payment.getByRole('link', { name: hi(() => messages.receipts.actions.openFor(receiptNo)) }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: hi(() => messages.receipts.screen.heading('receipt', receiptNo)) }),
  ).toBeVisible();
  const sheet = page.frameLocator(`iframe[title="${hi(() => messages.receipts.screen.preview(receiptNo))}"]`);
  await expect(sheet.getByText(hi(() => rupeesInWords(1250)))).toBeVisible();
  await expect(sheet.getByText(studentName)).toBeVisible();
  expect(await englishLines(page)).toEqual([]);
  await screenshot(page, 'receipt-1280-light');

  // Back to English from the top bar: SPEC's texts exactly, and the choice kept on the server.
  await page.goto('/app/dashboard');
  await page
    .getByRole('group', { name: hi(() => languageMessages.label) })
    .getByRole('button', { name: 'English' })
    .click();
  await expect(page.getByRole('heading', { name: 'Welcome Admin!' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Students' }).first()).toBeAttached();
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
  expect((await me.json()).data.language).toBe('en');
});

test('the student app in हिंदी: chosen on the join screen, paired, every tab in Hindi on a phone', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const t = studentAppMessages;
  const setup = await browser.newContext();
  const registered = await setup.request.post('/api/auth/register/library', { data: newLibrary() });
  expect(registered.status()).toBe(201);
  const token = (await registered.json()).data.token as string;
  const library = new Library(setup.request, token);
  await createAreaWithSeats(setup.request, token, 'Reading Hall', 2);
  const anjali = await library.student('Anjali', 'Verma');
  await library.subscribe({ studentId: anjali.id, start: '06:00', end: '14:00', price: 1500, fee: 1000 });
  const paired = await setup.request.post(`/api/user/${anjali.id}/pairing-code`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(paired.status(), await paired.text()).toBe(201);
  const code = (await paired.json()).data.code as string;
  await setup.close();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  await page.goto('/student/join');
  await expect(page.getByRole('heading', { name: t.join.title })).toBeVisible();
  await page.getByRole('group', { name: languageMessages.label }).getByRole('button', { name: 'हिंदी' }).click();
  await expect(page.getByRole('heading', { name: hi(() => t.join.title) })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(await englishLines(page)).toEqual([]);

  // Paired with the owner's code; the phone's choice is kept for the student (PUT /api/student/language).
  await page.getByRole('textbox', { name: hi(() => t.join.code) }).fill(code);
  await page.getByRole('button', { name: hi(() => t.join.submit) }).click();
  const membership = page.getByRole('region', { name: hi(() => t.home.membership) });
  await expect(membership.getByText(hi(() => t.home.balanceDue(500)))).toBeVisible();
  await expect(membership.getByText('6:00 पूर्वाह्न–2:00 अपराह्न')).toBeVisible();
  expect(await englishLines(page), 'student home').toEqual([]);
  const studentToken = await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      const value = localStorage.getItem(key) ?? '';
      if (value.includes('"token"')) return (JSON.parse(value) as { token: string }).token;
    }
    return null;
  });
  expect(studentToken).toBeTruthy();
  await expect
    .poll(async () => {
      const me = await page.request.get('/api/student/me', { headers: { authorization: `Bearer ${studentToken}` } });
      return (await me.json()).data.student.language;
    })
    .toBe('hi');
  await screenshot(page, 'student-home-390-light');

  for (const tab of ['pass', 'payments', 'inbox', 'library'] as const) {
    await page
      .getByRole('navigation', { name: hi(() => t.nav.label) })
      .getByRole('button', { name: hi(() => t.nav[tab]) })
      .click();
    await page.waitForLoadState('networkidle');
    expect(await englishLines(page), `student ${tab}`).toEqual([]);
  }
  await screenshot(page, 'student-library-390-light');
  await context.close();
});
