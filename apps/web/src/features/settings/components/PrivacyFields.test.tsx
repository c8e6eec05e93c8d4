import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type LibrarySettingsRecord, privacyMessages } from '@app/shared';
import { fakeSession, jsonResponse, serve } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';

const m = messages.settings;
const s = privacyMessages.settings;
const LIBRARY = fakeSession.library.name;

const SAVED: LibrarySettingsRecord = {
  upi_id: null,
  upi_payee_name: null,
  dues_expiring_days: 5,
  dues_grace_days: 7,
  reminder_template: m.defaultReminderTemplate,
  auto_push_reminders: false,
  receipt_prefix: 'GDL',
  gstin: null,
  gst_rate: 18,
  sac: '998451',
  price_list: [],
  checkin_max_due: null,
  checkin_early_minutes: 15,
  desk_max_discount: 0,
  privacy_notice: null,
  privacy_notice_text: privacyMessages.defaultNotice(LIBRARY, 90),
  retention_days: 90,
  keep_aadhaar_last4: false,
  updated_at: null,
};

const answer = (data: unknown) => jsonResponse({ status: true, message: 'OK', data });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const messageUnder = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';
const puts = (requests: Request[]) => requests.filter((request) => request.method === 'PUT');

async function replace(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (!text) return;
  await user.click(input);
  await user.paste(text);
}

describe('Settings: Privacy (issue 19)', { timeout: 30_000 }, () => {
  it('shows the default notice while the box is empty, with the retention typed, and saves the three fields', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({ 'GET /api/settings': () => answer(SAVED), 'PUT /api/settings': () => answer(SAVED) });
    await openSignedIn('/app/settings', m.title);
    expect(await screen.findByRole('heading', { name: s.heading })).toBeTruthy();
    const notice = await waitFor(() => field(s.notice));
    expect(notice.value).toBe('');
    expect(notice.getAttribute('placeholder')).toBe(privacyMessages.defaultNotice(LIBRARY, 90));
    expect(field(s.retentionDays).value).toBe('90');
    expect((screen.getByRole('switch', { name: s.keepLast4 }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('button', { name: s.restoreDefault }) as HTMLButtonElement).disabled).toBe(true);

    await replace(user, field(s.retentionDays), '30');
    expect(field(s.notice).getAttribute('placeholder')).toBe(privacyMessages.defaultNotice(LIBRARY, 30));
    await replace(user, field(s.notice), '  Our own notice.  ');
    await user.click(screen.getByRole('switch', { name: s.keepLast4 }));
    await user.click(screen.getByRole('button', { name: m.save }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(await puts(requests)[0]!.json()).toMatchObject({
      privacy_notice: 'Our own notice.',
      retention_days: 30,
      keep_aadhaar_last4: true,
    });
    expect(await screen.findByText(m.saved)).toBeTruthy();
  });

  it('goes back to the default notice with "Use the default notice" (sent as null)', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/settings': () =>
        answer({ ...SAVED, privacy_notice: 'Our own notice.', privacy_notice_text: 'Our own notice.' }),
      'PUT /api/settings': () => answer(SAVED),
    });
    await openSignedIn('/app/settings', m.title);
    expect(await screen.findByDisplayValue('Our own notice.')).toBe(field(s.notice));
    await user.click(screen.getByRole('button', { name: s.restoreDefault }));
    expect(field(s.notice).value).toBe('');
    await user.click(screen.getByRole('button', { name: m.save }));
    await waitFor(() => expect(puts(requests)).toHaveLength(1));
    expect(await puts(requests)[0]!.json()).toMatchObject({ privacy_notice: null, retention_days: 90 });
  });

  it("checks the retention and the notice's length with the shared rules, and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({ 'GET /api/settings': () => answer(SAVED) });
    await openSignedIn('/app/settings', m.title);
    await waitFor(() => field(s.notice));
    await replace(user, field(s.retentionDays), '3651');
    await replace(user, field(s.notice), 'x'.repeat(4001));
    await user.click(screen.getByRole('button', { name: m.save }));
    await waitFor(() => expect(messageUnder(field(s.retentionDays))).toBe(s.retentionInvalid));
    expect(messageUnder(field(s.notice))).toBe(s.noticeTooLong);
    await replace(user, field(s.retentionDays), '1.5');
    await user.click(screen.getByRole('button', { name: m.save }));
    await waitFor(() => expect(messageUnder(field(s.retentionDays))).toBe(s.retentionInvalid));
    expect(puts(requests)).toHaveLength(0);
  });
});
