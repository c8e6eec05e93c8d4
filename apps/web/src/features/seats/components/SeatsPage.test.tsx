import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type Area, type Seat } from '@app/shared';
import { jsonResponse, serve } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';

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
    const form = await screen.findByRole('dialog', { name: m.updateTitle });
    expect(form.textContent).toContain('Update Area');
    expect((within(form).getByLabelText(/^Capacity/) as HTMLInputElement).value).toBe('2');
    expect(within(form).getByRole('button', { name: m.update })).toBeTruthy();
  });

  it('requires a seat name and an area when adding', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve(standard);
    await openSeats();
    await screen.findByRole('button', { name: /^A1,/ });
    await user.click(screen.getByRole('button', { name: m.addSeat }));
    const form = await screen.findByRole('dialog', { name: m.addTitle });
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
