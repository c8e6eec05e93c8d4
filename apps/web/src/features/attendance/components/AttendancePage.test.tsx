import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  formatMonth,
  formatWindow,
  messages,
  todayIn,
  type AttendanceDay,
  type DayVisit,
  type MonthlyAttendance,
  type NotSeen,
  type StudentAttendance,
} from '@app/shared';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';
import { shiftMonth } from './attendance-format';

configure({ asyncUtilTimeout: 5000 });

const a = messages.desk.attendance;
const TODAY = todayIn('Asia/Kolkata');
const THIS_MONTH = TODAY.slice(0, 7);
const MEERA = '5a1b2c3d-4e5f-4a6b-8c7d-000000000007';
const ARJUN = '5a1b2c3d-4e5f-4a6b-8c7d-000000000008';

const visit = (overrides: Partial<DayVisit>): DayVisit => ({
  id: '9a000000-0000-4000-8000-000000000001',
  day: TODAY,
  // 6:05 AM and 11:40 AM in India.
  checked_in_at: `${TODAY}T00:35:00.000Z`,
  checked_out_at: `${TODAY}T06:10:00.000Z`,
  method: 'pass',
  student_id: MEERA,
  first_name: 'Meera',
  last_name: 'Joshi',
  mobile: '9876543210',
  start_time: '06:00:00',
  end_time: '14:00:00',
  seat_id: '7d000000-0000-4000-8000-000000000001',
  seat_name: 'A-12',
  area_name: 'Silent Hall',
  ...overrides,
});

const DAY: AttendanceDay = {
  date: TODAY,
  today: TODAY,
  present: 2,
  inside: 1,
  visits: [
    visit({}),
    visit({
      id: '9a000000-0000-4000-8000-000000000002',
      student_id: ARJUN,
      first_name: 'Arjun',
      last_name: null,
      mobile: '9123456780',
      checked_out_at: null,
      seat_id: null,
      seat_name: null,
      start_time: '14:00:00',
      end_time: '22:00:00',
    }),
  ],
};
const NOT_SEEN: NotSeen = {
  days: 3,
  today: TODAY,
  students: [
    {
      student_id: ARJUN,
      first_name: 'Arjun',
      last_name: null,
      mobile: '9123456780',
      last_seen: '2026-03-02',
      days_absent: 8,
      plan_expires_at: '2026-03-31',
      start_time: '14:00:00',
      end_time: '22:00:00',
    },
  ],
};
const MONTHLY: MonthlyAttendance = {
  month: THIS_MONTH,
  days: 10,
  students: [
    {
      student_id: MEERA,
      first_name: 'Meera',
      last_name: 'Joshi',
      mobile: '9876543210',
      days_present: 8,
      plan_days: 10,
      last_seen: TODAY,
    },
  ],
};
const HISTORY: StudentAttendance = {
  student: { id: MEERA, first_name: 'Meera', last_name: 'Joshi', mobile: '9876543210' },
  month: THIS_MONTH,
  days_present: 1,
  visits: [visit({})],
  months: [
    { month: THIS_MONTH, days_present: 1 },
    { month: shiftMonth(THIS_MONTH, -1), days_present: 19 },
  ],
  last_seen: TODAY,
};

const ok =
  (data: unknown): Handler =>
  () =>
    jsonResponse({ status: true, message: 'OK', data });
const csv =
  (name: string): Handler =>
  () =>
    new Response('Name,Mobile\n', {
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': `attachment; filename="${name}"` },
    });
const paths = (requests: Request[]) => requests.map((r) => `${new URL(r.url).pathname}${new URL(r.url).search}`);

describe('Attendance', { timeout: 30_000 }, () => {
  it("lists today's visits with who is inside now, and exports them", async () => {
    const user = userEvent.setup({ delay: null });
    URL.createObjectURL = () => 'blob:attendance';
    URL.revokeObjectURL = () => undefined;
    const requests = serve({
      'GET /api/attendance/day': ok(DAY),
      'GET /api/attendance/day/export': csv('attendance-today.csv'),
    });
    await openSignedIn('/app/attendance', a.title);
    const table = await screen.findByRole('table', { name: a.tabs.today });
    expect(await within(table).findByText('Meera Joshi')).toBeTruthy();
    expect(screen.getByText(a.insideNow(1))).toBeTruthy();
    const meera = within(table).getByText('Meera Joshi').closest('tr') as HTMLElement;
    expect(within(meera).getByText('6:05 AM')).toBeTruthy();
    expect(within(meera).getByText('11:40 AM')).toBeTruthy();
    expect(within(meera).getByText(formatWindow('06:00:00', '14:00:00'))).toBeTruthy();
    expect(within(meera).getByText('A-12')).toBeTruthy();
    const arjun = within(table).getByText('Arjun').closest('tr') as HTMLElement;
    expect(within(arjun).getByText(a.inside)).toBeTruthy();
    expect(within(arjun).getByText(messages.desk.checkIn.anySeat('Silent Hall'))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: a.exportCsv }));
    await waitFor(() => expect(paths(requests)).toContain('/api/attendance/day/export'));
  });

  it('says when nobody came today', async () => {
    serve({ 'GET /api/attendance/day': ok({ ...DAY, present: 0, inside: 0, visits: [] }) });
    await openSignedIn('/app/attendance', a.title);
    expect(await screen.findByText(a.todayEmpty)).toBeTruthy();
  });

  it('shows the error screen when the day cannot be fetched', async () => {
    serve({
      'GET /api/attendance/day': () =>
        jsonResponse({ status: false, code: 500, message: 'Internal Server Error', errors: [] }, 500),
    });
    await openSignedIn('/app/attendance', a.title);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.errorScreen.refresh })).toBeTruthy();
  });

  it('lists students not seen for N days (3 by default), and changes N', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/attendance/not-seen': (request) =>
        new URL(request.url).searchParams.get('days') === '3'
          ? ok(NOT_SEEN)(request)
          : ok({ ...NOT_SEEN, days: 7, students: [] })(request),
    });
    await openSignedIn('/app/attendance?list=not-seen', a.title);
    const table = await screen.findByRole('table', { name: a.tabs.notSeen });
    const row = (await within(table).findByText('Arjun')).closest('tr') as HTMLElement;
    expect(within(row).getByText('02/03/2026')).toBeTruthy();
    expect(within(row).getByText(a.notSeenOption(8))).toBeTruthy();
    expect(within(row).getByText('31/03/2026')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: a.notSeenDays }));
    await user.click(await screen.findByRole('option', { name: a.notSeenOption(7) }));
    expect(await screen.findByText(a.notSeenEmpty(7))).toBeTruthy();
    expect(paths(requests)).toEqual(
      expect.arrayContaining(['/api/attendance/not-seen?days=3', '/api/attendance/not-seen?days=7']),
    );
  });

  it("shows a month's attendance and exports that month", async () => {
    const user = userEvent.setup({ delay: null });
    URL.createObjectURL = () => 'blob:attendance';
    URL.revokeObjectURL = () => undefined;
    const requests = serve({
      'GET /api/attendance/monthly': ok(MONTHLY),
      'GET /api/attendance/monthly/export': csv(`attendance-${THIS_MONTH}.csv`),
    });
    await openSignedIn('/app/attendance?list=monthly', a.title);
    const table = await screen.findByRole('table', { name: a.tabs.monthly });
    const row = (await within(table).findByText('Meera Joshi')).closest('tr') as HTMLElement;
    expect(within(row).getByText('8 / 10')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: a.exportCsv }));
    await waitFor(() => expect(paths(requests)).toContain(`/api/attendance/monthly/export?month=${THIS_MONTH}`));
  });

  it("opens a student's history from a row: visits, days present, the last months", async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/attendance/day': ok(DAY),
      [`GET /api/attendance/student/${MEERA}`]: ok(HISTORY),
    });
    await openSignedIn('/app/attendance', a.title);
    await user.click(await screen.findByRole('button', { name: `${a.history}: Meera Joshi` }));
    const dialog = await screen.findByRole('dialog', { name: a.historyTitle('Meera Joshi') });
    expect(await within(dialog).findByText(a.historyDays(1))).toBeTruthy();
    const visits = within(dialog).getByRole('table', { name: a.history });
    expect(within(visits).getByText('6:05 AM')).toBeTruthy();
    expect(within(dialog).getByText(`${formatMonth(shiftMonth(THIS_MONTH, -1))}: 19`)).toBeTruthy();
    expect(paths(requests)).toContain(`/api/attendance/student/${MEERA}?month=${THIS_MONTH}`);
  });
});
