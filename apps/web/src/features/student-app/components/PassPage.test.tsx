import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePassCode, readPassCode, studentAppMessages as text } from '@app/shared';
import { ok, renderStudentApp, SESSION_ID, studentSession, stubStudentApi } from '../test/student-test-utils';

const T0 = Date.parse('2026-11-24T06:00:05.000Z'); // 5 s into a 30-second step

afterEach(() => vi.useRealTimers());

async function shownCode(): Promise<string> {
  const qr = await screen.findByRole('img', { name: text.pass.qrLabel('Asha Verma') });
  await vi.waitFor(() => expect(qr.getAttribute('data-qr-value')).toBeTruthy());
  return qr.getAttribute('data-qr-value')!;
}

describe('Pass', () => {
  it('shows the QR of this step’s signed code and a new one after 30 seconds, offline too', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: T0 });
    stubStudentApi({ 'GET /api/student/pass-key': () => Promise.reject(new TypeError('offline')) });
    renderStudentApp('/student/pass');

    const first = await shownCode();
    expect(first).toBe(await makePassCode(studentSession.pass_key, SESSION_ID, T0));
    expect(readPassCode(first)).toMatchObject({ kind: 'pass', sessionId: SESSION_ID });
    expect(screen.getByTestId('pass-countdown').textContent).toBe(text.pass.changesIn(25));

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    await vi.waitFor(() => expect(screen.getByRole('img').getAttribute('data-qr-value')).not.toBe(first));
    const second = screen.getByRole('img').getAttribute('data-qr-value')!;
    expect(second).toBe(await makePassCode(studentSession.pass_key, SESSION_ID, T0 + 30_000));
  });

  it('takes the server’s clock and a new pass key when online', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: T0 });
    const newKey = 'HxwbGhkYFxYVFBMSERAPDg0MCwoJCAcGBQQDAgEAAAE';
    // The server is two minutes ahead of this phone: the pass is the server's step.
    stubStudentApi({
      'GET /api/student/pass-key': () => ok({ pass_key: newKey, server_time: new Date(T0 + 120_000).toISOString() }),
    });
    renderStudentApp('/student/pass');
    const expected = await makePassCode(newKey, SESSION_ID, T0 + 120_000);
    await vi.waitFor(async () => expect(await shownCode()).toBe(expected));
  });
});
