import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { formatRupees, messages, type LibrarySettingsRecord, teamScreenMessages } from '@app/shared';
import { fakeSession, jsonResponse, serve, type Handler } from '@/test/fixtures';
import { listAnswer, m, openSubscriptions, ROWS, STUDENT_ID } from './subscriptions.test-data';
import { LAZY_DIALOG_TIMEOUT } from '@/test/render';

const p = messages.payments;
const MOBILE = '9876543210';

const settings =
  (priceList: LibrarySettingsRecord['price_list'], deskMaxDiscount = 0) =>
  () =>
    jsonResponse({
      status: true,
      message: 'OK',
      data: {
        upi_id: null,
        upi_payee_name: null,
        dues_expiring_days: 5,
        dues_grace_days: 7,
        reminder_template: messages.settings.defaultReminderTemplate,
        auto_push_reminders: false,
        receipt_prefix: 'GDL',
        gstin: null,
        gst_rate: 18,
        sac: '998451',
        price_list: priceList,
        checkin_max_due: null,
        checkin_early_minutes: 15,
        desk_max_discount: deskMaxDiscount,
        privacy_notice: null,
        privacy_notice_text: 'The default notice',
        retention_days: 90,
        keep_aadhaar_last4: false,
        updated_at: null,
      } satisfies LibrarySettingsRecord,
    });

const found = () =>
  jsonResponse({
    status: true,
    message: 'OK',
    data: { id: STUDENT_ID, first_name: 'Asha', last_name: 'Verma', mobile: MOBILE },
  });

async function openDialog(
  user: UserEvent,
  button: string,
  title: string,
  handlers: Record<string, Handler>,
  session = fakeSession,
) {
  const requests = serve({ 'GET /api/subscription': () => listAnswer(), ...handlers });
  await openSubscriptions(session);
  await user.click(await screen.findByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: title }, { timeout: LAZY_DIALOG_TIMEOUT });
  return { dialog, requests };
}

async function typeTime(user: UserEvent, dialog: HTMLElement, label: string, keys: string) {
  const group = within(dialog).getByRole('group', { name: new RegExp(label) });
  await user.click(within(group).getAllByRole('spinbutton')[0]!);
  await user.keyboard(keys);
}

const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByRole('spinbutton', { name: new RegExp(`^${label}`) }) as HTMLInputElement;
const helpOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!)!.textContent;

async function retype(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
}

describe('Price from the price list (issue 13)', { timeout: 30_000 }, () => {
  it('fills in the price by months, seat kind and daily hours until it is typed, the fee after it, and sends both', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = await openDialog(user, m.addSubscription, m.addTitle, {
      'GET /api/settings': settings([
        { duration: 1, is_reserved: false, window_hours: null, price: 1500 },
        { duration: 1, is_reserved: false, window_hours: 6, price: 1000 },
        { duration: 1, is_reserved: true, window_hours: null, price: 2000 },
        { duration: 3, is_reserved: false, window_hours: null, price: 4000 },
      ]),
      [`GET /api/user/mobile/${MOBILE}`]: found,
      'POST /api/subscription': () => jsonResponse({ status: true, message: m.created, data: ROWS[0] }, 201),
    });
    const price = field(dialog, p.price);
    const fee = field(dialog, m.fields.fee);
    const duration = field(dialog, m.fields.duration);
    expect(helpOf(price)).toBe(p.priceHelp);

    await user.type(within(dialog).getByLabelText(new RegExp(m.fields.mobile)), MOBILE);
    await within(dialog).findByText('Asha Verma');
    await typeTime(user, dialog, m.fields.startTime, '0600A');
    await typeTime(user, dialog, m.fields.endTime, '1200P');
    await user.type(duration, '1');
    // Six hours a day fit the 6-hour tier.
    await waitFor(() => expect(price.value).toBe('1000'));
    expect(helpOf(price)).toBe(p.priceFromList(1000));
    expect(fee.value).toBe('1000');

    await typeTime(user, dialog, m.fields.endTime, '0200P');
    await waitFor(() => expect(price.value).toBe('1500'));
    await user.click(within(dialog).getByRole('radio', { name: m.fields.reserved }));
    await waitFor(() => expect(price.value).toBe('2000'));
    await user.click(within(dialog).getByRole('radio', { name: m.fields.nonReserved }));
    await waitFor(() => expect(price.value).toBe('1500'));
    await retype(user, duration, '3');
    await waitFor(() => expect(price.value).toBe('4000'));
    expect(fee.value).toBe('4000');

    // A typed price stays, whatever the plan; below the list it is a discount.
    await retype(user, price, '3600');
    expect(helpOf(price)).toBe(`${p.priceFromList(4000)} · ${p.discount(400)}`);
    expect(fee.value).toBe('3600');
    await retype(user, duration, '1');
    await waitFor(() => expect(helpOf(price)).toBe(p.priceFromList(1500)));
    expect(price.value).toBe('3600');
    await retype(user, duration, '3');

    // Half paid now, by UPI with its UTR.
    await retype(user, fee, '1800');
    expect(within(dialog).queryByRole('textbox', { name: new RegExp(p.reference) })).toBeNull();
    await user.click(within(dialog).getByRole('combobox', { name: new RegExp(m.fields.mode) }));
    await user.click(screen.getByRole('option', { name: 'UPI' }));
    const reference = within(dialog).getByRole('textbox', { name: new RegExp(p.reference) });
    expect(helpOf(reference)).toBe(p.referenceHelp.UPI);
    await user.type(reference, '123456789012');
    // The price follows the fee no more once the fee is typed.
    await retype(user, price, '3700');
    expect(fee.value).toBe('1800');

    await user.click(within(dialog).getByRole('button', { name: m.createSubmit }));
    expect(await screen.findByText(m.added)).toBeTruthy();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(await post.json()).toEqual({
      student_id: STUDENT_ID,
      joining_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      start_time: '06:00',
      end_time: '14:00',
      duration: 3,
      is_reserved: false,
      fee: 1800,
      mode: 'UPI',
      price: 3700,
      reference: '123456789012',
    });
  });

  it('tells the desk how far below the price list they may go, and marks a price beyond it (issue 16)', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog } = await openDialog(
      user,
      m.addSubscription,
      m.addTitle,
      {
        'GET /api/settings': settings([{ duration: 1, is_reserved: false, window_hours: null, price: 1500 }], 100),
        [`GET /api/user/mobile/${MOBILE}`]: found,
      },
      { ...fakeSession, role: 'desk' },
    );
    const price = field(dialog, p.price);
    await user.type(within(dialog).getByLabelText(new RegExp(m.fields.mobile)), MOBILE);
    await within(dialog).findByText('Asha Verma');
    await typeTime(user, dialog, m.fields.startTime, '0800A');
    await typeTime(user, dialog, m.fields.endTime, '0200P');
    await user.type(field(dialog, m.fields.duration), '1');
    await waitFor(() => expect(price.value).toBe('1500'));
    const limit = teamScreenMessages.hidden.discountLimit(formatRupees(100));
    expect(helpOf(price)).toBe(`${p.priceFromList(1500)}. ${limit}`);
    expect(price.getAttribute('aria-invalid')).toBe('false');
    await retype(user, price, '1450');
    expect(helpOf(price)).toBe(`${p.priceFromList(1500)} · ${p.discount(50)}. ${limit}`);
    expect(price.getAttribute('aria-invalid')).toBe('false');
    await retype(user, price, '1300');
    expect(price.getAttribute('aria-invalid')).toBe('true');
  });

  it('refuses a fee above the price, and fills nothing in without a price list', async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = await openDialog(user, m.addSubscription, m.addTitle, {
      'GET /api/settings': () => jsonResponse({ status: false, code: 500, message: 'down', errors: [] }, 500),
    });
    await user.type(field(dialog, m.fields.duration), '1');
    expect(field(dialog, p.price).value).toBe('');
    expect(helpOf(field(dialog, p.price))).toBe(p.priceHelp);
    await user.type(field(dialog, p.price), '1000');
    await retype(user, field(dialog, m.fields.fee), '1200');
    await user.click(within(dialog).getByRole('button', { name: m.createSubmit }));
    await waitFor(() => expect(helpOf(field(dialog, m.fields.fee))).toBe(p.feeAbovePrice(1000)));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it("renews at the list's price for the plan's own window and seat kind", async () => {
    const user = userEvent.setup({ delay: null });
    const { dialog, requests } = await openDialog(user, `${m.renew}: Asha Verma`, m.renewTitle, {
      // Asha's plan is 6:00 AM–2:00 PM on any free seat: eight hours.
      'GET /api/settings': settings([
        { duration: 2, is_reserved: false, window_hours: 6, price: 2000 },
        { duration: 2, is_reserved: false, window_hours: 8, price: 2800 },
        { duration: 2, is_reserved: false, window_hours: null, price: 3000 },
        { duration: 2, is_reserved: true, window_hours: 8, price: 3500 },
      ]),
      [`PUT /api/subscription/renew/${ROWS[0]!.id}`]: () =>
        jsonResponse({ status: true, message: m.renewedServer, data: ROWS[0] }),
    });
    const duration = field(dialog, m.fields.duration);
    expect(document.activeElement).toBe(duration);
    await user.type(duration, '2');
    await waitFor(() => expect(field(dialog, p.price).value).toBe('2800'));
    expect(field(dialog, m.fields.fee).value).toBe('2800');
    await user.click(within(dialog).getByRole('button', { name: m.renewSubmit }));
    expect(await screen.findByText(m.renewed)).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(await put.json()).toEqual({ duration: 2, fee: 2800, mode: 'Cash', price: 2800 });
  });

  it('shows a reference already recorded under the reference field, as well as in the toast', async () => {
    const user = userEvent.setup({ delay: null });
    const reused = p.referenceUsed('123456789012', 'Vikram', 900, '04/01/2026');
    const { dialog } = await openDialog(user, `${m.renew}: Asha Verma`, m.renewTitle, {
      [`PUT /api/subscription/renew/${ROWS[0]!.id}`]: () =>
        jsonResponse(
          { status: false, code: 409, message: reused, errors: [{ field: 'reference', message: reused }] },
          409,
        ),
    });
    await user.type(field(dialog, m.fields.duration), '1');
    await user.type(field(dialog, m.fields.fee), '1500');
    await user.click(within(dialog).getByRole('combobox', { name: new RegExp(m.fields.mode) }));
    await user.click(screen.getByRole('option', { name: 'UPI' }));
    const reference = within(dialog).getByRole('textbox', { name: new RegExp(p.reference) });
    await user.type(reference, '123456789012');
    await user.click(within(dialog).getByRole('button', { name: m.renewSubmit }));
    await waitFor(() => expect(helpOf(reference)).toBe(reused));
    expect(screen.getAllByText(reused)).toHaveLength(2);
  });
});
