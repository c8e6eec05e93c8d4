import { describe, expect, it } from 'vitest';
import { librarySettingsRecordSchema, messages, privacyMessages } from '@app/shared';
import { AppError } from '../../errors';
import { registerLibrary, useTestApp } from '../../test/helpers';
import * as service from './settings.service';

const m = messages.settings;
const t = useTestApp();

const valid = {
  upi_id: 'gyandeep@okaxis',
  upi_payee_name: 'Gyan Deep Library',
  dues_expiring_days: 4,
  dues_grace_days: 0,
  reminder_template: 'Hello {name}, {amount} is due by {expiry}. {upi_link}',
  auto_push_reminders: true,
  price_list: [
    { duration: 3, is_reserved: false, window_hours: null, price: 3300 },
    { duration: 1, is_reserved: true, window_hours: null, price: '1500.50' },
    { duration: 1, is_reserved: false, window_hours: 6, price: 900 },
    { duration: 1, is_reserved: false, window_hours: '', price: 1200 },
  ],
};

const put = (auth: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/settings', headers: auth, payload: payload as object });

async function read(auth: Record<string, string>) {
  const response = await t.app.inject({ url: '/api/settings', headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return librarySettingsRecordSchema.parse(response.json().data);
}

async function stored(libraryId: string) {
  const settings = await t.pool.query('select * from library_settings where library_id = $1', [libraryId]);
  const prices = await t.pool.query(
    'select duration_months, is_reserved, window_hours, price from price_list where library_id = $1 order by 1, 2, 3',
    [libraryId],
  );
  return { settings: settings.rows, prices: prices.rows };
}

describe('GET /api/settings', () => {
  it('answers the defaults until the settings are saved', async () => {
    const { auth } = await registerLibrary(t.app);
    expect(await read(auth)).toEqual({
      upi_id: null,
      upi_payee_name: null,
      dues_expiring_days: 5,
      dues_grace_days: 7,
      reminder_template: m.defaultReminderTemplate,
      auto_push_reminders: false,
      receipt_prefix: 'GSP', // the initials of 'Gyan Study Point'
      gstin: null,
      gst_rate: 18,
      sac: '998451',
      price_list: [],
      checkin_max_due: null,
      checkin_early_minutes: 15,
      desk_max_discount: 0,
      // Issue 19: the default notice names the library and the default 90 days.
      privacy_notice: null,
      privacy_notice_text: privacyMessages.defaultNotice('Gyan Study Point', 90),
      retention_days: 90,
      keep_aadhaar_last4: false,
      updated_at: null,
    });
  });
});

describe('PUT /api/settings', () => {
  it('saves the settings and the price list, and answers them as GET does', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const response = await put(auth, valid);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: true, message: m.saved });
    const saved = await read(auth);
    expect(response.json().data).toEqual(saved);
    expect(saved).toMatchObject({
      upi_id: 'gyandeep@okaxis',
      upi_payee_name: 'Gyan Deep Library',
      dues_expiring_days: 4,
      dues_grace_days: 0,
      reminder_template: valid.reminder_template,
      auto_push_reminders: true,
      price_list: [
        { duration: 1, is_reserved: false, window_hours: 6, price: 900 },
        { duration: 1, is_reserved: false, window_hours: null, price: 1200 },
        { duration: 1, is_reserved: true, window_hours: null, price: 1500.5 },
        { duration: 3, is_reserved: false, window_hours: null, price: 3300 },
      ],
    });
    expect(saved.updated_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const audit = await t.pool.query(
      `select admin_id, entity_type, detail from audit_log where library_id = $1 and action = 'settings.update'`,
      [session.library.id],
    );
    expect(audit.rows).toEqual([
      { admin_id: session.id, entity_type: 'settings', detail: '4 prices, UPI set, GST not set' },
    ]);
  });

  it('replaces the price list and stores the default template as null', async () => {
    const { auth, session } = await registerLibrary(t.app);
    expect((await put(auth, valid)).statusCode).toBe(200);
    const second = {
      ...valid,
      upi_id: '',
      upi_payee_name: '',
      reminder_template: m.defaultReminderTemplate,
      price_list: [{ duration: 6, is_reserved: true, window_hours: 12, price: 0 }],
    };
    expect((await put(auth, second)).statusCode).toBe(200);
    const { settings, prices } = await stored(session.library.id);
    expect(settings).toMatchObject([{ upi_id: null, upi_payee_name: null, reminder_template: null }]);
    expect(prices).toEqual([{ duration_months: 6, is_reserved: true, window_hours: 12, price: '0.00' }]);
    expect((await read(auth)).reminder_template).toBe(m.defaultReminderTemplate);
    expect((await put(auth, { ...second, price_list: [] })).statusCode).toBe(200);
    expect((await stored(session.library.id)).prices).toEqual([]);
  });

  it('refuses bad settings with the field message and changes nothing', async () => {
    const { auth, session } = await registerLibrary(t.app);
    expect((await put(auth, valid)).statusCode).toBe(200);
    const before = await stored(session.library.id);
    const duplicate = [...valid.price_list, { duration: 3, is_reserved: false, window_hours: '', price: 1 }];
    const cases: Array<[Record<string, unknown>, string, string, string]> = [
      [{ upi_id: 'gyandeep' }, 'upi_id', m.upiIdInvalid, 'settings.upiIdInvalid'],
      [{ upi_id: 'gyan deep@okaxis' }, 'upi_id', m.upiIdInvalid, 'settings.upiIdInvalid'],
      [{ upi_id: 'gyandeep@1bank' }, 'upi_id', m.upiIdInvalid, 'settings.upiIdInvalid'],
      [{ upi_payee_name: null }, 'upi_payee_name', m.payeeNameRequired, 'settings.payeeNameRequired'],
      [{ upi_payee_name: 'A' }, 'upi_payee_name', m.payeeNameInvalid, 'settings.payeeNameInvalid'],
      [{ upi_payee_name: 'Gyan <Deep>' }, 'upi_payee_name', m.payeeNameInvalid, 'settings.payeeNameInvalid'],
      [{ price_list: duplicate }, 'price_list.4.duration', m.priceList.duplicate, 'settings.priceList.duplicate'],
      [
        { reminder_template: 'Hi {name}, pay {fee}' },
        'reminder_template',
        m.reminderTemplateUnknown('fee'),
        'settings.reminderTemplateUnknown',
      ],
      [
        { reminder_template: '   ' },
        'reminder_template',
        m.reminderTemplateRequired,
        'settings.reminderTemplateRequired',
      ],
      [
        { reminder_template: 'x'.repeat(1001) },
        'reminder_template',
        m.reminderTemplateTooLong,
        'settings.reminderTemplateTooLong',
      ],
      [{ dues_expiring_days: 0 }, 'dues_expiring_days', m.expiringDaysInvalid, 'settings.expiringDaysInvalid'],
      [{ dues_expiring_days: 61 }, 'dues_expiring_days', m.expiringDaysInvalid, 'settings.expiringDaysInvalid'],
      [{ dues_expiring_days: 2.5 }, 'dues_expiring_days', m.expiringDaysInvalid, 'settings.expiringDaysInvalid'],
      [{ dues_grace_days: -1 }, 'dues_grace_days', m.graceDaysInvalid, 'settings.graceDaysInvalid'],
      [{ dues_grace_days: 61 }, 'dues_grace_days', m.graceDaysInvalid, 'settings.graceDaysInvalid'],
      [{ dues_grace_days: '7 days' }, 'dues_grace_days', m.graceDaysInvalid, 'settings.graceDaysInvalid'],
      [
        { price_list: [{ duration: 37, is_reserved: false, price: 1 }] },
        'price_list.0.duration',
        m.priceList.durationInvalid,
        'settings.priceList.durationInvalid',
      ],
      [
        { price_list: [{ duration: 1, is_reserved: false, window_hours: 25, price: 1 }] },
        'price_list.0.window_hours',
        m.priceList.windowHoursInvalid,
        'settings.priceList.windowHoursInvalid',
      ],
      [
        { price_list: [{ duration: 1, is_reserved: false, price: '12.345' }] },
        'price_list.0.price',
        m.priceList.priceInvalid,
        'settings.priceList.priceInvalid',
      ],
      [
        { price_list: [{ duration: 1, is_reserved: false }] },
        'price_list.0.price',
        m.priceList.priceRequired,
        'settings.priceList.priceRequired',
      ],
      [
        {
          price_list: Array.from({ length: 101 }, (_, index) => ({
            duration: 1 + (index % 36),
            is_reserved: index > 50,
            window_hours: 1 + (index % 24),
            price: 1,
          })),
        },
        'price_list',
        m.priceList.tooMany,
        'settings.priceList.tooMany',
      ],
    ];
    for (const [change, field, message, messageCode] of cases) {
      const response = await put(auth, { ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change).slice(0, 100)).toBe(400);
      expect(response.json().errors, JSON.stringify(change).slice(0, 100)).toContainEqual({
        field,
        message,
        messageCode,
      });
    }
    expect(await stored(session.library.id)).toEqual(before);
  });

  it('saves a GSTIN, rate and SAC; absent keeps them, empty or null clears the GSTIN', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const saved = await put(auth, { ...valid, gstin: ' 27aapfu0939f1zv ', gst_rate: '12.5', sac: '998432' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ gstin: '27AAPFU0939F1ZV', gst_rate: 12.5, sac: '998432' });
    // A client from before issue 14 sends none of them: they stay as saved.
    expect((await put(auth, valid)).statusCode).toBe(200);
    expect(await read(auth)).toMatchObject({ gstin: '27AAPFU0939F1ZV', gst_rate: 12.5, sac: '998432' });
    expect((await put(auth, { ...valid, gstin: '' })).json().data).toMatchObject({ gstin: null, gst_rate: 12.5 });
    expect((await put(auth, { ...valid, gstin: '29AAGCB7383J1Z4', gst_rate: 18 })).statusCode).toBe(200);
    expect((await put(auth, { ...valid, gstin: null })).json().data).toMatchObject({ gstin: null, gst_rate: 18 });
    const audit = await t.pool.query(
      `select detail from audit_log where library_id = $1 and action = 'settings.update' order by created_at, id`,
      [session.library.id],
    );
    expect(audit.rows.map((row) => row.detail)).toEqual([
      '4 prices, UPI set, GST set',
      '4 prices, UPI set, GST set',
      '4 prices, UPI set, GST not set',
      '4 prices, UPI set, GST set',
      '4 prices, UPI set, GST not set',
    ]);
  });

  it('refuses a GSTIN with a wrong check character, state code or format, naming the field', async () => {
    const { auth, session } = await registerLibrary(t.app);
    expect((await put(auth, { ...valid, gstin: '27AAPFU0939F1ZV' })).statusCode).toBe(200);
    const before = await stored(session.library.id);
    const cases: Array<[unknown, string, string]> = [
      ['27AAPFU0939F1ZW', m.gstinProblem.check, 'settings.gstinProblem.check'], // one character off at the end
      ['27AAPFU0936F1ZV', m.gstinProblem.check, 'settings.gstinProblem.check'], // a typing mistake inside
      ['99AAPFU0939F1ZV', m.gstinProblem.state, 'settings.gstinProblem.state'], // no state 99
      ['00AAPFU0939F1ZV', m.gstinProblem.state, 'settings.gstinProblem.state'],
      ['27AAPFU0939F1Z', m.gstinProblem.format, 'settings.gstinProblem.format'], // 14 characters
      ['27AAPFU0939F1XV', m.gstinProblem.format, 'settings.gstinProblem.format'], // no Z
      ['27AAPF00939F1ZV', m.gstinProblem.format, 'settings.gstinProblem.format'], // a digit where the PAN has a letter
      ['27AAPFU0939F0ZV', m.gstinProblem.format, 'settings.gstinProblem.format'], // entity number 0
      ['२७AAPFU0939F1ZV', m.gstinProblem.format, 'settings.gstinProblem.format'],
      [27, m.gstinInvalid, 'settings.gstinInvalid'],
    ];
    for (const [gstin, message, messageCode] of cases) {
      const response = await put(auth, { ...valid, gstin });
      expect(response.statusCode, String(gstin)).toBe(400);
      expect(response.json().errors, String(gstin)).toEqual([{ field: 'gstin', message, messageCode }]);
    }
    for (const [change, field, message, messageCode] of [
      [{ gst_rate: 0 }, 'gst_rate', m.gstRateInvalid, 'settings.gstRateInvalid'],
      [{ gst_rate: 40.01 }, 'gst_rate', m.gstRateInvalid, 'settings.gstRateInvalid'],
      [{ gst_rate: '18.005' }, 'gst_rate', m.gstRateInvalid, 'settings.gstRateInvalid'],
      [{ gst_rate: -18 }, 'gst_rate', m.gstRateInvalid, 'settings.gstRateInvalid'],
      [{ sac: '998' }, 'sac', m.sacInvalid, 'settings.sacInvalid'],
      [{ sac: '123456' }, 'sac', m.sacInvalid, 'settings.sacInvalid'],
    ] as const) {
      const response = await put(auth, { ...valid, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors, JSON.stringify(change)).toEqual([{ field, message, messageCode }]);
    }
    expect(await stored(session.library.id)).toEqual(before);
  });

  it('lets parallel saves of one library each replace the list, never clash', async () => {
    const { auth, session } = await registerLibrary(t.app);
    const lists = Array.from({ length: 6 }, (_, index) => [
      { duration: 1, is_reserved: false, window_hours: null, price: 1000 + index },
      { duration: 2, is_reserved: false, window_hours: null, price: 2000 + index },
    ]);
    const responses = await Promise.all(lists.map((price_list) => put(auth, { ...valid, price_list })));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const { prices } = await stored(session.library.id);
    expect(prices).toHaveLength(2);
    expect(Number(prices[1].price) - Number(prices[0].price)).toBe(1000);
  });

  it('answers 409 when the price list index refuses a plan twice (the schema is the first guard)', async () => {
    const { session } = await registerLibrary(t.app);
    const actor = {
      libraryId: session.library.id,
      adminId: session.id,
      sessionId: 'test',
      passwordStamp: 'test',
      ip: '127.0.0.1',
      role: 'owner' as const,
    };
    const twice = { duration: 1, is_reserved: false, window_hours: null, price: 100 };
    const input = { ...valid, price_list: [twice, { ...twice, price: 200 }] };
    const error = await service.updateSettings({ db: t.app.db }, actor, input).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 409, errors: [{ field: 'price_list', message: m.priceList.duplicate }] });
    expect((await stored(session.library.id)).settings).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/settings' })).statusCode).toBe(401);
    expect((await put({}, valid)).statusCode).toBe(401);
  });
});
