import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, paginate, type Area } from '@app/shared';
import { fakeSession, jsonResponse, serve } from '@/test/fixtures';
import { openSignedIn, LAZY_DIALOG_TIMEOUT } from '@/test/render';

const m = messages.areas;

const area = (overrides: Partial<Area>): Area => ({
  id: '6f1c2d3e-4b5a-4c6d-8e7f-000000000001',
  name: 'A Block',
  location: 'First floor',
  total_seats: 40,
  status: 'active',
  seatCount: 12,
  availableSeats: 10,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const AREAS = [
  area({}),
  area({ id: '6f1c2d3e-4b5a-4c6d-8e7f-000000000002', name: 'Hall B', location: null, status: 'inactive' }),
  area({ id: '6f1c2d3e-4b5a-4c6d-8e7f-000000000003', name: 'Silent Zone', location: 'Terrace', status: 'maintenance' }),
];

const listAnswer = () =>
  jsonResponse({ status: true, message: 'ok', data: { areas: AREAS, pagination: paginate(1, 10, 3) } });

const openAreas = () => openSignedIn('/app/area', m.heading);

describe('Areas Management', { timeout: 30_000 }, () => {
  it('lists the areas with their status and seat badge', async () => {
    serve({ 'GET /api/area': listAnswer });
    await openAreas();
    const table = await screen.findByRole('table', { name: m.heading });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['No', 'Area Name', 'Total Seats', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('A Block')).toBeTruthy();
    expect(within(rows[0]!).getByRole('img', { name: m.seatBadge(12) })).toBeTruthy();
    expect(within(rows[2]!).getByText('Maintenance')).toBeTruthy();
    expect(screen.getByPlaceholderText(m.searchPlaceholder)).toBeTruthy();
  });

  it('shows the desk the areas without Add, Edit or Delete (issue 16)', async () => {
    serve({ 'GET /api/area': listAnswer });
    await openSignedIn('/app/area', m.heading, { ...fakeSession, role: 'desk' });
    const table = await screen.findByRole('table', { name: m.heading });
    expect(within(table).getByText('A Block')).toBeTruthy();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: new RegExp(m.addArea) })).toBeNull();
    expect(screen.queryByRole('button', { name: `${m.deleteArea} A Block` })).toBeNull();
  });

  it('filters the loaded page by name or location as the user types', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ 'GET /api/area': listAnswer });
    await openAreas();
    await screen.findByText('Hall B');
    await user.type(screen.getByPlaceholderText(m.searchPlaceholder), 'TERRACE');
    await waitFor(() => expect(screen.queryByText('Hall B')).toBeNull());
    expect(screen.getByText('Silent Zone')).toBeTruthy();
  });

  it('shows the spec messages under the empty Add Area fields and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({ 'GET /api/area': listAnswer });
    await openAreas();
    await user.click(screen.getByRole('button', { name: m.addArea }));
    const dialog = await screen.findByRole('dialog', { name: m.addTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    expect((within(dialog).getByRole('radio', { name: 'Active' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: m.create }));
    expect(await within(dialog).findByText(m.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(m.totalSeatsRequired)).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Total Seats/), '12.5');
    await user.click(within(dialog).getByRole('button', { name: m.create }));
    expect(await within(dialog).findByText(m.totalSeatsWhole)).toBeTruthy();
    expect(requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('creates an area, reading Creating... while busy, and toasts the result', async () => {
    const user = userEvent.setup({ delay: null });
    let reply: (response: Response) => void = () => undefined;
    const requests = serve({
      'GET /api/area': listAnswer,
      'POST /api/area': () => new Promise<Response>((resolve) => (reply = resolve)),
    });
    await openAreas();
    await user.click(screen.getByRole('button', { name: m.addArea }));
    const dialog = await screen.findByRole('dialog', { name: m.addTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    await user.type(within(dialog).getByLabelText(/^Area Name/), 'Reading Room');
    await user.type(within(dialog).getByLabelText(/^Total Seats/), '30');
    await user.click(within(dialog).getByRole('radio', { name: 'Inactive' }));
    await user.click(within(dialog).getByRole('button', { name: m.create }));
    expect(await within(dialog).findByRole('button', { name: m.creating })).toBeTruthy();
    const post = requests.find((request) => request.method === 'POST');
    expect(await post?.json()).toEqual({
      area_name: 'Reading Room',
      total_seats: 30,
      status: 'inactive',
      location: '',
    });
    reply(jsonResponse({ status: true, message: m.added, data: area({ name: 'Reading Room' }) }, 201));
    expect(await screen.findByText(m.added)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.addTitle })).toBeNull());
  });

  it("shows the server's reason when a save is refused, under the field too", async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/area': listAnswer,
      'POST /api/area': () =>
        jsonResponse(
          { status: false, code: 409, message: m.nameTaken, errors: [{ field: 'area_name', message: m.nameTaken }] },
          409,
        ),
    });
    await openAreas();
    await user.click(screen.getByRole('button', { name: m.addArea }));
    const dialog = await screen.findByRole('dialog', { name: m.addTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    await user.type(within(dialog).getByLabelText(/^Area Name/), 'a block');
    await user.type(within(dialog).getByLabelText(/^Total Seats/), '10');
    await user.click(within(dialog).getByRole('button', { name: m.create }));
    expect(await within(dialog).findByText(m.nameTaken)).toBeTruthy();
    // The toast shows once react-toastify has loaded (lib/toast.ts).
    await waitFor(() => expect(screen.getAllByText(m.nameTaken)).toHaveLength(2));
  });

  it('opens an area fresh from the server for editing', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/area': listAnswer,
      'GET /api/area/6f1c2d3e-4b5a-4c6d-8e7f-000000000003': () =>
        jsonResponse({ status: true, message: 'ok', data: AREAS[2] }),
    });
    await openAreas();
    await user.click(await screen.findByRole('button', { name: `${m.editArea} Silent Zone` }));
    const dialog = await screen.findByRole('dialog', { name: m.updateTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    expect(((await within(dialog).findByLabelText(/^Area Name/)) as HTMLInputElement).value).toBe('Silent Zone');
    // Under maintenance, that choice stays visible next to the form's two.
    expect((within(dialog).getByRole('radio', { name: 'Maintenance' }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByRole('button', { name: m.update })).toBeTruthy();
  });

  it('asks before deleting and shows why a delete is refused', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/area': listAnswer,
      'DELETE /api/area/6f1c2d3e-4b5a-4c6d-8e7f-000000000001': () =>
        jsonResponse({ status: false, code: 409, message: m.hasSeats(12), errors: [] }, 409),
    });
    await openAreas();
    await user.click(await screen.findByRole('button', { name: `${m.deleteArea} A Block` }));
    const dialog = await screen.findByRole('dialog', { name: m.confirmTitle });
    expect(within(dialog).getByText(m.confirmText)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: m.confirmDelete }));
    expect(await screen.findByText(m.hasSeats(12))).toBeTruthy();
  });

  it('shows the error screen when the list cannot load', async () => {
    serve({
      'GET /api/area': () => jsonResponse({ status: false, code: 500, message: 'Database down', errors: [] }, 500),
    });
    await openAreas();
    expect(await screen.findByText(messages.errorScreen.title)).toBeTruthy();
    expect(screen.getByRole('button', { name: messages.errorScreen.refresh })).toBeTruthy();
    expect(screen.getByText(messages.errorScreen.support)).toBeTruthy();
    expect(await screen.findByText('Database down')).toBeTruthy();
  });
});
