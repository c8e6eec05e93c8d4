import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type LibrarySettingsRecord, teamScreenMessages, privacyMessages } from '@app/shared';
import { fakeSession, jsonResponse, serve } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';

const m = messages.settings;
const p = m.priceList;

const SAVED: LibrarySettingsRecord = {
  upi_id: 'gyandeep@okaxis',
  upi_payee_name: 'Gyan Deep Library',
  dues_expiring_days: 5,
  dues_grace_days: 7,
  reminder_template: m.defaultReminderTemplate,
  auto_push_reminders: false,
  receipt_prefix: 'GDL',
  gstin: null,
  gst_rate: 18,
  sac: '998451',
  price_list: [
    { duration: 1, is_reserved: false, window_hours: 6, price: 800 },
    { duration: 1, is_reserved: true, window_hours: null, price: 1500 },
  ],
  checkin_max_due: null,
  checkin_early_minutes: 15,
  desk_max_discount: 0,
  privacy_notice: null,
  privacy_notice_text: privacyMessages.defaultNotice(fakeSession.library.name, 90),
  retention_days: 90,
  keep_aadhaar_last4: false,
  updated_at: '2026-11-20T10:00:00.000Z',
};

const answer = (data: unknown) => jsonResponse({ status: true, message: 'OK', data });

const openSettings = () => openSignedIn('/app/settings', m.title);

const priceRow = (n: number) => screen.getByRole('group', { name: p.row(n) });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const cell = (n: number, label: string) => within(priceRow(n)).getByLabelText(label) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: m.save });

/** Types `text` over what the box holds, in one input event (a keystroke each revalidates the whole form). */
async function replace(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (!text) return;
  await user.click(input);
  await user.paste(text);
}

/** The message under an input (its helper text, named by aria-describedby). */
const messageUnder = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('Settings', { timeout: 30_000 }, () => {
  it('shows the saved settings, the price list as rows, and a live reminder preview', async () => {
    const user = userEvent.setup({ delay: null });
    serve({ 'GET /api/settings': () => answer(SAVED) });
    await openSettings();
    expect(await screen.findByDisplayValue('gyandeep@okaxis')).toBe(field(m.upiId));
    expect(field(m.payeeName).value).toBe('Gyan Deep Library');
    expect(field(m.expiringDays).value).toBe('5');
    expect(field(m.graceDays).value).toBe('7');
    expect(field(m.reminderTemplate).value).toBe(m.defaultReminderTemplate);
    expect((screen.getByRole('switch', { name: m.autoPush }) as HTMLInputElement).checked).toBe(false);

    expect(cell(1, p.duration).value).toBe('1');
    expect(cell(1, p.seat).value).toBe('any');
    expect(cell(1, p.windowHours).value).toBe('6');
    expect(cell(1, p.price).value).toBe('800');
    expect(cell(2, p.seat).value).toBe('reserved');
    expect(cell(2, p.windowHours).value).toBe('');

    // The sample student, the library, the first price and a UPI link for it.
    const preview = screen.getByTestId('reminder-preview');
    expect(preview.textContent).toContain(`Hello ${m.previewStudent}, this is ${fakeSession.library.name}.`);
    expect(preview.textContent).toContain('₹800.00 is due');
    expect(preview.textContent).toContain('upi://pay?pa=gyandeep@okaxis&pn=Gyan%20Deep%20Library&am=800.00&cu=INR');

    // Without a UPI ID the template's UPI line drops out, as it does on Dues.
    await user.clear(field(m.upiId));
    expect(preview.textContent).not.toContain('Pay by UPI');
    expect(preview.textContent).toContain('Thank you!');
    await replace(user, field(m.reminderTemplate), 'Dear {name}, pay {amount}');
    expect(preview.textContent).toBe(`Dear ${m.previewStudent}, pay ₹800.00`);
  });

  it('checks each field with the shared rules, price rows included, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    // Settings as no form would save them, to be checked before they go back.
    const requests = serve({
      'GET /api/settings': () =>
        answer({
          ...SAVED,
          dues_expiring_days: 61,
          reminder_template: `${m.defaultReminderTemplate} {student}`,
          price_list: [
            { duration: 0, is_reserved: false, window_hours: 6, price: 800 },
            { duration: 1, is_reserved: true, window_hours: 25, price: 1500 },
          ],
        }),
    });
    await openSettings();
    await screen.findByDisplayValue('gyandeep@okaxis');
    await replace(user, field(m.upiId), 'not a vpa');
    await replace(user, field(m.receiptPrefix), 'AB-1');
    await replace(user, cell(2, p.price), '12.345');
    await user.click(saveButton());

    await waitFor(() => expect(messageUnder(field(m.upiId))).toBe(m.upiIdInvalid));
    expect(field(m.upiId).getAttribute('aria-invalid')).toBe('true');
    expect(messageUnder(field(m.expiringDays))).toBe(m.expiringDaysInvalid);
    expect(messageUnder(field(m.reminderTemplate))).toBe(m.reminderTemplateUnknown('student'));
    expect(messageUnder(field(m.receiptPrefix))).toBe(m.receiptPrefixInvalid);
    expect(messageUnder(cell(1, p.duration))).toBe(p.durationInvalid);
    expect(cell(1, p.duration).getAttribute('aria-invalid')).toBe('true');
    expect(messageUnder(cell(2, p.windowHours))).toBe(p.windowHoursInvalid);
    expect(messageUnder(cell(2, p.price))).toBe(p.priceInvalid);
    expect(cell(1, p.price).getAttribute('aria-invalid')).toBe('false');
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('checks the rules across fields: a UPI ID needs its payee, a plan is listed once', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/settings': () =>
        answer({ ...SAVED, upi_payee_name: null, price_list: [...SAVED.price_list, SAVED.price_list[1]] }),
    });
    await openSettings();
    await screen.findByDisplayValue('gyandeep@okaxis');
    await user.click(saveButton());

    await waitFor(() => expect(messageUnder(field(m.payeeName))).toBe(m.payeeNameRequired));
    expect(messageUnder(cell(3, p.duration))).toBe(p.duplicate);
    expect(cell(2, p.duration).getAttribute('aria-invalid')).toBe('false');
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('saves: the body the API takes, Saving... while busy, then "Settings saved"', async () => {
    const user = userEvent.setup({ delay: null });
    let reply: (response: Response) => void = () => undefined;
    const requests = serve({
      'GET /api/settings': () => answer(SAVED),
      'PUT /api/settings': () => new Promise<Response>((resolve) => (reply = resolve)),
    });
    await openSettings();
    await screen.findByDisplayValue('gyandeep@okaxis');

    await replace(user, field(m.upiId), '  library@ybl ');
    await replace(user, field(m.graceDays), '0');
    // The help shows the numbering with the prefix as typed (upper-cased).
    await replace(user, field(m.receiptPrefix), ' ab1');
    expect(messageUnder(field(m.receiptPrefix))).toMatch(/AB1\/\d{4}-\d{2}\/0001/);
    await user.click(screen.getByRole('switch', { name: m.autoPush }));
    await user.click(within(priceRow(1)).getByRole('button', { name: `${p.remove}: ${p.row(1)}` }));
    await user.click(screen.getByRole('button', { name: p.add }));
    await replace(user, cell(2, p.duration), '3');
    await user.type(cell(2, p.windowHours), '12');
    await user.type(cell(2, p.price), '2100.50');
    await user.click(saveButton());

    const busy = await screen.findByRole('button', { name: m.saving });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(await put.json()).toEqual({
      upi_id: 'library@ybl',
      upi_payee_name: 'Gyan Deep Library',
      dues_expiring_days: 5,
      dues_grace_days: 0,
      reminder_template: m.defaultReminderTemplate,
      auto_push_reminders: true,
      receipt_prefix: 'AB1',
      gstin: null,
      gst_rate: 18,
      sac: '998451',
      price_list: [
        { duration: 1, is_reserved: true, window_hours: null, price: 1500 },
        { duration: 3, is_reserved: false, window_hours: 12, price: 2100.5 },
      ],
      checkin_max_due: null,
      checkin_early_minutes: 15,
      desk_max_discount: 0,
      privacy_notice: null,
      retention_days: 90,
      keep_aadhaar_last4: false,
    });
    expect(put.headers.get('authorization')).toBe('Bearer test-token-123');

    reply(answer({ ...SAVED, upi_id: 'library@ybl', updated_at: '2026-11-21T10:00:00.000Z' }));
    expect(await screen.findByText(m.saved)).toBeTruthy();
    expect(((await screen.findByRole('button', { name: m.save })) as HTMLButtonElement).disabled).toBe(false);
    expect(field(m.upiId).value).toBe('library@ybl');
  });

  it('sets what Check-in lets in: the largest balance (blank never refuses) and the minutes early', async () => {
    const user = userEvent.setup({ delay: null });
    const c = messages.desk.settings;
    const requests = serve({
      'GET /api/settings': () => answer({ ...SAVED, checkin_max_due: 500, checkin_early_minutes: 10 }),
      'PUT /api/settings': () => answer(SAVED),
    });
    await openSettings();
    const section = await screen.findByRole('region', { name: c.title });
    expect(within(section).getByText(c.description)).toBeTruthy();
    expect(((await within(section).findByDisplayValue('500')) as HTMLInputElement).id).toBe('checkin_max_due');
    expect(field(c.earlyMinutes).value).toBe('10');
    expect(messageUnder(field(c.maxDue))).toBe(c.maxDueHelp);

    await replace(user, field(c.earlyMinutes), '500');
    await user.click(saveButton());
    expect(await screen.findByText(messages.attendance.settings.earlyMinutesInvalid)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await replace(user, field(c.earlyMinutes), '30');
    await replace(user, field(c.maxDue), '');
    await user.click(saveButton());
    await screen.findByText(m.saved);
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(await put.json()).toMatchObject({ checkin_max_due: null, checkin_early_minutes: 30 });
  });

  it("sets the desk's discount limit (issue 16), in rupees, 0 for none", async () => {
    const user = userEvent.setup({ delay: null });
    const d = teamScreenMessages.settings;
    const requests = serve({
      'GET /api/settings': () => answer({ ...SAVED, desk_max_discount: 100 }),
      'PUT /api/settings': () => answer(SAVED),
    });
    await openSettings();
    const section = await screen.findByRole('region', { name: d.title });
    expect(within(section).getByText(d.description)).toBeTruthy();
    const limit = field(messages.team.deskMaxDiscount);
    expect(limit.value).toBe('100');
    expect(messageUnder(limit)).toBe(d.deskMaxDiscountHelp);

    await replace(user, limit, 'lots');
    await user.click(saveButton());
    expect(await screen.findByText(messages.team.deskMaxDiscountInvalid)).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PUT')).toEqual([]);

    await replace(user, limit, '250');
    await user.click(saveButton());
    await screen.findByText(m.saved);
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(await put.json()).toMatchObject({ desk_max_discount: 250 });
  });

  it("shows the server's reasons under the fields they name, a price row's included", async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/settings': () => answer(SAVED),
      'PUT /api/settings': () =>
        jsonResponse(
          {
            status: false,
            code: 400,
            message: 'Invalid input',
            errors: [
              { field: 'price_list.1.duration', message: p.duplicate },
              { field: 'upi_payee_name', message: m.payeeNameInvalid },
            ],
          },
          400,
        ),
    });
    await openSettings();
    await screen.findByDisplayValue('gyandeep@okaxis');
    await user.click(saveButton());

    await waitFor(() => expect(messageUnder(cell(2, p.duration))).toBe(p.duplicate));
    expect(cell(2, p.duration).getAttribute('aria-invalid')).toBe('true');
    expect(cell(1, p.duration).getAttribute('aria-invalid')).toBe('false');
    expect(messageUnder(field(m.payeeName))).toBe(m.payeeNameInvalid);
    expect(await screen.findByText('Invalid input')).toBeTruthy();
  });

  it('says "Failed to save settings" when the server gives no reason', async () => {
    const user = userEvent.setup({ delay: null });
    serve({
      'GET /api/settings': () => answer(SAVED),
      'PUT /api/settings': () => new Response('bad gateway', { status: 502 }),
    });
    await openSettings();
    await screen.findByDisplayValue('gyandeep@okaxis');
    await user.click(saveButton());
    expect(await screen.findByText(m.saveFailed)).toBeTruthy();
  });

  it('starts an empty price list with its hint', async () => {
    serve({ 'GET /api/settings': () => answer({ ...SAVED, upi_id: null, upi_payee_name: null, price_list: [] }) });
    await openSettings();
    expect(await screen.findByText(p.empty)).toBeTruthy();
    expect(field(m.upiId).value).toBe('');
    expect(screen.queryByRole('group', { name: p.row(1) })).toBeNull();
  });

  it('shows the error screen when the settings cannot load, and REFRESH PAGE asks again', async () => {
    const user = userEvent.setup({ delay: null });
    let fail = true;
    serve({ 'GET /api/settings': () => (fail ? new Response('down', { status: 503 }) : answer(SAVED)) });
    await openSettings();
    const title = await screen.findByText(messages.errorScreen.title);
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText(m.fetchFailed)).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.save })).toBeNull();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: messages.errorScreen.refresh }));
    expect(await screen.findByDisplayValue('gyandeep@okaxis')).toBeTruthy();
  });
});
