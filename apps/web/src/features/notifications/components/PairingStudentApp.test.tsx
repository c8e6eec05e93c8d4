import { describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type StudentPairing } from '@app/shared';
import { AppProvider } from '@/app/provider';
import { createAppStore } from '@/lib/store';
import { jsonResponse, storeSession, stubFetch } from '@/test/fixtures';
import { PairingCodeButton } from './PairingCodeButton';
import { studentJoinLink } from './StudentAppLink';

configure({ asyncUtilTimeout: 5000 });

const p = messages.notification.pairing;
const d = messages.desk.pairing;
const STUDENT = '5a1b2c3d-4e5f-4a6b-8c7d-000000000007';

const session = (id: string, device_label: string) => ({
  id,
  device_label,
  created_at: '2026-03-01T10:00:00.000Z',
  last_seen_at: '2026-03-09T12:30:00.000Z',
});

function serve(state: { pairing: StudentPairing; failUnpair?: boolean }) {
  const requests: string[] = [];
  stubFetch(
    vi.fn<typeof fetch>(async (input) => {
      const request = input as Request;
      const path = new URL(request.url).pathname;
      requests.push(`${request.method} ${path}`);
      if (request.method === 'GET' && path === `/api/user/${STUDENT}/devices`) {
        return jsonResponse({ status: true, message: 'OK', data: state.pairing });
      }
      if (request.method === 'POST' && path === `/api/user/${STUDENT}/pairing-code`) {
        return jsonResponse(
          { status: true, message: p.generated, data: { code: 'K7QH3MZP', created_at: '2026-03-10T04:35:00.000Z' } },
          201,
        );
      }
      if (request.method === 'DELETE' && path.startsWith(`/api/user/${STUDENT}/sessions/`)) {
        if (state.failUnpair) {
          return jsonResponse({ status: false, code: 404, message: 'Session not found', errors: [] }, 404);
        }
        state.pairing = { ...state.pairing, sessions: state.pairing.sessions.filter((s) => !path.endsWith(s.id)) };
        return jsonResponse({ status: true, message: d.unpaired, data: null });
      }
      return jsonResponse({ status: false, code: 404, message: 'Not found', errors: [] }, 404);
    }),
  );
  return requests;
}

async function open() {
  storeSession();
  render(
    <AppProvider store={createAppStore()}>
      <PairingCodeButton studentId={STUDENT} studentName="Meera Joshi" />
    </AppProvider>,
  );
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: `${p.open}: Meera Joshi` }));
  return screen.findByRole('dialog', { name: p.title });
}

describe('Pairing: the student app', { timeout: 30_000 }, () => {
  it('makes the join link from the code, in the fragment', () => {
    expect(studentJoinLink('K7QH3MZP', 'https://library.example.com')).toBe(
      'https://library.example.com/student/join#code=K7QH-3MZP',
    );
  });

  it('shows the new code as a QR of the join link, and the link to copy', async () => {
    serve({ pairing: { devices: [], sessions: [], has_code: false, code_created_at: null } });
    const dialog = await open();
    expect(within(dialog).queryByRole('img', { name: d.qrLabel })).toBeNull();
    await userEvent.setup({ delay: null }).click(await within(dialog).findByRole('button', { name: p.generate }));
    expect(await within(dialog).findByRole('img', { name: d.qrLabel })).toBeTruthy();
    expect(within(dialog).getByLabelText(d.link).textContent).toBe(
      `${window.location.origin}/student/join#code=K7QH-3MZP`,
    );
    expect(within(dialog).getByRole('button', { name: d.copyLink })).toBeTruthy();
  });

  it('says when no phone has signed in to the student app', async () => {
    serve({ pairing: { devices: [], sessions: [], has_code: false, code_created_at: null } });
    const dialog = await open();
    expect(await within(dialog).findByText(d.sessionNone)).toBeTruthy();
  });

  it('unpairs a signed-in phone after asking', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      pairing: {
        devices: [],
        sessions: [session('s1', 'Chrome on Android'), session('s2', 'Safari on iPhone')],
        has_code: true,
        code_created_at: '2026-03-01T10:00:00.000Z',
      },
    });
    const dialog = await open();
    const phones = await within(dialog).findByRole('list', { name: d.sessions });
    expect(within(phones).getByText('Chrome on Android')).toBeTruthy();
    expect(
      within(phones).getAllByText(`${d.signedIn('01/03/2026 3:30 PM')} · ${d.lastSeen('09/03/2026 6:00 PM')}`),
    ).toHaveLength(2);

    await user.click(within(phones).getByRole('button', { name: d.unpairLabel('Safari on iPhone') }));
    const question = await screen.findByRole('dialog', { name: d.unpairTitle });
    expect(within(question).getByText(d.unpairConfirm('Safari on iPhone'))).toBeTruthy();
    // Nothing is sent before the owner confirms.
    expect(requests.filter((r) => r.startsWith('DELETE'))).toEqual([]);
    await user.click(within(question).getByRole('button', { name: d.unpair }));
    expect(await screen.findByText(d.unpaired)).toBeTruthy();
    expect(requests).toContain(`DELETE /api/user/${STUDENT}/sessions/s2`);
    await waitFor(() => expect(within(dialog).queryByText('Safari on iPhone')).toBeNull());
    expect(within(dialog).getByText('Chrome on Android')).toBeTruthy();
  });

  it('keeps the phone and says so when unpairing fails', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      pairing: { devices: [], sessions: [session('s1', 'Chrome on Android')], has_code: false, code_created_at: null },
      failUnpair: true,
    });
    const dialog = await open();
    await user.click(await within(dialog).findByRole('button', { name: d.unpairLabel('Chrome on Android') }));
    const question = await screen.findByRole('dialog', { name: d.unpairTitle });
    await user.click(within(question).getByRole('button', { name: d.unpair }));
    expect(await screen.findByText('Session not found')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: d.unpairTitle })).toBeTruthy();
    expect(within(dialog).getByText('Chrome on Android')).toBeTruthy();
  });
});
