import { expect, test } from '@playwright/test';
import { AUDIT_ACTION_LABELS, messages } from '@app/shared';
import { signUpViaApi } from './support';

const m = messages.audit;

test('activity: the owner reads who signed in, who failed to, and filters by action', async ({ page }) => {
  const { body } = await signUpViaApi(page);
  const failed = await page.request.post('/api/auth/login', {
    data: { identifier: body.owner_email, password: 'not-the-password' },
  });
  expect(failed.status()).toBe(401);

  await page.goto('/app/dashboard');
  await page.getByRole('link', { name: messages.shell.activity }).click();
  await expect(page).toHaveURL(/\/app\/activity$/);
  await expect(page.getByRole('heading', { name: m.heading })).toBeVisible();

  const table = page.getByRole('table', { name: m.heading });
  const rows = table.locator('tbody tr');
  // Newest first: the failed attempt, then the registration, both by the owner from this machine.
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(AUDIT_ACTION_LABELS['admin.sign_in_failed']!);
  await expect(rows.nth(1)).toContainText(AUDIT_ACTION_LABELS['library.register']!);
  for (const row of [rows.nth(0), rows.nth(1)]) {
    await expect(row).toContainText('Ravi Kumar');
    await expect(row).toContainText('127.0.0.1');
    await expect(row.locator('td').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/);
  }
  await expect(rows.nth(1)).toContainText(`${m.entityTypes.library} · `);

  await page.getByRole('combobox', { name: m.actionFilter }).click();
  await page.getByRole('option', { name: AUDIT_ACTION_LABELS['library.register'] }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(AUDIT_ACTION_LABELS['library.register']!);
  await expect(table.getByText(AUDIT_ACTION_LABELS['admin.sign_in_failed']!)).toHaveCount(0);

  await page.getByRole('combobox', { name: m.actionFilter }).click();
  await page.getByRole('option', { name: AUDIT_ACTION_LABELS['seat.delete'] }).click();
  await expect(table.getByText(m.emptyForAction)).toBeVisible();

  await page.getByRole('combobox', { name: m.actionFilter }).click();
  await page.getByRole('option', { name: m.allActions, exact: true }).click();
  await expect(rows).toHaveCount(2);
});
