import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { formatDateDMY, messages, todayIn } from '@app/shared';
import { jsonResponse, serve, type Handler } from '@/test/fixtures';
import { failure, listAnswer, m, openSubscriptions, ROWS, SEAT_ID, STUDENT_ID } from './subscriptions.test-data';
import { LAZY_DIALOG_TIMEOUT } from '@/test/render';

const MOBILE = '9876543210';
const found = () =>
  jsonResponse({
    status: true,
    message: 'OK',
    data: { id: STUDENT_ID, first_name: 'Asha', last_name: 'Verma', mobile: MOBILE },
  });
const seatsAnswer = (availableSeats: number) =>
  jsonResponse({
    status: true,
    message: 'OK',
    data: {
      availableSeats,
      nonReservedSeats: availableSeats > 0 ? [{ id: SEAT_ID, name: 'A7', area_name: 'Hall A', capacity: 1 }] : [],
    },
  });

async function openAdd(user: UserEvent, handlers: Record<string, Handler> = {}) {
  const requests = serve({ 'GET /api/subscription': () => listAnswer(), ...handlers });
  await openSubscriptions();
  await user.click(screen.getByRole('button', { name: m.addSubscription }));
  const dialog = await screen.findByRole('dialog', { name: m.addTitle }, { timeout: LAZY_DIALOG_TIMEOUT });
  return { dialog, requests };
}

/** Types a time into the 12-hour picker, section by section: hours, minutes, AM/PM. */
async function typeTime(user: UserEvent, dialog: HTMLElement, label: string, keys: string) {
  const group = within(dialog).getByRole('group', { name: new RegExp(label) });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(keys);
}

describe('Add Subscription', { timeout: 30_000 }, () => {
  it('shows the spec messages for a form sent empty, and the reserved seat rule', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = await openAdd(user);
    // Joining Date defaults to today in the library's time zone.
    expect(within(dialog).getByDisplayValue(formatDateDMY(todayIn('Asia/Kolkata')))).toBeTruthy();
    expect(within(dialog).getByRole('radio', { name: m.fields.nonReserved })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('combobox', { name: new RegExp(m.fields.mode) }).textContent).toBe('Cash');

    await user.click(within(dialog).getByRole('button', { name: m.createSubmit }));
    for (const text of [m.mobileRequired, m.startTimeRequired, m.endTimeRequired, m.feeRequired, m.durationRequired]) {
      expect(await within(dialog).findByText(text)).toBeTruthy();
    }
    expect(within(dialog).queryByText(m.reservedSeatRequired)).toBeNull();

    await user.click(within(dialog).getByRole('radio', { name: m.fields.reserved }));
    await user.click(within(dialog).getByRole('button', { name: m.createSubmit }));
    expect(await within(dialog).findByText(m.reservedSeatRequired)).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('looks the student up at exactly ten digits and names them under the field', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = await openAdd(user, { [`GET /api/user/mobile/${MOBILE}`]: found });
    const field = within(dialog).getByLabelText(new RegExp(m.fields.mobile));
    await user.type(field, '98765a4321');
    expect((field as HTMLInputElement).value).toBe('987654321');
    expect(requests.some((request) => request.url.includes('/api/user/mobile'))).toBe(false);
    await user.type(field, '0');
    expect(await within(dialog).findByText('Asha Verma')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it('takes a pasted number with its country code, and clears an earlier error once the student is found', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = await openAdd(user, { [`GET /api/user/mobile/${MOBILE}`]: found });
    await user.click(within(dialog).getByRole('button', { name: m.createSubmit }));
    expect(await within(dialog).findByText(m.mobileRequired)).toBeTruthy();
    const field = within(dialog).getByLabelText(new RegExp(m.fields.mobile));
    await user.click(field);
    await user.paste('+91 98765 43210');
    expect((field as HTMLInputElement).value).toBe(MOBILE);
    expect(await within(dialog).findByText('Asha Verma')).toBeTruthy();
    expect(within(dialog).queryByText(messages.students.mobileNotFound)).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');
  });

  it("shows a failed lookup's server message on the mobile field", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = await openAdd(user, {
      [`GET /api/user/mobile/${MOBILE}`]: () => failure(404, messages.students.mobileNotFound),
      'GET /api/user/mobile/1234567890': () => failure(400, 'Enter a valid 10-digit mobile number'),
    });
    const field = within(dialog).getByLabelText(new RegExp(m.fields.mobile));
    await user.type(field, MOBILE);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = field.getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)!.textContent).toBe(messages.students.mobileNotFound);

    await user.clear(field);
    await user.type(field, '1234567890');
    await waitFor(() =>
      expect(document.getElementById(describedBy)!.textContent).toBe('Enter a valid 10-digit mobile number'),
    );
  });

  it('needs both times to check availability, and shows the count only when above zero', async () => {
    const user = userEvent.setup({ delay: null });
    let available = 3;
    const { dialog, requests } = await openAdd(user, {
      'GET /api/subscription/available': () => seatsAnswer(available),
    });
    const check = within(dialog).getByRole('button', { name: m.checkAvailability });
    await user.click(check);
    expect(await within(dialog).findByText(m.timesRequiredForAvailability)).toBeTruthy();
    await typeTime(user, dialog, m.fields.startTime, '0600A');
    await user.click(check);
    expect(within(dialog).getByText(m.timesRequiredForAvailability)).toBeTruthy();
    expect(requests.some((request) => request.url.includes('/available'))).toBe(false);

    await typeTime(user, dialog, m.fields.endTime, '0200P');
    await user.type(within(dialog).getByLabelText(new RegExp(m.fields.duration)), '3');
    await user.click(check);
    expect(await within(dialog).findByText(m.seatsAvailable(3))).toBeTruthy();
    const params = new URL(requests.find((request) => request.url.includes('/available'))!.url).searchParams;
    expect(params.get('start_time')).toBe('06:00');
    expect(params.get('end_time')).toBe('14:00');
    expect(params.get('duration')).toBe('3');
    expect(params.get('joining_date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    available = 0;
    await user.click(check);
    expect(await within(dialog).findByText(m.noSeatsAvailable)).toBeTruthy();
    expect(within(dialog).queryByText(/0 seats available/)).toBeNull();
  });

  it('toasts "An unexpected error occurred" when the availability check fails without a message', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = await openAdd(user, {
      'GET /api/subscription/available': () => jsonResponse({ status: false }, 500),
    });
    await typeTime(user, dialog, m.fields.startTime, '0600A');
    await typeTime(user, dialog, m.fields.endTime, '0200P');
    await user.click(within(dialog).getByRole('button', { name: m.checkAvailability }));
    expect(await screen.findByText(m.availabilityFailed)).toBeTruthy();
  });

  it('creates a reserved subscription with an Idempotency-Key kept for a retry of the same form', async () => {
    const user = userEvent.setup({ delay: null });
    const answers = [
      () =>
        failure(409, 'No place is free for 6:00 AM–2:00 PM on every day from 01/01/2026 to 31/01/2026', [
          { field: 'start_time', message: 'No place is free' },
        ]),
      () => jsonResponse({ status: true, message: m.created, data: ROWS[1] }, 201),
    ];
    const { dialog, requests } = await openAdd(user, {
      [`GET /api/user/mobile/${MOBILE}`]: found,
      'GET /api/subscription/available': () => seatsAnswer(2),
      'POST /api/subscription': () => answers.shift()!(),
    });
    await user.type(within(dialog).getByLabelText(new RegExp(m.fields.mobile)), MOBILE);
    await within(dialog).findByText('Asha Verma');
    await typeTime(user, dialog, m.fields.startTime, '0600A');
    await typeTime(user, dialog, m.fields.endTime, '0200P');
    await user.click(within(dialog).getByRole('radio', { name: m.fields.reserved }));
    await user.click(within(dialog).getByRole('button', { name: m.checkAvailability }));
    await within(dialog).findByText(m.seatsAvailable(2));
    await user.click(within(dialog).getByRole('combobox', { name: new RegExp(m.fields.reservedSeat) }));
    await user.click(screen.getByRole('option', { name: 'A7 (Hall A)' }));
    await user.type(within(dialog).getByLabelText(new RegExp(m.fields.fee)), '1500.50');
    await user.type(within(dialog).getByLabelText(new RegExp(m.fields.duration)), '1');
    await user.click(within(dialog).getByRole('combobox', { name: new RegExp(m.fields.mode) }));
    await user.click(screen.getByRole('option', { name: 'UPI' }));

    await user.click(within(dialog).getByRole('button', { name: m.createSubmit }));
    expect(await screen.findByText(/No place is free for 6:00 AM–2:00 PM/)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: m.addTitle })).toBeTruthy();
    // The conflict is told in the toast, not repeated under the start time.
    expect(within(dialog).queryByText('No place is free')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: m.createSubmit }));
    expect(await screen.findByText(m.added)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.addTitle })).toBeNull());

    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(await posts[0]!.json()).toEqual({
      student_id: STUDENT_ID,
      joining_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      start_time: '06:00',
      end_time: '14:00',
      duration: 1,
      is_reserved: true,
      seat_id: SEAT_ID,
      fee: 1500.5,
      mode: 'UPI',
    });
    const key = posts[0]!.headers.get('Idempotency-Key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]!.headers.get('Idempotency-Key')).toBe(key);
  });

  it('reads Creating... and is disabled while the save is under way', async () => {
    const user = userEvent.setup({ delay: null });
    let reply: (response: Response) => void = () => undefined;
    const { dialog } = await openAdd(user, {
      [`GET /api/user/mobile/${MOBILE}`]: found,
      'POST /api/subscription': () => new Promise<Response>((resolve) => (reply = resolve)),
    });
    await user.type(within(dialog).getByLabelText(new RegExp(m.fields.mobile)), MOBILE);
    await within(dialog).findByText('Asha Verma');
    await typeTime(user, dialog, m.fields.startTime, '1000P');
    await typeTime(user, dialog, m.fields.endTime, '0600A');
    await user.type(within(dialog).getByLabelText(new RegExp(m.fields.fee)), '900');
    await user.type(within(dialog).getByLabelText(new RegExp(m.fields.duration)), '1');
    await user.click(within(dialog).getByRole('button', { name: m.createSubmit }));
    const busy = await within(dialog).findByRole('button', { name: m.creating });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    reply(jsonResponse({ status: true, message: m.created, data: ROWS[0] }, 201));
    expect(await screen.findByText(m.added)).toBeTruthy();
  });
});
