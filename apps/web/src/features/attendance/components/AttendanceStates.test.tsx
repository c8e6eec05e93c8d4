import { describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, todayIn, type StudentAttendance } from '@app/shared';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';
import { cameraProblemOf } from './CameraScanner';

configure({ asyncUtilTimeout: 5000 });

const a = messages.desk.attendance;
const TODAY = todayIn('Asia/Kolkata');
const MONTH = TODAY.slice(0, 7);
const MEERA = '5a1b2c3d-4e5f-4a6b-8c7d-000000000007';
const ok =
  (data: unknown): Handler =>
  () =>
    jsonResponse({ status: true, message: 'OK', data });
const failed: Handler = () =>
  jsonResponse({ status: false, code: 500, message: 'Internal Server Error', errors: [] }, 500);
const never: Handler = () => new Promise<Response>(() => undefined);

const DAY = {
  date: TODAY,
  today: TODAY,
  present: 1,
  inside: 0,
  visits: [
    {
      id: '9a000000-0000-4000-8000-000000000001',
      day: TODAY,
      checked_in_at: `${TODAY}T00:35:00.000Z`,
      checked_out_at: `${TODAY}T06:10:00.000Z`,
      method: 'card',
      student_id: MEERA,
      first_name: 'Meera',
      last_name: 'Joshi',
      mobile: '9876543210',
      start_time: null,
      end_time: null,
      seat_id: null,
      seat_name: null,
      area_name: null,
    },
  ],
};
const EMPTY_HISTORY: StudentAttendance = {
  student: { id: MEERA, first_name: 'Meera', last_name: 'Joshi', mobile: '9876543210' },
  month: MONTH,
  days_present: 0,
  visits: [],
  months: [],
  last_seen: null,
};

describe('Attendance states', { timeout: 30_000 }, () => {
  it('shows placeholders while a list loads', async () => {
    serve({ 'GET /api/attendance/day': never });
    await openSignedIn('/app/attendance', a.title);
    const table = await screen.findByRole('table', { name: a.tabs.today });
    expect(table.getAttribute('aria-busy')).toBe('true');
    // Export CSV asks the API for its own file, so it need not wait for the list.
    expect(screen.getByRole('button', { name: a.exportCsv })).toBeTruthy();
  });

  it('says when a month has no attendance', async () => {
    serve({ 'GET /api/attendance/monthly': ok({ month: MONTH, days: 10, students: [] }) });
    await openSignedIn('/app/attendance?list=monthly', a.title);
    expect(await screen.findByText(a.monthlyEmpty)).toBeTruthy();
  });

  it('shows the error screen when the not-seen list fails, and asks again', async () => {
    const user = userEvent.setup({ delay: null });
    let calls = 0;
    serve({
      'GET /api/attendance/not-seen': (request) => {
        calls += 1;
        return calls === 1 ? failed(request) : ok({ days: 3, today: TODAY, students: [] })(request);
      },
    });
    await openSignedIn('/app/attendance?list=not-seen', a.title);
    await user.click(await screen.findByRole('button', { name: messages.errorScreen.refresh }));
    expect(await screen.findByText(a.notSeenEmpty(3))).toBeTruthy();
  });

  it('names a visit whose plan is gone with dashes, and an unreserved one as any free seat', async () => {
    serve({ 'GET /api/attendance/day': ok(DAY) });
    await openSignedIn('/app/attendance', a.title);
    const row = (await screen.findByText('Meera Joshi')).closest('tr') as HTMLElement;
    expect(within(row).getByText('—')).toBeTruthy();
    expect(within(row).getByText(messages.desk.checkIn.anySeat(null))).toBeTruthy();
  });

  it("says when a student's history is empty, and when it fails", async () => {
    const user = userEvent.setup({ delay: null });
    let calls = 0;
    serve({
      'GET /api/attendance/day': ok(DAY),
      [`GET /api/attendance/student/${MEERA}`]: (request) => {
        calls += 1;
        return calls === 1 ? failed(request) : ok(EMPTY_HISTORY)(request);
      },
    });
    await openSignedIn('/app/attendance', a.title);
    await user.click(await screen.findByRole('button', { name: `${a.history}: Meera Joshi` }));
    const dialog = await screen.findByRole('dialog', { name: a.historyTitle('Meera Joshi') });
    expect(await within(dialog).findByText('Internal Server Error')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: a.retry }));
    expect(await within(dialog).findByText(a.historyEmpty)).toBeTruthy();
    expect(within(dialog).getByText(a.historyDays(0))).toBeTruthy();
  });
});

describe('camera problems', () => {
  it('are told apart by the error the browser gives', () => {
    expect(cameraProblemOf(new DOMException('no', 'NotAllowedError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('no', 'SecurityError'))).toBe('denied');
    expect(cameraProblemOf(new DOMException('none', 'NotFoundError'))).toBe('absent');
    expect(cameraProblemOf(new DOMException('none', 'OverconstrainedError'))).toBe('absent');
    expect(cameraProblemOf(new DOMException('busy', 'NotReadableError'))).toBe('failed');
    expect(cameraProblemOf('something else')).toBe('failed');
  });
});
