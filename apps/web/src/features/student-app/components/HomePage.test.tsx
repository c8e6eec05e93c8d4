import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { studentAppMessages as text, type StudentMe } from '@app/shared';
import { applicationServerKey } from '../hooks/use-push';
import { failure, me, ok, renderStudentApp, SESSION_ID, stubStudentApi } from '../test/student-test-utils';

const poolPlan: StudentMe = {
  ...me,
  memberships: [
    {
      ...me.memberships[0]!,
      subscription_id: 'sub-2',
      is_reserved: false,
      seat_name: null,
      area_name: null,
      status: 'expired',
      plan_expires_at: '2026-11-20',
      days_left: 0,
      balance: 0,
    },
  ],
};

describe('Home', () => {
  it('shows the membership: seat and area, window, plan, dates, days left, status and balance', async () => {
    stubStudentApi({ 'GET /api/student/me': () => ok(me) });
    renderStudentApp('/student');
    const card = await screen.findByRole('region', { name: text.home.membership });
    const inCard = within(card);
    expect(inCard.getByText(text.home.seatInArea('A12', 'Silent Hall'))).toBeTruthy();
    expect(inCard.getByText('6:00 AM–2:00 PM')).toBeTruthy();
    expect(inCard.getByText(text.home.planMonths(2))).toBeTruthy();
    expect(inCard.getByText('01/11/2026')).toBeTruthy();
    expect(inCard.getByText('31/12/2026')).toBeTruthy();
    expect(inCard.getByText(text.home.daysLeft(38))).toBeTruthy();
    expect(inCard.getByText(text.home.status.active)).toBeTruthy();
    expect(inCard.getByText(text.home.balanceDue(500))).toBeTruthy();
    expect(screen.getByRole('heading', { name: text.home.greeting('Asha') })).toBeTruthy();
    expect(screen.getByRole('link', { name: text.home.showPass }).getAttribute('href')).toBe('/student/pass');
  });

  it('says "any free seat" for a plan without a seat, and the date an expired one ended', async () => {
    stubStudentApi({ 'GET /api/student/me': () => ok(poolPlan) });
    renderStudentApp('/student');
    expect(await screen.findByText(text.home.anySeat)).toBeTruthy();
    expect(screen.getByText(text.home.expiredOn('20/11/2026'))).toBeTruthy();
    expect(screen.queryByRole('link', { name: text.home.showPass })).toBeNull();
  });

  it('shows what was saved, with when, while the server cannot be reached', async () => {
    const savedAt = Date.parse('2026-11-23T10:15:00.000Z');
    window.localStorage.setItem('student-data:me', JSON.stringify({ data: me, savedAt }));
    stubStudentApi({ 'GET /api/student/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderStudentApp('/student');
    expect(await screen.findByText(/^Showing what was saved on /)).toBeTruthy();
    expect(screen.getByText(text.home.seatInArea('A12', 'Silent Hall'))).toBeTruthy();
  });

  it('with nothing saved, a failure says so and Try again loads again', async () => {
    let calls = 0;
    stubStudentApi({
      'GET /api/student/me': () => (++calls === 1 ? failure('Database unavailable', 503) : ok(me)),
    });
    renderStudentApp('/student');
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: text.retry }));
    expect(await screen.findByText(text.home.seatInArea('A12', 'Silent Hall'))).toBeTruthy();
  });

  it('says so when the student has no plan yet', async () => {
    stubStudentApi({ 'GET /api/student/me': () => ok({ ...me, memberships: [] }) });
    renderStudentApp('/student');
    expect(await screen.findByText(text.home.noMembership)).toBeTruthy();
  });
});

describe('Home: notifications', () => {
  function fakePushBrowser(permission: NotificationPermission) {
    const subscription = {
      endpoint: 'https://push.example.test/abc',
      toJSON: () => ({ endpoint: 'https://push.example.test/abc', keys: { p256dh: 'BPk', auth: 'au' } }),
    };
    const subscribe = vi.fn(async () => subscription);
    const requestPermission = vi.fn(async () => permission);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    vi.stubGlobal('PushManager', function PushManager() {});
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: Promise.resolve({ pushManager: { getSubscription: async () => null, subscribe } }) },
    });
    return { subscribe, requestPermission };
  }

  it('asks only from the card’s button, then subscribes with the VAPID key and registers the subscription', async () => {
    const { subscribe, requestPermission } = fakePushBrowser('granted');
    const calls = stubStudentApi({
      'GET /api/student/me': () => ok(me),
      'GET /api/push/vapid-public-key': () => ok({ public_key: 'BAAB' }),
      'POST /api/devices': () => ok({}, 201),
    });
    renderStudentApp('/student');
    const enable = await screen.findByRole('button', { name: text.push.enable });
    expect(requestPermission).not.toHaveBeenCalled();
    await userEvent.click(enable);
    expect(await screen.findByText(text.push.enabled)).toBeTruthy();
    expect(subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: applicationServerKey('BAAB'),
    });
    const device = calls.find((call) => call.path === '/api/devices');
    expect(device).toMatchObject({
      method: 'POST',
      authorization: 'Bearer student-token-abc',
      body: {
        platform: 'web',
        subscription: { endpoint: 'https://push.example.test/abc', keys: { p256dh: 'BPk', auth: 'au' } },
      },
    });
    expect(window.localStorage.getItem(`student-push:${SESSION_ID}`)).toBe('1');
  });

  it('a refused permission registers nothing and says how to allow it', async () => {
    const { subscribe } = fakePushBrowser('denied');
    const calls = stubStudentApi({ 'GET /api/student/me': () => ok(me) });
    renderStudentApp('/student');
    await userEvent.click(await screen.findByRole('button', { name: text.push.enable }));
    expect(await screen.findByText(text.push.denied)).toBeTruthy();
    expect(subscribe).not.toHaveBeenCalled();
    expect(calls.some((call) => call.path === '/api/devices')).toBe(false);
  });

  it('Not now hides the card on this phone', async () => {
    fakePushBrowser('granted');
    stubStudentApi({ 'GET /api/student/me': () => ok(me) });
    renderStudentApp('/student');
    await userEvent.click(await screen.findByRole('button', { name: text.push.later }));
    await waitFor(() => expect(screen.queryByRole('button', { name: text.push.enable })).toBeNull());
  });
});

describe('applicationServerKey', () => {
  it('decodes base64url without padding', () => {
    expect([...applicationServerKey('AP-_')]).toEqual([0x00, 0xff, 0xbf]);
  });
});
