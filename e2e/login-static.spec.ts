import { expect, test, type Page } from '@playwright/test';
import { messages } from '@app/shared';
import { expectAccessible, newLibrary, signUpViaApi } from './support';

/**
 * The sign-in page as a page load gets it (the SPA's /login route prerendered by the build and
 * hydrated by the SPA) and as the SPA renders it after an in-app navigation must behave the same:
 * every journey here runs on both.
 */
type Kind = 'static' | 'react';
const KINDS: Kind[] = ['static', 'react'];

const m = messages.login;
const LIGHT_BACKGROUND = 'rgb(244, 246, 251)';
const DARK_BACKGROUND = 'rgb(13, 18, 32)';

/** Whether React has taken over the form (hydrated it or rendered it): a probe for tests only. */
const isReact = () => Object.keys(document.querySelector('form') ?? {}).some((key) => key.startsWith('__reactFiber'));
const formIsReact = (page: Page) => page.waitForFunction(isReact);

/** The SPA's entry, which the prerendered page's head script starts (login-head.ts). */
const SPA_ENTRY = /\/assets\/index-[\w-]{8}\.js$/;

/** Counts the page's requests for the SPA's entry from now on. */
function watchSpa(page: Page) {
  let requests = 0;
  page.on('request', (request) => {
    if (SPA_ENTRY.test(request.url())) requests += 1;
  });
  return () => requests;
}

/**
 * Checks that the prerendered page has loaded and stays the server's HTML while nobody uses it:
 * no request for the SPA's entry, no React on the form (the browser's autofocus of the identifier
 * does not count as someone using the page).
 */
async function expectSpaNotStarted(page: Page, spaRequests: () => number) {
  await page.waitForLoadState('networkidle');
  // A quiet second more: the SPA is not started late either (as an idle callback or timer would).
  await page.waitForTimeout(1000);
  expect(spaRequests()).toBe(0);
  expect(await page.evaluate(isReact)).toBe(false);
}

/** A visitor's first keystroke (Shift: it types nothing, the focus stays), and React takes the form. */
async function startSpaByKey(page: Page) {
  await page.keyboard.press('Shift');
  await formIsReact(page);
}

/**
 * Opens the sign-in page: loaded from the server, or reached inside the SPA from /register. The
 * prerendered page is left as it loaded: the SPA starts on the journey's first action (typing,
 * clicking), as it does for a visitor, so the journeys run through that start.
 */
async function openLogin(page: Page, kind: Kind) {
  if (kind === 'static') {
    const response = await page.goto('/login');
    // The prerendered page: the form is in the HTML the server sent.
    expect(await response?.text()).toMatch(/<div id="root"><div[^>]*>[\s\S]*<form[^>]*method="post"/);
    await expect(page.getByRole('heading', { name: m.title })).toBeVisible();
    return;
  }
  await page.goto('/register');
  await page.evaluate(() => Object.assign(window, { spaMarker: true }));
  await page.getByRole('link', { name: messages.registration.haveAccount }).click();
  await expect(page).toHaveURL(/\/login$/);
  // Still the same document: the React route, not a page load.
  expect(await page.evaluate(() => 'spaMarker' in window)).toBe(true);
  await expect(page.getByRole('heading', { name: m.title })).toBeVisible();
  await formIsReact(page);
}

const identifier = (page: Page) => page.getByLabel(m.identifier);
const password = (page: Page) => page.getByLabel(m.password, { exact: true });
const submit = (page: Page) => page.getByRole('button', { name: m.submit, exact: true });

for (const kind of KINDS) {
  test.describe(`sign-in page (${kind})`, () => {
    test('shows the validation messages on submit, focuses the first field in error, then checks as you type', async ({
      page,
    }) => {
      await openLogin(page, kind);
      await expect(identifier(page)).toBeFocused();
      // Nothing is checked before the first submit.
      await identifier(page).fill('not-an-email');
      await password(page).fill('123');
      await expect(page.getByText(m.invalidEmail)).toHaveCount(0);

      await identifier(page).fill('');
      await password(page).fill('');
      await submit(page).click();
      await expect(page.getByText(m.invalidEmail)).toBeVisible();
      await expect(page.getByText(m.passwordMin)).toBeVisible();
      await expect(identifier(page)).toBeFocused();
      await expect(identifier(page)).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/login$/);

      // After the first submit each field is checked again as it changes, and only that field.
      await identifier(page).fill('ravi@example.com');
      await expect(page.getByText(m.invalidEmail)).toHaveCount(0);
      await expect(page.getByText(m.passwordMin)).toBeVisible();
      await password(page).fill('123456');
      await expect(page.getByText(m.passwordMin)).toHaveCount(0);
      await password(page).fill('12345');
      await expect(page.getByText(m.passwordMin)).toBeVisible();
      await expect(identifier(page)).toHaveAttribute('aria-invalid', 'false');
    });

    test('shows and hides the password', async ({ page }) => {
      await openLogin(page, kind);
      await password(page).fill('secret1');
      await expect(password(page)).toHaveAttribute('type', 'password');
      await page.getByRole('button', { name: messages.common.showPassword }).click();
      await expect(password(page)).toHaveAttribute('type', 'text');
      await page.getByRole('button', { name: messages.common.hidePassword }).click();
      await expect(password(page)).toHaveAttribute('type', 'password');
      await expect(page.getByRole('button', { name: messages.common.showPassword })).toBeVisible();
    });

    test("a wrong password shows the server's message, the button is busy while the call runs", async ({ page }) => {
      const library = newLibrary();
      expect((await page.request.post('/api/auth/register/library', { data: library })).status()).toBe(201);
      await openLogin(page, kind);
      // Hold the answer back to see the busy button.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/auth/login', async (route) => {
        await held;
        await route.continue();
      });
      await identifier(page).fill(` ${library.owner_email.toUpperCase()} `);
      await password(page).fill('wrong-password');
      const sent = page.waitForRequest('**/api/auth/login');
      await submit(page).click();
      // The identifier goes out trimmed and lower-cased, as the shared schema makes it.
      expect((await sent).postDataJSON()).toEqual({ identifier: library.owner_email, password: 'wrong-password' });
      const busy = page.getByRole('button', { name: m.busy });
      await expect(busy).toBeDisabled();
      release();
      await expect(page.getByRole('alert').filter({ hasText: messages.auth.invalidCredentials })).toBeVisible();
      await expect(submit(page)).toBeEnabled();
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.getItem('admin'))).toBeNull();
    });

    test('shows the server message of a 429 and a 400, and the network error', async ({ page }) => {
      await openLogin(page, kind);
      await identifier(page).fill('ravi@example.com');
      await password(page).fill('secret1');
      const toast = (text: string) => page.getByRole('alert').filter({ hasText: text });

      await page.route('**/api/auth/login', (route) =>
        route.fulfill({
          status: 429,
          contentType: 'application/json',
          body: JSON.stringify({ status: false, code: 429, message: messages.auth.tooManyAttempts, errors: [] }),
        }),
      );
      await submit(page).click();
      await expect(toast(messages.auth.tooManyAttempts)).toBeVisible();

      // The real server's answer to a body the form would never send: its first message.
      await page.unroute('**/api/auth/login');
      await page.route('**/api/auth/login', (route) =>
        route.continue({ postData: JSON.stringify({ identifier: 'x' }) }),
      );
      await submit(page).click();
      await expect(toast(m.invalidEmail)).toBeVisible();

      await page.unroute('**/api/auth/login');
      await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
      await submit(page).click();
      await expect(toast('Failed to fetch')).toBeVisible();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('signs in: the session is stored, the dashboard opens with the success toast', async ({ page }) => {
      const library = newLibrary();
      expect((await page.request.post('/api/auth/register/library', { data: library })).status()).toBe(201);
      await openLogin(page, kind);
      await identifier(page).fill(library.owner_email);
      await password(page).fill(library.password);
      await password(page).press('Enter');
      await expect(page).toHaveURL(/\/app\/dashboard$/);
      await expect(page.getByText(messages.auth.loggedIn)).toBeVisible();
      await expect(page.getByRole('heading', { name: messages.dashboard.welcome })).toBeVisible();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('admin') ?? 'null'));
      expect(stored.email).toBe(library.owner_email);
      expect(stored.token).toBeTruthy();
      // The toast is shown once: a reload does not bring it back.
      await page.reload();
      await expect(page.getByRole('heading', { name: messages.dashboard.welcome })).toBeVisible();
      await expect(page.getByText(messages.auth.loggedIn)).toHaveCount(0);
    });

    test('the links go to the landing page and to the registration', async ({ page }) => {
      await openLogin(page, kind);
      await page.getByRole('link', { name: m.noAccount }).click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole('heading', { name: messages.registration.title })).toBeVisible();
      await openLogin(page, kind);
      await page.getByRole('link', { name: messages.app.name }).filter({ visible: true }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('link', { name: messages.landing.startFreeTrial }).first()).toBeVisible();
    });
  });
}

test('a signed-in admin opening /login goes to the dashboard at once, without seeing the form', async ({ page }) => {
  await signUpViaApi(page);
  const response = await page.goto('/login');
  expect(new URL(response?.url() ?? '').pathname).toBe('/login');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: messages.dashboard.welcome })).toBeVisible();
});

test('after signing out, the React sign-in route signs in again', async ({ page }) => {
  const { body } = await signUpViaApi(page);
  await page.goto('/app/dashboard');
  await page.getByRole('button', { name: 'Ravi Kumar' }).click();
  await page.evaluate(() => Object.assign(window, { spaMarker: true }));
  await page.getByRole('menuitem', { name: messages.shell.logout }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => 'spaMarker' in window)).toBe(true);
  await expect(page.getByText(messages.auth.loggedOut)).toBeVisible();

  await submit(page).click();
  await expect(page.getByText(m.invalidEmail)).toBeVisible();
  await identifier(page).fill(body.owner_email);
  await password(page).fill('wrong-password');
  await submit(page).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.auth.invalidCredentials })).toBeVisible();
  await password(page).fill(body.password);
  await submit(page).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByText(messages.auth.loggedIn)).toBeVisible();
});

test('signing in in another tab starts the untouched sign-in page, which goes to the dashboard', async ({
  page,
  context,
}) => {
  const library = newLibrary();
  expect((await page.request.post('/api/auth/register/library', { data: library })).status()).toBe(201);
  const spaRequests = watchSpa(page);
  await page.goto('/login');
  await expectSpaNotStarted(page, spaRequests);
  const other = await context.newPage();
  await other.goto('/login');
  await other.getByLabel(m.identifier).fill(library.owner_email);
  await other.getByLabel(m.password, { exact: true }).fill(library.password);
  await other.getByRole('button', { name: m.submit, exact: true }).click();
  await expect(other).toHaveURL(/\/app\/dashboard$/);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});

test('the SPA hydrates the prerendered form: the same elements, no error, the focus on the identifier', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The identifier field as the HTML parser made it, before any of the SPA's scripts ran.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive') {
        Object.assign(window, { parsedIdentifier: document.getElementById('identifier') });
      }
    });
  });
  await openLogin(page, 'static');
  // The browser's autofocus, from the HTML: the field has the focus before React.
  await expect(identifier(page)).toBeFocused();
  await startSpaByKey(page);
  await expect(identifier(page)).toBeFocused();
  expect(
    await page.evaluate(() => {
      const parsed = (window as unknown as { parsedIdentifier?: Element }).parsedIdentifier;
      return parsed !== undefined && parsed === document.getElementById('identifier');
    }),
  ).toBe(true);
  expect(errors).toEqual([]);
});

test('the prerendered page loads none of the SPA while nobody uses it', async ({ page }) => {
  const spaRequests = watchSpa(page);
  const response = await page.goto('/login');
  // Nothing in the HTML fetches it either: no module script, no preload hint.
  expect(await response?.text()).not.toMatch(/type="module"|modulepreload|rel="preload"/);
  await expect(page.getByRole('heading', { name: m.title })).toBeVisible();
  await expectSpaNotStarted(page, spaRequests);
  await startSpaByKey(page);
  expect(spaRequests()).toBe(1);
});

/** Each first action of a visitor that starts the SPA (login-head.ts), the page untouched before it. */
const STARTS: [string, (page: Page) => Promise<void>][] = [
  ['a key', (page) => page.keyboard.press('Shift')],
  ['a pointer', (page) => page.mouse.click(4, 4)],
  ['a touch', (page) => page.touchscreen.tap(4, 4)],
  // The identifier has the focus already (autofocus): a value comes in with no key and no focus.
  [
    'a value put in without a key (dictation, autofill)',
    (page) =>
      identifier(page).evaluate((input: HTMLInputElement) => {
        input.value = 'ravi@example.com';
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }),
  ],
  ['a focus moved (as by a screen reader)', (page) => password(page).focus()],
  [
    'a submit (as by assistive technology)',
    (page) => page.locator('form').evaluate((form: HTMLFormElement) => form.requestSubmit()),
  ],
];
for (const [action, act] of STARTS) {
  test(`the prerendered page starts the SPA on ${action}`, async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true });
    const page = await context.newPage();
    const spaRequests = watchSpa(page);
    await page.goto('/login');
    await expectSpaNotStarted(page, spaRequests);
    await act(page);
    await formIsReact(page);
    expect(spaRequests()).toBe(1);
    await context.close();
  });
}

test('what is typed before the SPA has started stays in the fields, and React sends it', async ({ page }) => {
  // Hold the SPA's entry back: typing has started the SPA, which is not there yet.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let requested = false;
  await page.route(SPA_ENTRY, async (route) => {
    requested = true;
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await identifier(page).fill('Ravi@Example.com');
  await password(page).pressSequentially('secret1');
  await expect.poll(() => requested).toBe(true);
  expect(await page.evaluate(isReact)).toBe(false);
  release();
  await formIsReact(page);
  await expect(identifier(page)).toHaveValue('Ravi@Example.com');
  await expect(password(page)).toHaveValue('secret1');
  await expect(password(page)).toBeFocused();
  // React's form has the values: its request carries them (trimmed and lower-cased by the schema).
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ status: false, code: 401, message: messages.auth.invalidCredentials, errors: [] }),
    }),
  );
  const sent = page.waitForRequest('**/api/auth/login');
  await submit(page).click();
  expect((await sent).postDataJSON()).toEqual({ identifier: 'ravi@example.com', password: 'secret1' });
  await expect(page.getByRole('alert').filter({ hasText: messages.auth.invalidCredentials })).toBeVisible();
});

test('showing the password before the SPA has started is done once React listens', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(SPA_ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await password(page).fill('secret1');
  await page.getByRole('button', { name: messages.common.showPassword }).click();
  await expect(password(page)).toHaveAttribute('type', 'password');
  release();
  await formIsReact(page);
  await expect(password(page)).toHaveAttribute('type', 'text');
  await expect(page.getByRole('button', { name: messages.common.hidePassword })).toBeVisible();
  await expect(password(page)).toHaveValue('secret1');
});

test('without JavaScript the sign-in page shows its texts and links, light, and sends no password in the address', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/login');
  expect(response?.status()).toBe(200);
  const html = (await response?.text()) ?? '';
  // Every script is a file (the CSP allows no inline script).
  expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g)).toBeNull();

  await expect(page).toHaveTitle(`${m.title} · ${messages.app.name}`);
  await expect(page.getByRole('heading', { name: m.title })).toBeVisible();
  await expect(page.getByText(m.subtitle)).toBeVisible();
  await expect(page.getByRole('textbox', { name: m.identifier })).toBeVisible();
  await expect(page.getByLabel(m.password, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: m.submit, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: m.forgotPassword })).toHaveAttribute('href', '/forgot-password');
  await expect(page.getByRole('link', { name: m.noAccount })).toHaveAttribute('href', '/register');
  // Painted by its own CSS: the light scheme's page background, not the browser's white.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(LIGHT_BACKGROUND);
  // Signing in needs the SPA: its notice stays, and the form would not put the password in the address.
  expect(html).toContain('<noscript>Study Library Admin needs JavaScript to run.</noscript>');
  await expect(page.locator('form')).toHaveAttribute('method', 'post');
  await context.close();
});

for (const [saved, device, background] of [
  ['dark', 'light', DARK_BACKGROUND],
  ['system', 'dark', DARK_BACKGROUND],
  ['light', 'dark', LIGHT_BACKGROUND],
] as const) {
  test(`the first paint has the saved theme (${saved}, device ${device}) before the SPA's scripts run`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ colorScheme: device });
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate((mode) => localStorage.setItem('theme', mode), saved);
    // Only the blocking script in <head> may run: the SPA's scripts never arrive.
    await page.route('**/assets/*.js', (route) =>
      /\/login-head-[\w-]{8}\.js$/.test(route.request().url()) ? route.continue() : route.abort(),
    );
    const response = await page.reload();
    const head = /<head>([\s\S]*)<\/head>/.exec((await response?.text()) ?? '')?.[1] ?? '';
    // The theme script comes first in <head>, blocking, so the first paint already has its class.
    expect(head.trim()).toMatch(/^<script src="\/assets\/login-head-[\w-]{8}\.js" data-spa="[^"]+"><\/script>/);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
    // And that was before React: the form on screen is still the server's.
    await expect(page.getByRole('heading', { name: m.title })).toBeVisible();
    expect(
      await page.evaluate(() =>
        Object.keys(document.querySelector('form') ?? {}).some((key) => key.startsWith('__reactFiber')),
      ),
    ).toBe(false);
    await context.close();
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the hydrated sign-in page passes axe (${theme}), with and without errors shown`, async ({ page }) => {
    await page.goto('/login');
    await page.evaluate((mode) => localStorage.setItem('theme', mode), theme);
    await openLogin(page, 'static');
    await startSpaByKey(page);
    expect(await page.evaluate(() => document.documentElement.className)).toContain(theme);
    await expectAccessible(page, `prerendered login, ${theme}`);
    await submit(page).click();
    await expect(page.getByText(m.invalidEmail)).toBeVisible();
    await expectAccessible(page, `prerendered login with errors, ${theme}`);
  });
}

test('typed in and sent before the SPA has started, the form keeps its values and is sent once React listens', async ({
  page,
}) => {
  const library = newLibrary();
  expect((await page.request.post('/api/auth/register/library', { data: library })).status()).toBe(201);
  // Hold the SPA's entry back: the page is on screen, React is not there yet.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(SPA_ENTRY, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login');
  await identifier(page).fill(library.owner_email);
  await password(page).fill(library.password);
  await submit(page).click();
  await expect(page).toHaveURL(/\/login$/);
  release();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByText(messages.auth.loggedIn)).toBeVisible();
});
