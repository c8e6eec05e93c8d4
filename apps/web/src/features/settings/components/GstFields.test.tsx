import { describe, expect, it } from 'vitest';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messages, type LibrarySettingsRecord } from '@app/shared';
import { jsonResponse, serve } from '@/test/fixtures';
import { openSignedIn } from '@/test/render';
import { gstinFeedback } from './GstFields';

configure({ asyncUtilTimeout: 5000 });

const m = messages.settings;
const VALID = '27AAPFU0939F1ZV';
const WRONG_CHECK = '27AAPFU0939F1ZA';

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
  privacy_notice_text: 'The default notice',
  retention_days: 90,
  keep_aadhaar_last4: false,
  updated_at: null,
};

const answer = (data: unknown) => jsonResponse({ status: true, message: 'OK', data });
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const messageUnder = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

describe('GSTIN feedback while typing', () => {
  it('says nothing while empty or being typed, the problem once 15 characters or left, else the state', () => {
    expect(gstinFeedback('', true)).toEqual({});
    expect(gstinFeedback('27AAPFU', false)).toEqual({});
    expect(gstinFeedback('27AAPFU', true)).toEqual({ problem: m.gstinProblem.format });
    expect(gstinFeedback(WRONG_CHECK, false)).toEqual({ problem: m.gstinProblem.check });
    expect(gstinFeedback('99AAPFU0939F1ZV', false)).toEqual({ problem: m.gstinProblem.state });
    expect(gstinFeedback(' 27aapfu0939f1zv ', false)).toEqual({ state: 'Maharashtra' });
  });
});

describe('Settings: GST', { timeout: 30_000 }, () => {
  it('checks the GSTIN as it is typed, refuses to save a wrong one, and saves a valid one with the rate and SAC', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/settings': () => answer(SAVED),
      'PUT /api/settings': async (request) => answer({ ...SAVED, ...((await request.json()) as object) }),
    });
    await openSignedIn('/app/settings', m.title);
    const gstin = await screen.findByLabelText(m.gstin);
    expect(messageUnder(gstin)).toBe(m.gstinHelp);

    await user.click(gstin);
    await user.paste(WRONG_CHECK);
    expect(messageUnder(gstin)).toBe(m.gstinProblem.check);
    expect(gstin.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: m.save }));
    // Refused before sending: nothing is put.
    await screen.findByRole('button', { name: m.save });
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
    expect(messageUnder(gstin)).toBe(m.gstinProblem.check);

    await user.clear(gstin);
    await user.paste(VALID.toLowerCase());
    expect(messageUnder(gstin)).toBe(m.gstinState('Maharashtra'));
    await user.clear(field(m.gstRate));
    await user.paste('12');
    await user.clear(field(m.sac));
    await user.paste('12');
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.sacInvalid)).toBeTruthy();
    await user.clear(field(m.sac));
    await user.paste('999293');
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.saved)).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(await put.json()).toMatchObject({ gstin: VALID, gst_rate: 12, sac: '999293' });
  });

  it('clears the GSTIN when it is emptied (null: receipts are plain again)', async () => {
    const user = userEvent.setup({ delay: null });
    const requests = serve({
      'GET /api/settings': () => answer({ ...SAVED, gstin: VALID }),
      'PUT /api/settings': async (request) => answer({ ...SAVED, ...((await request.json()) as object) }),
    });
    await openSignedIn('/app/settings', m.title);
    const gstin = await screen.findByDisplayValue(VALID);
    expect(messageUnder(gstin)).toBe(m.gstinState('Maharashtra'));
    await user.clear(gstin);
    await user.click(screen.getByRole('button', { name: m.save }));
    expect(await screen.findByText(m.saved)).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(await put.json()).toMatchObject({ gstin: null, gst_rate: 18, sac: '998451' });
  });
});
