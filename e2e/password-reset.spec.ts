import { expect, test, type Page } from '@playwright/test';
import { messages, passwordResetMessages } from '@app/shared';
import { linkIn, mailsTo, waitForMail } from './mailbox';
import { expectAccessible, newLibrary, signIn, signUpViaApi, unique } from './support';

/**
 * Password recovery (issue 16) as an owner who forgot the password tries it: signed in on one
 * device, they ask for a link from the sign-in page's "Forgot password?"; the mail arrives at
 * the loopback SMTP server (e2e/mail-server.ts); the link sets a new password; the old session
 * is gone, the new password signs in and the link does not work twice. Each screen light and
 * dark, 1280 and 390 px wide, checked with axe. SCREENSHOTS=1 saves them to docs/screenshots.
 */

const m = passwordResetMessages;
const SHOTS = process.env.SCREENSHOTS === '1';

async function screenshot(page: Page, name: string) {
  await expectAccessible(page, name);
  if (!SHOTS) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

test('password reset: forgot, the mail arrives, a new password, the old session is gone', async ({ page, browser }) => {
  // Signed in on a first device.
  const email = `owner-${unique()}@library.test`;
  const { session } = await signUpViaApi(page, { owner_email: email });
  await page.goto('/app/dashboard');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  // On another device, signed out: Forgot password? from the sign-in page.
  const context = await browser.newContext();
  // The device's theme (so the screenshots can switch light and dark without losing the screen's state).
  await context.addInitScript(() => localStorage.setItem('theme', 'system'));
  const guest = await context.newPage();
  await guest.goto('/login');
  await guest.getByRole('link', { name: messages.login.forgotPassword }).click();
  await expect(guest).toHaveURL(/\/forgot-password$/);
  await expect(guest.getByRole('heading', { name: m.forgotTitle })).toBeVisible();
  await shots(guest, 'password-forgot');

  await guest.getByLabel(m.email).fill('not-an-email');
  await guest.getByRole('button', { name: m.send }).click();
  await expect(guest.getByText(m.emailInvalid)).toBeVisible();
  await guest.getByLabel(m.email).fill(email.toUpperCase());
  await guest.getByRole('button', { name: m.send }).click();
  await expect(guest.getByRole('status').filter({ hasText: m.sent })).toBeVisible();
  await shots(guest, 'password-forgot-sent');

  // The mail, at the loopback SMTP server.
  const mail = await waitForMail(email);
  expect(mail.subject).toBe(m.mailSubject);
  const link = new URL(linkIn(mail, '/reset-password'));
  await guest.goto(`${link.pathname}${link.hash}`);
  await expect(guest.getByRole('heading', { name: m.resetTitle })).toBeVisible();
  await shots(guest, 'password-reset');

  await guest.getByLabel(m.password, { exact: true }).fill('brand-new-pass');
  await guest.getByLabel(m.confirmPassword).fill('brand-new-typo');
  await guest.getByRole('button', { name: m.save }).click();
  await expect(guest.getByText(m.passwordsDiffer)).toBeVisible();
  await guest.getByLabel(m.confirmPassword).fill('brand-new-pass');
  await guest.getByRole('button', { name: m.save }).click();
  await expect(guest.getByRole('status').filter({ hasText: m.done })).toBeVisible();
  await shots(guest, 'password-reset-done');

  // The first device's session is gone: its next request is refused and it lands on sign-in.
  const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } });
  expect(me.status()).toBe(401);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer signs in; the new one does.
  await signIn(page, email, 'the-old-one-is-gone');
  await expect(page.getByText(messages.auth.invalidCredentials)).toBeVisible();
  await signIn(page, email, 'brand-new-pass');
  await expect(page).toHaveURL(/\/app\/dashboard$/);

  // The link works once: opened again (a fresh page), it says so and leads back to Forgot password.
  await guest.goto('/login');
  await guest.goto(`${link.pathname}${link.hash}`);
  await guest.getByLabel(m.password, { exact: true }).fill('another-new-pass');
  await guest.getByLabel(m.confirmPassword).fill('another-new-pass');
  await guest.getByRole('button', { name: m.save }).click();
  await expect(guest.getByText(m.linkInvalid)).toBeVisible();
  await shots(guest, 'password-reset-used');
  await guest.getByRole('link', { name: m.requestNew }).click();
  await expect(guest).toHaveURL(/\/forgot-password$/);
  await context.close();
});

test('password reset: an unknown email gets the same answer and no mail', async ({ page, request }) => {
  const stranger = `nobody-${unique()}@library.test`;
  await page.goto('/forgot-password');
  await page.getByLabel(m.email).fill(stranger);
  await page.getByRole('button', { name: m.send }).click();
  await expect(page.getByRole('status').filter({ hasText: m.sent })).toBeVisible();
  // A known email asked right after: once its mail is here, the stranger's would have been too.
  const known = `owner-${unique()}@library.test`;
  const registered = await request.post('/api/auth/register/library', {
    data: newLibrary({ owner_email: known }),
  });
  expect(registered.status()).toBe(201);
  const asked = await request.post('/api/auth/forgot-password', { data: { email: known } });
  expect(await asked.json()).toEqual({ status: true, message: m.sent, data: null });
  await waitForMail(known);
  expect(mailsTo(stranger)).toEqual([]);
});

/**
 * Light and dark (the device's preference: no theme is chosen on these pages, so the screen
 * keeps its state), at 1280 and 390 px: axe on each, screenshots with SCREENSHOTS=1.
 */
async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      // The app repaints on the media change; two frames later its colour transitions are running (axe waits for them).
      await page.waitForFunction(
        (dark) => matchMedia('(prefers-color-scheme: dark)').matches === dark,
        theme === 'dark',
      );
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      await screenshot(page, `${name}-${width}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}
