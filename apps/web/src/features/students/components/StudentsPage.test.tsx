import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, paginate } from '@app/shared';
import { jsonResponse, storeSession } from '@/test/fixtures';
import { openSignedIn, renderApp } from '@/test/render';
import { serve } from '@/test/fixtures';
import { student } from './students.test-data';

const m = messages.students;

const page = (students = [student()], pagination = paginate(1, 10, students.length)) =>
  jsonResponse({ status: true, message: 'ok', data: { students, pagination } });

const openList = () => openSignedIn('/app/student', m.heading);

describe('Students list', { timeout: 30_000 }, () => {
  it('shows the spec columns, the thumbnail, KYC and type chips', async () => {
    serve({
      'GET /api/user': () =>
        page([
          student(),
          student({
            id: 'b',
            user_id: 'b',
            first_name: 'Bharat',
            last_name: null,
            kyc_status: 'verified',
            is_premium: true,
            type: 'Premium',
            profile_thumb: null,
          }),
          student({ id: 'c', user_id: 'c', first_name: 'Chitra', kyc_status: 'rejected' }),
        ]),
    });
    await openList();
    const table = await screen.findByRole('table', { name: m.heading });
    await within(table).findByText('Asha Verma');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['No', 'Profile', 'Name', 'Mobile', 'Email', 'Verified', 'Type', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('img', { name: 'Asha Verma' }).getAttribute('src')).toBe(
      '/api/files/t.webp?sig=1',
    );
    expect(within(rows[0]!).getByText(m.kyc.pending)).toBeTruthy();
    expect(within(rows[1]!).getByText(m.kyc.verified)).toBeTruthy();
    expect(within(rows[1]!).getByText(m.type.premium)).toBeTruthy();
    expect(within(rows[1]!).getByText('B')).toBeTruthy(); // initials when there is no photo
    expect(within(rows[2]!).getByText(m.kyc.unverified)).toBeTruthy();
    expect(within(rows[2]!).getByText(m.type.regular)).toBeTruthy();
    expect(screen.getByRole('button', { name: m.addStudent })).toBeTruthy();
  });

  it('numbers rows on across pages and asks for the next page', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/user': (request) => {
        const current = Number(new URL(request.url).searchParams.get('page'));
        return page([student({ first_name: `Page ${current}` })], paginate(current, 10, 12));
      },
    });
    await openList();
    await screen.findByText('Page 1 Verma');
    await user.click(screen.getByRole('button', { name: /next page/i }));
    const row = (await screen.findByText('Page 2 Verma')).closest('tr')!;
    expect(within(row).getAllByRole('cell')[0]!.textContent).toBe('11');
    expect(new URL(requests.at(-1)!.url).searchParams.get('page')).toBe('2');
  });

  it('searches on the button, clears with the clear control, and says when nothing is found', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/user': (request) => (new URL(request.url).searchParams.get('search') ? page([]) : page()),
    });
    await openList();
    await screen.findByText('Asha Verma');
    await user.type(screen.getByRole('textbox', { name: m.searchPlaceholder }), 'zzz');
    await user.click(screen.getByRole('button', { name: m.search }));
    expect(await screen.findByText(m.empty)).toBeTruthy();
    expect(new URL(requests.at(-1)!.url).searchParams.get('search')).toBe('zzz');
    await user.click(screen.getByRole('button', { name: m.clearSearch }));
    // Back to the whole list (answered from the cache of the first load).
    expect(await screen.findByText('Asha Verma')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: m.searchPlaceholder }) as HTMLInputElement).value).toBe('');
  });

  it('marks KYC verified from the chip menu', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/user': () => page(),
      [`PATCH /api/user/${student().id}/kyc`]: () =>
        jsonResponse({
          status: true,
          message: m.kycUpdated,
          data: { id: student().id, user_id: student().id, kyc_status: 'verified' },
        }),
    });
    await openList();
    await user.click(await screen.findByRole('button', { name: `${m.kycMenu}: Asha Verma, ${m.kyc.pending}` }));
    await user.click(await screen.findByRole('menuitem', { name: m.markVerified }));
    expect(await screen.findByText(m.kycUpdated)).toBeTruthy();
    const patch = requests.find((request) => request.method === 'PATCH')!;
    expect(await patch.json()).toEqual({ kyc_status: 'verified' });
  });

  it('toasts "Failed to fetch student" and shows an empty list when the list cannot load', async () => {
    serve({ 'GET /api/user': () => jsonResponse({ status: false, code: 500, message: 'Down', errors: [] }, 500) });
    await openList();
    expect(await screen.findByText(m.fetchListFailed)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(m.empty)).toBeTruthy());
  });

  it('narrows to premium students from ?type=premium until the chip is cleared', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/user': (request) =>
        new URL(request.url).searchParams.get('type') === 'premium'
          ? page([student({ first_name: 'Gold', is_premium: true, type: 'Premium' })])
          : page(),
    });
    storeSession();
    renderApp('/app/student?type=premium');
    expect(await screen.findByText('Gold Verma', {}, { timeout: 10_000 })).toBeTruthy();
    expect(new URL(requests[0]!.url).searchParams.get('type')).toBe('premium');
    const chip = screen.getByRole('button', { name: m.premiumOnly });
    await user.click(within(chip).getByTestId('CancelIcon'));
    expect(await screen.findByText('Asha Verma')).toBeTruthy();
  });

  it('opens the edit form from the row', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ 'GET /api/user': () => page() });
    const { router } = await openList();
    await user.click(await screen.findByRole('button', { name: `${m.edit} Asha Verma` }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/student/addstudent/${student().id}`));
  });
});
