import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { messages, todayIn } from '@app/shared';
import { createStudentViaApi, newAadhaar, newMobile, png, signUpViaApi, unique, useDarkTheme } from './support';

/**
 * Every list at a laptop's width (sidebar open) and at a phone's: the row actions in view,
 * nothing scrolling sideways. SCREENSHOTS=1 also saves them to docs/screenshots.
 */

const aadhaar = () => newAadhaar('7');
const mobile = () => newMobile('9');

async function seed(request: APIRequestContext, token: string, email: string) {
  const headers = { authorization: `Bearer ${token}` };
  const post = async (path: string, data: object) => {
    const response = await request.post(path, { headers, data });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return (await response.json()).data;
  };
  const area = await post('/api/area', { area_name: 'Reading Hall A', total_seats: 20, status: 'active' });
  await post(`/api/area/${area.id}/generate-seats`, {});
  await post('/api/area', { area_name: 'Quiet Zone', total_seats: 8, status: 'maintenance' });
  const image = await png('#1e88e5');
  const people = [
    ['Kavya', 'Deshpande-Kulkarni', 'kavya.deshpande.kulkarni.morning.batch'],
    ['Arjun', 'Ramaswamy', 'arjun.ramaswamy'],
    ['Meera', 'Iyer', 'meera.iyer.evening.shift.reading.hall'],
  ];
  for (const [first, last, local] of people) {
    const studentId = await createStudentViaApi(
      request,
      token,
      {
        first_name: first!,
        last_name: last!,
        mobile: mobile(),
        email: `${local}-${unique()}@example-study-library.com`,
        aadhaar_number: aadhaar(),
        dob: '2003-08-09',
      },
      image,
    );
    await post('/api/subscription', {
      student_id: studentId,
      joining_date: todayIn('Asia/Kolkata'),
      start_time: '07:00',
      end_time: '13:30',
      duration: 1,
      is_reserved: false,
      fee: 1200,
      mode: 'Cash',
    });
  }
  await post('/api/admin/sendFCMNotificationToAllUsers', {
    title: 'Library closed on Sunday',
    body: 'The reading halls stay closed this Sunday for cleaning; the lockers remain open from 9 AM to noon.',
    premiumOnly: false,
  });
  // A failed and a good sign-in for the activity log.
  await request.post('/api/auth/login', { data: { identifier: email, password: 'wrong-password' } });
  await request.post('/api/auth/login', { data: { identifier: email, password: 'correct-horse' } });
}

interface ListScreen {
  /** The file names' first parts in docs/screenshots, wide and narrow. */
  shot: string;
  narrowShot: string;
  path: string;
  /** The list's accessible name (its table's or its card list's). */
  label: string;
  /** Whether its rows carry actions. */
  actions: boolean;
}

const LISTS: ListScreen[] = [
  {
    shot: 'students-list',
    narrowShot: 'students-list-narrow',
    path: '/app/student',
    label: messages.students.heading,
    actions: true,
  },
  {
    shot: 'subscriptions-list',
    narrowShot: 'subscriptions-narrow',
    path: '/app/subscription',
    label: messages.subscriptions.heading,
    actions: true,
  },
  { shot: 'fees-list', narrowShot: 'fees-narrow', path: '/app/fee-report', label: messages.fees.title, actions: false },
  { shot: 'areas-list', narrowShot: 'areas-narrow', path: '/app/area', label: messages.areas.heading, actions: true },
  {
    shot: 'notifications-history',
    narrowShot: 'notifications-history-narrow',
    path: '/app/notifications',
    label: messages.notification.history.heading,
    actions: false,
  },
  {
    shot: 'activity',
    narrowShot: 'activity-narrow',
    path: '/app/activity',
    label: messages.audit.heading,
    actions: false,
  },
];
const SHOTS = process.env.SCREENSHOTS === '1';

async function screenshot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, fullPage: true });
}

/** Boxes of the elements that stick out of the list on the right or left. */
function overflowing(page: Page, label: string) {
  return page.evaluate((name) => {
    const list = document.querySelector(`[aria-label="${name}"]`)!;
    const frame = list.parentElement!.getBoundingClientRect();
    return Array.from(list.querySelectorAll('*'))
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.right > frame.right + 0.5 || box.left < frame.left - 0.5);
      })
      .map((element) => `${element.tagName}.${element.className}`.slice(0, 80));
  }, label);
}

test('every list fits a laptop with the sidebar open, and shows cards on a phone', async ({ page }) => {
  test.setTimeout(240_000);
  const { token, body } = await signUpViaApi(page);
  await seed(page.request, token, body.owner_email);

  for (const theme of ['light', 'dark'] as const) {
    if (theme === 'dark') await useDarkTheme(page);

    await page.setViewportSize({ width: 1280, height: 800 });
    for (const list of LISTS) {
      await page.goto(list.path);
      const table = page.getByRole('table', { name: list.label });
      await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toBeVisible();
      await expect(table).toHaveAttribute('aria-busy', 'false');
      await screenshot(page, `${list.shot}-${theme}`);
      const [scrollWidth, clientWidth] = await table.evaluate((node) => [
        node.parentElement!.scrollWidth,
        node.parentElement!.clientWidth,
      ]);
      expect(scrollWidth, `${list.path}: the table scrolls sideways at 1280px`).toBeLessThanOrEqual(clientWidth);
      if (list.actions) {
        const buttons = table.getByRole('row').nth(1).getByRole('cell').last().getByRole('button');
        expect(await buttons.count()).toBeGreaterThan(0);
        for (const button of await buttons.all()) {
          const box = (await button.boundingBox())!;
          expect(box.x, `${list.path}: an action starts off-screen`).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, `${list.path}: an action ends off-screen`).toBeLessThanOrEqual(1280);
        }
      }
    }

    await page.setViewportSize({ width: 390, height: 844 });
    for (const list of LISTS) {
      await page.goto(list.path);
      const cards = page.getByRole('list', { name: list.label });
      await expect(cards.getByRole('listitem').first()).toBeVisible();
      await expect(cards).toHaveAttribute('aria-busy', 'false');
      await screenshot(page, `${list.narrowShot}-${theme}`);
      await expect(page.getByRole('table', { name: list.label })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), list.path).toBeLessThanOrEqual(390);
      expect(await overflowing(page, list.label), `${list.path}: parts of the list stick out`).toEqual([]);
      if (list.actions) {
        for (const button of await cards.getByRole('listitem').first().getByRole('button').all()) {
          await expect(button).toBeInViewport({ ratio: 1 });
        }
      }
    }
    // Seats is a grid of cards already: it must not scroll sideways either.
    await page.goto('/app/seats');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});
