import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { messages } from '@app/shared';
import { expectAccessible, useDarkTheme } from './support';

const a = messages.areas;
const s = messages.seats;
const r = messages.registration;

const seatCards = (page: Page) => page.locator('main ul > li');

/** A field's label, as the field is named: the label, then the asterisk of a required field. */
const fieldLabel = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

/** A seat card's accessible name: its name and state, and its capacity when it seats more than one. */
const seatCard = (name: string, capacity = 1) =>
  [name, s.status.available, ...(capacity > 1 ? [s.capacityBadge(capacity)] : [])].join(', ');

async function registerLibrary(page: Page) {
  const id = randomBytes(4).toString('hex');
  await page.goto('/register');
  // Required fields' labels end with an asterisk, hence the anchored patterns.
  await page.getByLabel(fieldLabel(r.libraryName)).fill('Saraswati Reading Room');
  await page.getByLabel(fieldLabel(r.mobile)).fill('9876543210');
  await page.getByLabel(fieldLabel(r.email)).fill(`desk-${id}@example.com`);
  await page.getByLabel(fieldLabel(r.address)).fill('14 Station Road, Kota');
  await page.getByLabel(fieldLabel(r.firstName)).fill('Meena');
  await page.getByLabel(fieldLabel(r.ownerMobile)).fill('9123456780');
  await page.getByLabel(fieldLabel(r.ownerEmail)).fill(`owner-${id}@example.com`);
  await page.getByLabel(fieldLabel(r.password)).fill('reading-room-42');
  await page.getByRole('button', { name: r.submit }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

test('set up a reading room: area, generated seats, edits and refusals', async ({ page }) => {
  await registerLibrary(page);

  // Create an area of 40 seats.
  await page.goto('/app/area');
  await expect(page.getByRole('heading', { name: a.heading })).toBeVisible();
  await expect(page.getByText(a.noAreas)).toBeVisible();
  await expectAccessible(page, 'areas list, empty');
  await page.getByRole('button', { name: a.addArea }).click();
  const areaDialog = page.getByRole('dialog', { name: a.addTitle });
  await areaDialog.getByRole('button', { name: a.create }).click();
  await expect(areaDialog.getByText(a.nameRequired)).toBeVisible();
  await expect(areaDialog.getByText(a.totalSeatsRequired)).toBeVisible();
  await expectAccessible(page, 'add area dialog with errors');
  await areaDialog.getByLabel(fieldLabel(a.fields.name)).fill('A Block');
  await areaDialog.getByLabel(fieldLabel(a.fields.totalSeats)).fill('40');
  await areaDialog.getByLabel(a.locationOptional).fill('First floor');
  await areaDialog.getByRole('button', { name: a.create }).click();
  await expect(page.getByText(a.added)).toBeVisible();
  await expect(areaDialog).toBeHidden();
  const row = page.getByRole('row', { name: /A Block/ });
  await expect(row.getByText('40', { exact: true })).toBeVisible();
  await expect(row.getByText(a.status.active)).toBeVisible();
  await expectAccessible(page, 'areas list');

  // Generate its seats from the Seats screen, with the area chosen in the filter.
  await page.getByRole('link', { name: messages.shell.seats }).click();
  await expect(page.getByRole('heading', { name: s.heading })).toBeVisible();
  await expectAccessible(page, 'seats, no areas chosen');
  await page.getByLabel(s.detail.area).click();
  await expect(page.getByRole('option', { name: s.allAreas })).toBeVisible();
  await expectAccessible(page, 'seats area filter');
  await page.getByRole('option', { name: s.areaOption('A Block', 40) }).click();
  await expect(page.getByText(s.noSeatsInArea)).toBeVisible();
  await expectAccessible(page, 'seats of an area without seats');
  await page.getByRole('button', { name: a.generateSeats }).click();
  const generate = page.getByRole('dialog', { name: a.generateTitle });
  await expect(generate).toContainText(a.generateText(40, 'A Block', 'A1', 'A40'));
  await expectAccessible(page, 'generate seats dialog');
  await generate.getByRole('button', { name: a.generateConfirm }).click();
  await expect(page.getByText(a.generated(40))).toBeVisible();
  await expect(seatCards(page)).toHaveCount(40);
  await expect(page.getByRole('button', { name: seatCard('A40') })).toBeVisible();
  await expect(page.getByRole('button', { name: a.generateSeats })).toBeDisabled();
  await expectAccessible(page, 'seats grid');

  // Edit a seat: rename it and seat two people there.
  await page.getByRole('button', { name: seatCard('A7') }).click();
  const detail = page.getByRole('dialog', { name: 'A7' });
  await expect(detail).toContainText(`1 ${s.detail.persons}`);
  await expect(detail).toContainText('A Block');
  await expectAccessible(page, 'seat detail dialog');
  await detail.getByRole('button', { name: s.edit }).click();
  const seatForm = page.getByRole('dialog', { name: s.updateTitle });
  await expect(seatForm.getByLabel(fieldLabel(s.fields.name))).toBeVisible();
  await expectAccessible(page, 'seat form dialog');
  await seatForm.getByLabel(fieldLabel(s.fields.name)).fill('A7 Window');
  await seatForm.getByLabel(fieldLabel(s.fields.capacity)).fill('2');
  await seatForm.getByRole('button', { name: s.update }).click();
  await expect(page.getByText(s.updated)).toBeVisible();
  const shared = page.getByRole('button', { name: seatCard('A7 Window', 2) });
  await expect(shared).toBeVisible();
  await expect(shared.locator('.MuiBadge-badge')).toHaveText('2');

  // Delete a seat.
  await page.getByRole('button', { name: seatCard('A40') }).click();
  await page.getByRole('dialog', { name: 'A40' }).getByRole('button', { name: s.delete }).click();
  const confirm = page.getByRole('dialog', { name: s.confirmTitle });
  await expect(confirm).toContainText(s.confirmDelete);
  await expectAccessible(page, 'delete seat confirmation');
  await confirm.getByRole('button', { name: s.delete }).click();
  await expect(page.getByText(s.deleted)).toBeVisible();
  await expect(seatCards(page)).toHaveCount(39);
  await useDarkTheme(page);
  await expect(seatCards(page)).toHaveCount(39);
  await expectAccessible(page, 'seats grid, dark');
  await page.getByRole('button', { name: seatCard('A7 Window', 2) }).click();
  await expect(page.getByRole('dialog', { name: 'A7 Window' })).toContainText('A Block');
  await expectAccessible(page, 'seat detail dialog, dark');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The area with seats cannot be deleted; the refusal says why.
  await page.getByRole('link', { name: messages.shell.area, exact: true }).click();
  await page.getByRole('button', { name: `${a.deleteArea} A Block` }).click();
  const areaConfirm = page.getByRole('dialog', { name: a.confirmTitle });
  await expect(areaConfirm).toContainText(a.confirmText);
  await expectAccessible(page, 'delete area confirmation, dark');
  await areaConfirm.getByRole('button', { name: a.confirmDelete }).click();
  await expect(page.getByText(a.hasSeats(39))).toBeVisible();
  await expect(page.getByRole('row', { name: /A Block/ })).toBeVisible();
  await expectAccessible(page, 'areas list with the refusal, dark');
  await page.getByRole('button', { name: `${a.editArea} A Block` }).click();
  await expect(page.getByRole('dialog', { name: a.updateTitle }).getByLabel(fieldLabel(a.fields.name))).toHaveValue(
    'A Block',
  );
  await expectAccessible(page, 'edit area dialog, dark');
});

test('the Areas screen shows the error screen when the API fails', async ({ page }) => {
  await registerLibrary(page);
  await page.route('**/api/area*', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ status: false, code: 500, message: 'Failed to fetch areas', errors: [] }),
    }),
  );
  await page.goto('/app/area');
  await expect(page.getByText(messages.errorScreen.title)).toBeVisible();
  await expect(page.getByRole('button', { name: messages.errorScreen.refresh })).toBeVisible();
  await expect(page.getByText(messages.errorScreen.support)).toBeVisible();
  await expect(page.getByText('Failed to fetch areas').first()).toBeVisible();
  await expectAccessible(page, 'areas error screen');

  // Once the API answers again, REFRESH PAGE brings the screen back.
  await page.unroute('**/api/area*');
  await page.getByRole('button', { name: messages.errorScreen.refresh }).click();
  await expect(page.getByText(a.noAreas)).toBeVisible();
});
