import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatWindow, messages, type AttendanceCheckResult } from '@app/shared';
import { jsonResponse, serve } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';
import { checkBodyOf } from '../hooks/use-check-in';

configure({ asyncUtilTimeout: 5000 });

const m = messages.desk.checkIn;
const STUDENT = {
  id: '5a1b2c3d-4e5f-4a6b-8c7d-000000000007',
  first_name: 'Meera',
  last_name: 'Joshi',
  mobile: '9876543210',
  photo_url: null,
};
const PLAN = {
  id: '7c000000-0000-4000-8000-000000000001',
  seat_id: '7d000000-0000-4000-8000-000000000001',
  seat_name: 'A-12',
  area_name: 'Silent Hall',
  start_time: '06:00:00',
  end_time: '14:00:00',
  joining_date: '2026-03-01',
  plan_expires_at: '2026-03-31',
};
const answer = (overrides: Partial<AttendanceCheckResult>): AttendanceCheckResult => ({
  outcome: 'in',
  message: 'Welcome, Meera Joshi',
  student: STUDENT,
  subscription: PLAN,
  at: '2026-03-10T04:35:00.000Z',
  ...overrides,
});
const ok = (result: AttendanceCheckResult) => () => jsonResponse({ status: true, message: 'OK', data: result });

async function openDesk(handlers: Parameters<typeof serve>[0]) {
  const requests = serve(handlers);
  await openSignedIn('/app/check-in', m.title);
  return requests;
}

const bodies = async (requests: Request[]) =>
  Promise.all(requests.filter((r) => r.method === 'POST').map((r) => r.clone().json() as Promise<unknown>));

describe('what the desk typed', () => {
  it('is a mobile number when it is 10 digits, with +91, 0, spaces or dashes', () => {
    expect(checkBodyOf(' 98765 43210 ')).toEqual({ mobile: '9876543210' });
    expect(checkBodyOf('+91 98765-43210')).toEqual({ mobile: '+919876543210' });
    expect(checkBodyOf('09876543210')).toEqual({ mobile: '09876543210' });
  });
  it('is a code otherwise, and nothing when blank', () => {
    expect(checkBodyOf('CabcDEF_-123')).toEqual({ code: 'CabcDEF_-123' });
    expect(checkBodyOf('12345')).toEqual({ code: '12345' });
    expect(checkBodyOf('   ')).toBeNull();
  });
});

describe('Check-in', { timeout: 30_000 }, () => {
  it('is ready, and lets a typed mobile number in: green, name, seat, window', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = await openDesk({ 'POST /api/attendance/check': ok(answer({})) });
    expect(screen.getByText(m.waiting)).toBeTruthy();
    await user.type(screen.getByLabelText(m.codeLabel), '98765 43210');
    await user.click(screen.getByRole('button', { name: m.check }));
    const shown = await screen.findByText(m.outcomes.in);
    const panel = shown.closest('[data-outcome]') as HTMLElement;
    expect(panel.dataset.outcome).toBe('in');
    expect(getComputedStyle(panel).backgroundColor).toBe('rgb(27, 94, 32)');
    expect(within(panel).getByText('Meera Joshi')).toBeTruthy();
    expect(within(panel).getByText('Welcome, Meera Joshi')).toBeTruthy();
    expect(within(panel).getByText(`${m.seat('A-12')} · Silent Hall`)).toBeTruthy();
    expect(within(panel).getByText(formatWindow('06:00:00', '14:00:00'))).toBeTruthy();
    expect(await bodies(requests)).toEqual([{ mobile: '9876543210' }]);
    // The field is emptied for the next student.
    expect((screen.getByLabelText(m.codeLabel) as HTMLInputElement).value).toBe('');
  });

  it('takes a code a USB scanner types and ends with Enter; checks out', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = await openDesk({
      'POST /api/attendance/check': ok(
        answer({
          outcome: 'out',
          message: 'Goodbye, Meera Joshi: checked out',
          subscription: { ...PLAN, seat_name: null },
        }),
      ),
    });
    await user.type(screen.getByLabelText(m.codeLabel), 'CAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA{Enter}');
    const panel = (await screen.findByText(m.outcomes.out)).closest('[data-outcome]') as HTMLElement;
    expect(within(panel).getByText('Goodbye, Meera Joshi: checked out')).toBeTruthy();
    expect(within(panel).getByText(m.anySeat('Silent Hall'))).toBeTruthy();
    expect(await bodies(requests)).toEqual([{ code: 'CAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }]);
  });

  it('says a second scan within a minute changed nothing', async () => {
    const user = userEvent.setup({ delay: null });
    await openDesk({
      'POST /api/attendance/check': ok(answer({ outcome: 'ignored', message: 'Meera Joshi was scanned a moment ago' })),
    });
    await user.type(screen.getByLabelText(m.codeLabel), '9876543210{Enter}');
    const panel = (await screen.findByText(m.outcomes.ignored)).closest('[data-outcome]') as HTMLElement;
    expect(getComputedStyle(panel).backgroundColor).toBe('rgb(13, 71, 161)');
    expect(within(panel).getByText(m.ignoredDetail)).toBeTruthy();
  });

  it('shows a denial in red with the reason, and no plan details', async () => {
    const user = userEvent.setup({ delay: null });
    await openDesk({
      'POST /api/attendance/check': ok(
        answer({ outcome: 'denied', reason: 'expired', message: 'Plan expired on 28/02/2026' }),
      ),
    });
    await user.type(screen.getByLabelText(m.codeLabel), '9876543210{Enter}');
    const panel = (await screen.findByText(m.outcomes.denied)).closest('[data-outcome]') as HTMLElement;
    expect(getComputedStyle(panel).backgroundColor).toBe('rgb(183, 28, 28)');
    expect(within(panel).getByText('Plan expired on 28/02/2026')).toBeTruthy();
    expect(within(panel).queryByText(m.seat('A-12'), { exact: false })).toBeNull();
  });

  it('shows a forged pass denied without a student', async () => {
    const user = userEvent.setup({ delay: null });
    await openDesk({
      'POST /api/attendance/check': ok({
        outcome: 'denied',
        reason: 'forged',
        message: 'Pass forged',
        at: '2026-03-10T04:35:00.000Z',
      }),
    });
    await user.type(screen.getByLabelText(m.codeLabel), 'Pxxxx{Enter}');
    const panel = (await screen.findByText(m.outcomes.denied)).closest('[data-outcome]') as HTMLElement;
    expect(within(panel).getByText('Pass forged')).toBeTruthy();
  });

  it('asks for something when the field is blank, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = await openDesk({});
    await user.click(screen.getByRole('button', { name: m.check }));
    expect(await screen.findByText(m.emptyInput)).toBeTruthy();
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says so while checking, and when the call fails (the server’s message for bad input)', async () => {
    const user = userEvent.setup({ delay: null });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await openDesk({
      'POST /api/attendance/check': async () => {
        await held;
        return jsonResponse(
          { status: false, code: 400, message: 'This is not an entry pass or ID card', errors: [] },
          400,
        );
      },
    });
    await user.type(screen.getByLabelText(m.codeLabel), 'hello{Enter}');
    expect(await screen.findByText(m.checking)).toBeTruthy();
    release();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('This is not an entry pass or ID card')).toBeTruthy();
  });

  it('keeps the recent answers under the latest', async () => {
    const user = userEvent.setup({ delay: null });
    let count = 0;
    await openDesk({
      'POST /api/attendance/check': () => {
        count += 1;
        return ok(
          answer(
            count === 1 ? {} : { outcome: 'denied', message: 'No student with this mobile number', student: undefined },
          ),
        )();
      },
    });
    await user.type(screen.getByLabelText(m.codeLabel), '9876543210{Enter}');
    await screen.findByText(m.outcomes.in);
    await user.type(screen.getByLabelText(m.codeLabel), '9999999999{Enter}');
    await screen.findByText(m.outcomes.denied);
    const recent = screen.getByRole('list', { name: m.recent });
    expect(within(recent).getByText(`${m.outcomes.in} · Meera Joshi`)).toBeTruthy();
  });

  it('says when the camera is refused, and keeps the typed entry', async () => {
    const user = userEvent.setup({ delay: null });
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { mediaDevices: { getUserMedia } }),
    );
    await openDesk({});
    await user.click(screen.getByRole('button', { name: m.startCamera }));
    expect(await screen.findByText(m.cameraDenied, {}, { timeout: 15_000 })).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalled();
    expect(screen.getByLabelText(m.codeLabel)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: m.stopCamera }));
    await waitFor(() => expect(screen.queryByText(m.cameraDenied)).toBeNull());
  });

  it('says when there is no camera', async () => {
    const user = userEvent.setup({ delay: null });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { mediaDevices: undefined }));
    await openDesk({});
    await user.click(screen.getByRole('button', { name: m.startCamera }));
    // jsdom is not a secure context: the camera needs HTTPS.
    expect(
      await screen.findByText(window.isSecureContext ? m.cameraAbsent : m.cameraInsecure, {}, { timeout: 15_000 }),
    ).toBeTruthy();
  });
});
