import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { expectAccessible, useDarkTheme } from './support';

const seatCards = (page: Page) => page.locator('main ul > li');

async function registerLibrary(page: Page) {
  const id = randomBytes(4).toString('hex');
  await page.goto('/register');
  // Required fields' labels end with an asterisk, hence the anchored patterns.
  await page.getByLabel(/^Library Name/).fill('Saraswati Reading Room');
  await page.getByLabel(/^Mobile Number/).fill('9876543210');
  await page.getByLabel(/^Email Address/).fill(`desk-${id}@example.com`);
  await page.getByLabel(/^Address/).fill('14 Station Road, Kota');
  await page.getByLabel(/^First Name/).fill('Meena');
  await page.getByLabel(/^Owner Mobile Number/).fill('9123456780');
  await page.getByLabel(/^Owner Email Address/).fill(`owner-${id}@example.com`);
  await page.getByLabel(/^Password/).fill('reading-room-42');
  await page.getByRole('button', { name: 'Register Library' }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}

test('set up a reading room: area, generated seats, edits and refusals', async ({ page }) => {
  await registerLibrary(page);

  // Create an area of 40 seats.
  await page.goto('/app/area');
  await expect(page.getByRole('heading', { name: 'Areas Management' })).toBeVisible();
  await expect(page.getByText('No areas yet.', { exact: false })).toBeVisible();
  await expectAccessible(page, 'areas list, empty');
  await page.getByRole('button', { name: 'Add Area' }).click();
  const areaDialog = page.getByRole('dialog', { name: 'Add Area' });
  await areaDialog.getByRole('button', { name: 'Create Area' }).click();
  await expect(areaDialog.getByText('Area Name is required')).toBeVisible();
  await expect(areaDialog.getByText('Total Seats is required')).toBeVisible();
  await expectAccessible(page, 'add area dialog with errors');
  await areaDialog.getByLabel(/^Area Name/).fill('A Block');
  await areaDialog.getByLabel(/^Total Seats/).fill('40');
  await areaDialog.getByLabel('Location (optional)').fill('First floor');
  await areaDialog.getByRole('button', { name: 'Create Area' }).click();
  await expect(page.getByText('Area added successfully')).toBeVisible();
  await expect(areaDialog).toBeHidden();
  const row = page.getByRole('row', { name: /A Block/ });
  await expect(row.getByText('40', { exact: true })).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await expectAccessible(page, 'areas list');

  // Generate its seats from the Seats screen, with the area chosen in the filter.
  await page.getByRole('link', { name: 'Seats' }).click();
  await expect(page.getByRole('heading', { name: 'Seats Management' })).toBeVisible();
  await expectAccessible(page, 'seats, no areas chosen');
  await page.getByLabel('Area').click();
  await expect(page.getByRole('option', { name: 'All Areas' })).toBeVisible();
  await expectAccessible(page, 'seats area filter');
  await page.getByRole('option', { name: 'A Block (40 seats)' }).click();
  await expect(page.getByText('This area has no seats yet.')).toBeVisible();
  await expectAccessible(page, 'seats of an area without seats');
  await page.getByRole('button', { name: 'Generate seats' }).click();
  const generate = page.getByRole('dialog', { name: 'Generate seats' });
  await expect(generate).toContainText('Create 40 seats (A1 to A40) in A Block');
  await expectAccessible(page, 'generate seats dialog');
  await generate.getByRole('button', { name: 'Generate' }).click();
  await expect(page.getByText('40 seats generated')).toBeVisible();
  await expect(seatCards(page)).toHaveCount(40);
  await expect(page.getByRole('button', { name: 'A40, Available' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate seats' })).toBeDisabled();
  await expectAccessible(page, 'seats grid');

  // Edit a seat: rename it and seat two people there.
  await page.getByRole('button', { name: 'A7, Available' }).click();
  const detail = page.getByRole('dialog', { name: 'A7' });
  await expect(detail).toContainText('1 person(s)');
  await expect(detail).toContainText('A Block');
  await expectAccessible(page, 'seat detail dialog');
  await detail.getByRole('button', { name: 'Edit' }).click();
  const seatForm = page.getByRole('dialog', { name: 'Update Area' });
  await expect(seatForm.getByLabel(/^Seat Name/)).toBeVisible();
  await expectAccessible(page, 'seat form dialog');
  await seatForm.getByLabel(/^Seat Name/).fill('A7 Window');
  await seatForm.getByLabel(/^Capacity/).fill('2');
  await seatForm.getByRole('button', { name: 'Update Seat' }).click();
  await expect(page.getByText('Seat updated successfully')).toBeVisible();
  const shared = page.getByRole('button', { name: 'A7 Window, Available, Capacity 2 persons' });
  await expect(shared).toBeVisible();
  await expect(shared.locator('.MuiBadge-badge')).toHaveText('2');

  // Delete a seat.
  await page.getByRole('button', { name: 'A40, Available' }).click();
  await page.getByRole('dialog', { name: 'A40' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(confirm).toContainText('Are you sure you want to delete this seat?');
  await expectAccessible(page, 'delete seat confirmation');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Seat Deleted successfully')).toBeVisible();
  await expect(seatCards(page)).toHaveCount(39);
  await useDarkTheme(page);
  await expect(seatCards(page)).toHaveCount(39);
  await expectAccessible(page, 'seats grid, dark');
  await page.getByRole('button', { name: 'A7 Window, Available, Capacity 2 persons' }).click();
  await expect(page.getByRole('dialog', { name: 'A7 Window' })).toContainText('A Block');
  await expectAccessible(page, 'seat detail dialog, dark');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  // The area with seats cannot be deleted; the refusal says why.
  await page.getByRole('link', { name: 'Area', exact: true }).click();
  await page.getByRole('button', { name: 'Delete Area A Block' }).click();
  const areaConfirm = page.getByRole('dialog', { name: 'Confirm Deletion' });
  await expect(areaConfirm).toContainText('Are you sure you want to delete this?');
  await expectAccessible(page, 'delete area confirmation, dark');
  await areaConfirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText("This area has 39 seats. Delete or move this area's seats first")).toBeVisible();
  await expect(page.getByRole('row', { name: /A Block/ })).toBeVisible();
  await expectAccessible(page, 'areas list with the refusal, dark');
  await page.getByRole('button', { name: 'Edit Area A Block' }).click();
  await expect(page.getByRole('dialog', { name: 'Update Area' }).getByLabel(/^Area Name/)).toHaveValue('A Block');
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
  await expect(page.getByText('Something went wrong!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'REFRESH PAGE' })).toBeVisible();
  await expect(page.getByText('If the problem persists, please contact support.')).toBeVisible();
  await expect(page.getByText('Failed to fetch areas').first()).toBeVisible();
  await expectAccessible(page, 'areas error screen');

  // Once the API answers again, REFRESH PAGE brings the screen back.
  await page.unroute('**/api/area*');
  await page.getByRole('button', { name: 'REFRESH PAGE' }).click();
  await expect(page.getByText('No areas yet.', { exact: false })).toBeVisible();
});
