import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { registerLibrary, useTestApp } from '../../test/helpers';

const m = messages.attendance.settings;
const t = useTestApp();

const base = {
  upi_id: null,
  upi_payee_name: null,
  dues_expiring_days: 5,
  dues_grace_days: 7,
  reminder_template: 'Hello {name}, {amount} is due by {expiry}.',
  auto_push_reminders: false,
  price_list: [],
};

const put = (auth: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth, payload });

async function read(auth: Record<string, string>) {
  const response = await t.app.inject({ url: '/api/settings', headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { checkin_max_due: number | null; checkin_early_minutes: number };
}

describe('check-in settings (issue 15)', () => {
  it('are saved, kept when absent from a later body, and cleared by null or blank', async () => {
    const { auth } = await registerLibrary(t.app);
    expect(await read(auth)).toMatchObject({ checkin_max_due: null, checkin_early_minutes: 15 });

    const saved = await put(auth, { ...base, checkin_max_due: '500.50', checkin_early_minutes: '30' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ checkin_max_due: 500.5, checkin_early_minutes: 30 });

    // A client from before issue 15 sends neither: both stay.
    expect((await put(auth, base)).statusCode).toBe(200);
    expect(await read(auth)).toMatchObject({ checkin_max_due: 500.5, checkin_early_minutes: 30 });

    expect((await put(auth, { ...base, checkin_max_due: 0, checkin_early_minutes: 0 })).statusCode).toBe(200);
    expect(await read(auth)).toMatchObject({ checkin_max_due: 0, checkin_early_minutes: 0 });

    expect((await put(auth, { ...base, checkin_max_due: '' })).statusCode).toBe(200);
    expect(await read(auth)).toMatchObject({ checkin_max_due: null, checkin_early_minutes: 0 });
  });

  it('refuses a negative or malformed balance and minutes outside 0–120, saving nothing', async () => {
    const { auth } = await registerLibrary(t.app);
    for (const [field, value, message] of [
      ['checkin_max_due', -1, m.maxDueInvalid],
      ['checkin_max_due', '12.345', m.maxDueInvalid],
      ['checkin_max_due', 'lots', m.maxDueInvalid],
      ['checkin_early_minutes', 121, m.earlyMinutesInvalid],
      ['checkin_early_minutes', -5, m.earlyMinutesInvalid],
      ['checkin_early_minutes', 2.5, m.earlyMinutesInvalid],
    ] as const) {
      const response = await put(auth, { ...base, [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      expect(response.json()).toMatchObject({ status: false });
      expect(response.json().errors).toContainEqual(expect.objectContaining({ field, message }));
    }
    expect(await read(auth)).toMatchObject({ checkin_max_due: null, checkin_early_minutes: 15 });
  });
});
