import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUDIT_ACTION_LABELS, messages, paginate, type AuditEntry } from '@app/shared';
import { jsonResponse, stubFetch } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';

const m = messages.audit;

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: '6a1e0c2d-0000-4b1a-8c3d-000000000001',
  action: 'admin.sign_in_failed',
  entity_type: 'admin',
  entity_id: '3f0c1a52-9b1e-4d7f-8a55-0c2a6b1d9e01',
  detail: null,
  ip: '203.0.113.7',
  admin_name: 'Priya Sharma',
  // 21:40 on 1 March in India.
  created_at: '2026-03-01T16:10:00.000Z',
  ...overrides,
});

const ENTRIES = [
  entry({}),
  entry({
    id: '6a1e0c2d-0000-4b1a-8c3d-000000000002',
    action: 'student.identity_image.view',
    entity_type: 'student',
    entity_id: 'c0ffee00-1234-4abc-9def-000000000042',
    detail: 'front',
  }),
  entry({
    id: '6a1e0c2d-0000-4b1a-8c3d-000000000003',
    action: 'library.archive',
    entity_type: 'library',
    entity_id: null,
    ip: null,
    admin_name: null,
  }),
];

/** Serves the audit log, filtered like the API by `action`; records each query asked. */
function serveLog(rows: AuditEntry[] = ENTRIES, fail = () => false) {
  const queries: URLSearchParams[] = [];
  stubFetch(
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL((input as Request).url);
      if (url.pathname !== '/api/admin/audit-log') {
        return jsonResponse({ status: false, code: 404, message: 'Not found', errors: [] }, 404);
      }
      queries.push(url.searchParams);
      if (fail()) return jsonResponse({ status: false, code: 500, message: 'Something broke', errors: [] }, 500);
      const action = url.searchParams.get('action');
      const matching = action ? rows.filter((row) => row.action === action) : rows;
      const limit = Number(url.searchParams.get('limit'));
      const page = Number(url.searchParams.get('page'));
      return jsonResponse({
        status: true,
        message: 'OK',
        data: { entries: matching.slice(0, limit), pagination: paginate(page, limit, matching.length) },
      });
    }),
  );
  return queries;
}

const openActivity = () => openSignedIn('/app/activity', m.heading);

const bodyRows = async () => {
  const table = await screen.findByRole('table', { name: m.heading });
  await waitFor(() => expect(table.getAttribute('aria-busy')).toBe('false'));
  return within(table).getAllByRole('row').slice(1);
};

describe('Activity', { timeout: 30_000 }, () => {
  it('lists when, who, what, which record and from where, newest first', async () => {
    const queries = serveLog();
    await openActivity();
    const table = await screen.findByRole('table', { name: m.heading });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['When', 'Who', 'What', 'Record', 'From']);
    const rows = await bodyRows();
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toBe(
      ['01/03/2026 9:40 PM', 'Priya Sharma', 'Failed sign-in', 'Admin · 3f0c1a52', '203.0.113.7'].join(''),
    );
    expect(within(rows[1]!).getByText(AUDIT_ACTION_LABELS['student.identity_image.view']!)).toBeTruthy();
    expect(within(rows[1]!).getByText('Student · c0ffee00').getAttribute('title')).toBe(
      'c0ffee00-1234-4abc-9def-000000000042',
    );
    expect(within(rows[1]!).getByText('front')).toBeTruthy();
    // An action this screen has no label for shows as recorded; a deleted admin and a missing address say so.
    expect(within(rows[2]!).getByText('library.archive')).toBeTruthy();
    expect(within(rows[2]!).getByText('Library')).toBeTruthy();
    expect(within(rows[2]!).getAllByText(m.unknownAdmin)).toHaveLength(2);

    expect(queries[0]!.get('page')).toBe('1');
    expect(queries[0]!.get('limit')).toBe('10');
    expect(queries[0]!.has('action')).toBe(false);
    expect(screen.getByRole('link', { name: messages.shell.activity }).className).toContain('Mui-selected');
  });

  it('filters by action, back to all, and says when nothing matches', async () => {
    const user = userEvent.setup({ delay: null });
    const queries = serveLog();
    await openActivity();
    await bodyRows();

    await user.click(screen.getByRole('combobox', { name: m.actionFilter }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([m.allActions, ...Object.values(AUDIT_ACTION_LABELS)]);
    await user.click(screen.getByRole('option', { name: AUDIT_ACTION_LABELS['student.identity_image.view'] }));
    await waitFor(() => expect(queries.at(-1)!.get('action')).toBe('student.identity_image.view'));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(1));
    expect(screen.getByText('Student · c0ffee00')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: m.actionFilter }));
    await user.click(screen.getByRole('option', { name: AUDIT_ACTION_LABELS['area.delete'] }));
    expect(await screen.findByText(m.emptyForAction)).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: m.actionFilter }));
    await user.click(screen.getByRole('option', { name: m.allActions }));
    await waitFor(() => expect(queries.at(-1)!.has('action')).toBe(false));
    await waitFor(async () => expect(await bodyRows()).toHaveLength(3));
  });

  it('pages with 5, 10, 25 or 50 rows, back to the first page on a new size', async () => {
    const user = userEvent.setup({ delay: null });
    const many = Array.from({ length: 12 }, (_, index) =>
      entry({ id: `6a1e0c2d-0000-4b1a-8c3d-0000000001${String(index).padStart(2, '0')}`, action: 'admin.sign_in' }),
    );
    const queries = serveLog(many);
    await openActivity();
    expect(await bodyRows()).toHaveLength(10);
    expect(screen.getByText('1–10 of 12')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(queries.at(-1)!.get('page')).toBe('2'));

    await user.click(screen.getByRole('combobox', { name: /rows per page/i }));
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['5', '10', '25', '50']);
    await user.click(screen.getByRole('option', { name: '5' }));
    await waitFor(() => expect(queries.at(-1)!.get('limit')).toBe('5'));
    expect(queries.at(-1)!.get('page')).toBe('1');
    await waitFor(async () => expect(await bodyRows()).toHaveLength(5));
  });

  it('says when there is no activity yet', async () => {
    serveLog([]);
    await openActivity();
    expect(await screen.findByText(m.empty)).toBeTruthy();
  });

  it('shows the error screen and retries with REFRESH PAGE', async () => {
    let calls = 0;
    serveLog(ENTRIES, () => (calls += 1) === 1);
    await openActivity();
    expect(await screen.findByText(messages.errorScreen.title)).toBeTruthy();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: messages.errorScreen.refresh }));
    expect(await screen.findByText('Admin · 3f0c1a52')).toBeTruthy();
    expect(calls).toBe(2);
  });
});
