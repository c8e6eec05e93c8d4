import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type StudentPairing } from '@app/shared';
import { AppProvider } from '@/app/provider';
import { createAppStore } from '@/lib/store';
import { jsonResponse, storeSession, stubFetch } from '@/test/fixtures';
import { PairingCodeButton } from './PairingCodeButton';

const p = messages.notification.pairing;
const STUDENT = '5a1b2c3d-4e5f-4a6b-8c7d-000000000007';

function serve(state: { pairing: StudentPairing; failDevices?: boolean }) {
  const requests: string[] = [];
  stubFetch(
    vi.fn<typeof fetch>(async (input) => {
      const request = input as Request;
      const path = new URL(request.url).pathname;
      requests.push(`${request.method} ${path}`);
      if (request.method === 'GET' && path === `/api/user/${STUDENT}/devices`) {
        if (state.failDevices) return jsonResponse({ status: false, code: 500, message: 'x', errors: [] }, 500);
        return jsonResponse({ status: true, message: 'OK', data: state.pairing });
      }
      if (request.method === 'POST' && path === `/api/user/${STUDENT}/pairing-code`) {
        state.pairing = { ...state.pairing, has_code: true, code_created_at: '2026-03-10T04:35:00.000Z' };
        return jsonResponse(
          { status: true, message: p.generated, data: { code: 'K7QH3MZP', created_at: '2026-03-10T04:35:00.000Z' } },
          201,
        );
      }
      if (request.method === 'DELETE' && path.startsWith(`/api/user/${STUDENT}/devices/`)) {
        state.pairing = { ...state.pairing, devices: state.pairing.devices.filter((d) => !path.endsWith(d.id)) };
        return jsonResponse({ status: true, message: p.removed, data: null });
      }
      return jsonResponse({ status: false, code: 404, message: 'Not found', errors: [] }, 404);
    }),
  );
  return requests;
}

function show() {
  storeSession();
  render(
    <AppProvider store={createAppStore()}>
      <PairingCodeButton studentId={STUDENT} studentName="Meera Joshi" />
    </AppProvider>,
  );
}

const device = (id: string, platform: 'android' | 'ios' | 'web') => ({
  id,
  platform,
  created_at: '2026-03-01T10:00:00.000Z',
  last_seen_at: '2026-03-09T12:30:00.000Z',
});

describe('Pairing a student app', { timeout: 30_000 }, () => {
  it('makes a code only when asked, shows it once, and lists the paired phones', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      pairing: { devices: [device('d1', 'android')], sessions: [], has_code: false, code_created_at: null },
    });
    show();
    await user.click(screen.getByRole('button', { name: `${p.open}: Meera Joshi` }));
    const dialog = await screen.findByRole('dialog', { name: p.title });
    expect(within(dialog).getByText(p.intro('Meera Joshi'))).toBeTruthy();
    expect(await within(dialog).findByText(p.noCodeYet)).toBeTruthy();
    expect(within(dialog).getByText(p.devices(1))).toBeTruthy();
    expect(within(dialog).getByText(p.lastSeen('09/03/2026 6:00 PM'))).toBeTruthy();
    // Opening the dialog does not replace the code.
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: p.generate }));
    expect(await within(dialog).findByText('K7QH-3MZP')).toBeTruthy();
    expect(within(dialog).getByText(p.shownOnce)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: p.regenerate })).toBeTruthy();

    // Closed and opened again: the code is gone; only the date it was made is known.
    await user.click(within(dialog).getByRole('button', { name: p.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: `${p.open}: Meera Joshi` }));
    const again = await screen.findByRole('dialog', { name: p.title });
    expect(await within(again).findByText(p.codeExists('10/03/2026 10:05 AM'))).toBeTruthy();
    expect(within(again).queryByText('K7QH-3MZP')).toBeNull();
  });

  it('unpairs a phone', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      pairing: {
        devices: [device('d1', 'android'), device('d2', 'ios')],
        sessions: [],
        has_code: true,
        code_created_at: '2026-03-01T10:00:00.000Z',
      },
    });
    show();
    await user.click(screen.getByRole('button', { name: `${p.open}: Meera Joshi` }));
    const dialog = await screen.findByRole('dialog', { name: p.title });
    await user.click(await within(dialog).findByRole('button', { name: p.removeLabel(p.platforms.ios) }));
    expect(await within(dialog).findByText(p.devices(1))).toBeTruthy();
    expect(requests).toContain(`DELETE /api/user/${STUDENT}/devices/d2`);
    expect(await screen.findByText(p.removed)).toBeTruthy();
  });

  it('says when the phones cannot be loaded', async () => {
    serve({ pairing: { devices: [], sessions: [], has_code: false, code_created_at: null }, failDevices: true });
    show();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: `${p.open}: Meera Joshi` }));
    expect(await screen.findByText(p.devicesFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: p.retry })).toBeTruthy();
  });
});
