import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type Area, type Seat } from '@app/shared';
import { fakeSession, jsonResponse, serve } from '@/test/fixtures';
import { openSignedIn, LAZY_DIALOG_TIMEOUT } from '@/test/render';

const m = messages.seats;
const AREA_ID = '6f1c2d3e-4b5a-4c6d-8e7f-0000000000a1';

const AREA: Area = {
  id: AREA_ID,
  name: 'A Block',
  location: null,
  total_seats: 5,
  status: 'active',
  seatCount: 3,
  availableSeats: 2,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};

const seat = (index: number, overrides: Partial<Seat> = {}): Seat => ({
  id: `6f1c2d3e-4b5a-4c6d-8e7f-00000000000${index}`,
  name: `A${index}`,
  area_id: AREA_ID,
  area_name: 'A Block',
  status: 'active',
  capacity: 1,
  state: 'available',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const SEATS = [seat(1), seat(2, { capacity: 2 }), seat(3, { status: 'inactive', state: 'inactive' })];

const ok = (data: unknown) => jsonResponse({ status: true, message: 'ok', data });
const standard = {
  'GET /api/area/all': () => ok({ areas: [AREA] }),
  'GET /api/seat': () => ok(SEATS),
  [`GET /api/seat/${AREA_ID}`]: () => ok(SEATS),
};

const openSeats = (path = '/app/seats') => openSignedIn(path, m.heading);

describe('Seats Management', { timeout: 30_000 }, () => {
  it('shows a card per seat coloured by state, with a capacity badge above one person', async () => {
    serve(standard);
    await openSeats();
    const shared = await screen.findByRole('button', { name: `A2, Available, ${m.capacityBadge(2)}` });
    expect(within(shared).getByText('2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'A1, Available' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'A3, Inactive' })).toBeTruthy();
  });

  it('marks the seats whose students are inside now, from its own call', async () => {
    const visit = {
      id: '9a000000-0000-4000-8000-000000000001',
      day: '2026-03-10',
      checked_in_at: '2026-03-10T00:35:00.000Z',
      checked_out_at: null,
      method: 'pass',
      student_id: '5a1b2c3d-4e5f-4a6b-8c7d-000000000007',
      first_name: 'Meera',
      last_name: 'Joshi',
      mobile: '9876543210',
      start_time: '06:00:00',
      end_time: '14:00:00',
      seat_id: seat(1).id,
      seat_name: 'A1',
      area_name: 'A Block',
    };
    serve({
      ...standard,
      'GET /api/attendance/inside': () =>
        ok({ count: 2, visits: [visit, { ...visit, id: 'x', seat_id: null, seat_name: null, first_name: 'Arjun' }] }),
    });
    await openSeats();
    expect(
      await screen.findByRole('button', {
        name: `A1, Available, ${messages.desk.insideNow.seatInside('Meera Joshi')}`,
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: `A2, Available, ${m.capacityBadge(2)}` })).toBeTruthy();
    expect(screen.getByText(messages.desk.insideNow.seatsCount(2))).toBeTruthy();
  });

  it('shows the seats without the marks when who is inside cannot be fetched', async () => {
    serve({
      ...standard,
      'GET /api/attendance/inside': () =>
        jsonResponse({ status: false, code: 500, message: 'Internal Server Error', errors: [] }, 500),
    });
    await openSeats();
    expect(await screen.findByRole('button', { name: 'A1, Available' })).toBeTruthy();
    expect(screen.queryByText(messages.desk.insideNow.seatsCount(0))).toBeNull();
  });

  it('opens the detail dialog, then the edit dialog with the spec heading', async () => {
    const user = userEvent.setup({ delay: null });
    serve(standard);
    await openSeats();
    await user.click(await screen.findByRole('button', { name: /^A2,/ }));
    const detail = await screen.findByRole('dialog', { name: 'A2' });
    expect(within(detail).getByText(m.detail.name)).toBeTruthy();
    expect(within(detail).getByText(`2 ${m.detail.persons}`)).toBeTruthy();
    expect(within(detail).getByText('A Block')).toBeTruthy();
    await user.click(within(detail).getByRole('button', { name: m.edit }));
    const form = await screen.findByRole('dialog', { name: m.updateTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    expect(form.textContent).toContain('Update Area');
    expect((within(form).getByLabelText(/^Capacity/) as HTMLInputElement).value).toBe('2');
    expect(within(form).getByRole('button', { name: m.update })).toBeTruthy();
  });

  it('shows the desk a seat without Edit or Delete, and no Add Seat (issue 16)', async () => {
    const user = userEvent.setup({ delay: null });
    serve(standard);
    await openSignedIn('/app/seats', m.heading, { ...fakeSession, role: 'desk' });
    await user.click(await screen.findByRole('button', { name: /^A2,/ }));
    const detail = await screen.findByRole('dialog', { name: 'A2' });
    expect(within(detail).getByText('A Block')).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: m.edit })).toBeNull();
    expect(within(detail).queryByRole('button', { name: m.delete })).toBeNull();
    expect(screen.queryByRole('button', { name: m.addSeat, hidden: true })).toBeNull();
  });

  it('requires a seat name and an area when adding', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve(standard);
    await openSeats();
    await screen.findByRole('button', { name: /^A1,/ });
    await user.click(screen.getByRole('button', { name: m.addSeat }));
    const form = await screen.findByRole('dialog', { name: m.addTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
    await user.click(within(form).getByRole('button', { name: m.create }));
    expect(await within(form).findByText(m.nameRequired)).toBeTruthy();
    // "Select Area" is both the field's label and its message (SPEC.md §5).
    const helpers = [...form.querySelectorAll('.MuiFormHelperText-root')].map((node) => node.textContent);
    expect(helpers).toContain(m.areaRequired);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('confirms how many seats Generate seats will create, and their names', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ ...standard, [`POST /api/area/${AREA_ID}/generate-seats`]: () => ok({ created: 2, seats: [] }) });
    await openSeats(`/app/seats?area=${AREA_ID}`);
    await screen.findByRole('button', { name: /^A1,/ });
    await user.click(screen.getByRole('button', { name: messages.areas.generateSeats }));
    const dialog = await screen.findByRole('dialog', { name: messages.areas.generateTitle });
    expect(within(dialog).getByText(messages.areas.generateText(2, 'A Block', 'A4', 'A5'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: messages.areas.generateConfirm }));
    expect(await screen.findByText(messages.areas.generated(2))).toBeTruthy();
  });

  it('says Failed to fetch areas when the dropdown cannot load, and shows the error screen for seats', async () => {
    serve({
      'GET /api/area/all': () => jsonResponse({ status: false, code: 500, message: 'down', errors: [] }, 500),
      'GET /api/seat': () => jsonResponse({ status: false, code: 500, message: 'down', errors: [] }, 500),
    });
    await openSeats();
    expect(await screen.findByText(m.areasFetchFailed)).toBeTruthy();
    await waitFor(() => expect(screen.getByText(messages.errorScreen.title)).toBeTruthy());
  });
});
