import { describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type IdCard } from '@app/shared';
import { AppProvider } from '@/app/provider';
import { createAppStore } from '@/lib/store';
import { jsonResponse, storeSession, stubFetch } from '@/test/fixtures';
import { StudentAttendanceMenu } from './StudentAttendanceMenu';

configure({ asyncUtilTimeout: 5000 });

const c = messages.desk.idCard;
const d = messages.desk;
const STUDENT = '5a1b2c3d-4e5f-4a6b-8c7d-000000000007';
const card = (id: string, created_at: string): IdCard => ({
  id,
  student_id: STUDENT,
  code: `C${id.replace(/-/g, '')}`,
  created_at,
});

function serve(state: { card: IdCard | null; failRead?: boolean }) {
  const requests: string[] = [];
  stubFetch(
    vi.fn<typeof fetch>(async (input) => {
      const request = input as Request;
      const path = new URL(request.url).pathname;
      requests.push(`${request.method} ${path}`);
      if (path !== `/api/user/${STUDENT}/id-card`) {
        return jsonResponse({ status: false, code: 404, message: 'Not found', errors: [] }, 404);
      }
      if (request.method === 'GET') {
        if (state.failRead)
          return jsonResponse({ status: false, code: 500, message: 'Internal Server Error', errors: [] }, 500);
        return state.card
          ? jsonResponse({ status: true, message: 'OK', data: state.card })
          : jsonResponse({ status: false, code: 404, message: 'This student has no ID card', errors: [] }, 404);
      }
      if (request.method === 'POST') {
        state.card = card('ca000000-0000-4000-8000-000000000002', '2026-03-10T04:35:00.000Z');
        return jsonResponse({ status: true, message: 'ID card issued', data: state.card }, 201);
      }
      state.card = null;
      return jsonResponse({ status: true, message: 'ID card cancelled', data: null });
    }),
  );
  return requests;
}

async function openCard() {
  storeSession();
  render(
    <AppProvider store={createAppStore()}>
      <StudentAttendanceMenu studentId={STUDENT} holder={{ name: 'Meera Joshi', mobile: '9876543210', photo: null }} />
    </AppProvider>,
  );
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: d.studentMenu('Meera Joshi') }));
  await user.click(await screen.findByRole('menuitem', { name: c.open }));
  return screen.findByRole('dialog', { name: c.title });
}

describe('ID card', { timeout: 30_000 }, () => {
  it('says there is none, issues one, and shows it to print', async () => {
    const requests = serve({ card: null });
    const dialog = await openCard();
    expect(await within(dialog).findByText(c.none)).toBeTruthy();
    await userEvent.setup({ delay: null }).click(within(dialog).getByRole('button', { name: c.issue }));
    const shown = await within(dialog).findByTestId('id-card');
    expect(within(shown).getByText('Meera Joshi')).toBeTruthy();
    expect(within(shown).getByText(c.mobile('9876543210'))).toBeTruthy();
    expect(within(shown).getByText(c.issuedOn('10/03/2026'))).toBeTruthy();
    expect(await within(shown).findByRole('img', { name: c.qrLabel('Meera Joshi') })).toBeTruthy();
    expect(requests).toContain(`POST /api/user/${STUDENT}/id-card`);
    expect(await screen.findByText(c.issued)).toBeTruthy();
  });

  it('says Issuing... while the card is made', async () => {
    const user = userEvent.setup({ delay: null });
    storeSession();
    stubFetch(
      vi.fn<typeof fetch>(async (input) =>
        (input as Request).method === 'GET'
          ? jsonResponse({ status: false, code: 404, message: 'This student has no ID card', errors: [] }, 404)
          : new Promise<Response>(() => undefined),
      ),
    );
    render(
      <AppProvider store={createAppStore()}>
        <StudentAttendanceMenu studentId={STUDENT} holder={{ name: 'Meera Joshi' }} />
      </AppProvider>,
    );
    await user.click(screen.getByRole('button', { name: d.studentMenu('Meera Joshi') }));
    await user.click(await screen.findByRole('menuitem', { name: c.open }));
    const dialog = await screen.findByRole('dialog', { name: c.title });
    await user.click(await within(dialog).findByRole('button', { name: c.issue }));
    const busy = await within(dialog).findByRole('button', { name: c.issuing });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
  });

  it('prints the card', async () => {
    serve({ card: card('ca000000-0000-4000-8000-000000000001', '2026-03-01T04:35:00.000Z') });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const dialog = await openCard();
    await within(dialog).findByTestId('id-card');
    await userEvent.setup({ delay: null }).click(within(dialog).getByRole('button', { name: c.print }));
    expect(print).toHaveBeenCalledOnce();
    // The print sheet, outside the dialog, holds a copy of the card.
    expect(document.querySelectorAll('[data-testid="id-card"]')).toHaveLength(2);
  });

  it('reissues after asking (the old card stops working)', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({ card: card('ca000000-0000-4000-8000-000000000001', '2026-03-01T04:35:00.000Z') });
    const dialog = await openCard();
    expect(await within(dialog).findByText(c.issuedOn('01/03/2026'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: c.reissue }));
    const question = await screen.findByRole('dialog', { name: c.reissueTitle });
    expect(within(question).getByText(c.reissueConfirm)).toBeTruthy();
    expect(requests.filter((r) => r.startsWith('POST'))).toEqual([]);
    await user.click(within(question).getByRole('button', { name: c.reissue }));
    expect(await within(dialog).findByText(c.issuedOn('10/03/2026'))).toBeTruthy();
    expect(requests).toContain(`POST /api/user/${STUDENT}/id-card`);
  });

  it('revokes after asking', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({ card: card('ca000000-0000-4000-8000-000000000001', '2026-03-01T04:35:00.000Z') });
    const dialog = await openCard();
    await user.click(await within(dialog).findByRole('button', { name: c.revoke }));
    const question = await screen.findByRole('dialog', { name: c.revokeTitle });
    await user.click(within(question).getByRole('button', { name: c.revoke }));
    expect(await within(dialog).findByText(c.none)).toBeTruthy();
    expect(requests).toContain(`DELETE /api/user/${STUDENT}/id-card`);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: c.revokeTitle })).toBeNull());
  });

  it('says when the card cannot be fetched, and retries', async () => {
    const state: { card: IdCard | null; failRead?: boolean } = { card: null, failRead: true };
    serve(state);
    const dialog = await openCard();
    expect(await within(dialog).findByText('Internal Server Error')).toBeTruthy();
    state.failRead = false;
    await userEvent.setup({ delay: null }).click(within(dialog).getByRole('button', { name: d.attendance.retry }));
    expect(await within(dialog).findByText(c.none)).toBeTruthy();
  });

  it('opens the attendance history from the same menu', async () => {
    serve({ card: null });
    storeSession();
    render(
      <AppProvider store={createAppStore()}>
        <StudentAttendanceMenu studentId={STUDENT} holder={{ name: 'Meera Joshi' }} />
      </AppProvider>,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: d.studentMenu('Meera Joshi') }));
    await user.click(await screen.findByRole('menuitem', { name: d.attendance.history }));
    expect(await screen.findByRole('dialog', { name: d.attendance.historyTitle('Meera Joshi') })).toBeTruthy();
  });
});
