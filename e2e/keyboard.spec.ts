import { expect, test, type Locator, type Page } from '@playwright/test';
import { messages } from '@app/shared';
import { newLibrary } from './support';

/** Presses Tab until `target` has the focus, failing if it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, max = 25) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Whether the focused element is inside `container`. */
const focusInside = (container: Locator) =>
  container.evaluate((node) => node.contains(document.activeElement) && document.activeElement !== document.body);

test('keyboard only: sign in, open the profile from the user menu, close it with Escape', async ({ page }) => {
  const library = newLibrary();
  const registered = await page.request.post('/api/auth/register/library', { data: library });
  expect(registered.status()).toBe(201);

  // Sign in: Tab to each field, type, Enter submits.
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: messages.login.title })).toBeVisible();
  await tabTo(page, page.getByLabel(messages.login.identifier));
  await page.keyboard.type(library.owner_email);
  await tabTo(page, page.getByLabel(messages.login.password, { exact: true }), 3);
  await page.keyboard.type(library.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await expect(page.getByRole('heading', { name: messages.dashboard.welcome })).toBeVisible();

  // The user menu opens on Enter with its first item focused; Enter on Profile opens the dialog.
  const opener = page.getByRole('button', { name: 'Ravi Kumar' });
  await tabTo(page, opener);
  await page.keyboard.press('Enter');
  const profileItem = page.getByRole('menuitem', { name: messages.shell.profile });
  await expect(profileItem).toBeFocused();
  // Arrow keys move through the menu.
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: messages.shell.logout })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(profileItem).toBeFocused();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: messages.profile.title });
  await expect(dialog.getByText(library.owner_email)).toBeVisible();
  await expect.poll(() => focusInside(dialog)).toBe(true);
  // Tab and Shift+Tab stay inside the open dialog.
  for (let presses = 0; presses < 8; presses += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog)).toBe(true);
  }
  for (let presses = 0; presses < 8; presses += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog)).toBe(true);
  }

  // Escape closes it and the focus goes back to the button that opened the menu.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The same for the send-notification dialog, opened from its top-bar button.
  const send = page.getByRole('button', { name: messages.shell.sendNotification, exact: true });
  // From the user menu, forward through the sidebar's links and the dashboard back round to the top bar.
  await tabTo(page, send, 60);
  await page.keyboard.press('Enter');
  const notification = page.getByRole('dialog', { name: messages.notification.title });
  await expect(notification).toBeVisible();
  await expect.poll(() => focusInside(notification)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(notification).toBeHidden();
  await expect(send).toBeFocused();
});
