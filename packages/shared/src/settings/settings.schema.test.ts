import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settingsMessages as m } from './settings.messages';
import {
  financialYearOf,
  librarySettingsSchema,
  receiptNoExample,
  receiptPrefixSchema,
  lookupPrice,
  MAX_PRICE_LIST_ENTRIES,
  VPA_PATTERN,
  windowMinutes,
} from './settings.schema';

type Entry = { duration: number; is_reserved: boolean; window_hours: number | null; price: number };

const plan = (start_time: string, end_time: string, duration = 1, is_reserved = false) => ({
  duration,
  is_reserved,
  start_time,
  end_time,
});

describe('windowMinutes', () => {
  it('measures a daily window, wrapping past midnight', () => {
    expect(windowMinutes('06:00', '14:00')).toBe(480);
    expect(windowMinutes('06:00:00', '14:30:00')).toBe(510);
    expect(windowMinutes('22:00', '06:00')).toBe(480);
    expect(windowMinutes('09:00', '09:00')).toBe(24 * 60);
  });
});

describe('lookupPrice', () => {
  const list: Entry[] = [
    { duration: 1, is_reserved: false, window_hours: null, price: 1500 },
    { duration: 1, is_reserved: false, window_hours: 12, price: 1300 },
    { duration: 1, is_reserved: false, window_hours: 6, price: 900 },
    { duration: 1, is_reserved: false, window_hours: 8, price: 1200.5 },
    { duration: 1, is_reserved: true, window_hours: null, price: 2500 },
    { duration: 3, is_reserved: false, window_hours: 6, price: 2400 },
  ];

  it('takes the smallest daily-hours tier the window fits in', () => {
    expect(lookupPrice(list, plan('06:00', '12:00'))).toBe(900);
    expect(lookupPrice(list, plan('06:00', '12:01'))).toBe(1200.5);
    expect(lookupPrice(list, plan('06:00', '14:00'))).toBe(1200.5);
    expect(lookupPrice(list, plan('22:00', '06:00'))).toBe(1200.5);
    expect(lookupPrice(list, plan('06:00', '18:00'))).toBe(1300);
  });

  it('falls back to the any-length entry when no tier is long enough', () => {
    expect(lookupPrice(list, plan('06:00', '22:00'))).toBe(1500);
    expect(lookupPrice(list, plan('06:00', '12:00', 1, true))).toBe(2500);
  });

  it('answers undefined when the list has no such plan', () => {
    expect(lookupPrice(list, plan('06:00', '14:00', 3))).toBeUndefined();
    expect(lookupPrice(list, plan('06:00', '14:00', 2))).toBeUndefined();
    expect(lookupPrice(list, plan('06:00', '14:00', 3, true))).toBeUndefined();
    expect(lookupPrice([], plan('06:00', '14:00'))).toBeUndefined();
  });

  const time = fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([hours, minutes]) => `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`);
  const planArb = fc.record({
    duration: fc.integer({ min: 1, max: 3 }),
    is_reserved: fc.boolean(),
    start_time: time,
    end_time: time,
  });
  // A price list as the settings schema lets it be: one entry per plan (duration, seat, tier).
  const listArb = fc.uniqueArray(
    fc.record({
      duration: fc.integer({ min: 1, max: 3 }),
      is_reserved: fc.boolean(),
      window_hours: fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
      price: fc.integer({ min: 0, max: 100_000_00 }).map((paise) => paise / 100),
    }),
    { selector: (entry) => `${entry.duration}|${entry.is_reserved}|${entry.window_hours}`, maxLength: 30 },
  );

  it('always answers the price of the cheapest-fitting rule, whatever the order of the list', () => {
    fc.assert(
      fc.property(listArb, planArb, fc.nat(), (entries, asked, seed) => {
        const length = windowMinutes(asked.start_time, asked.end_time);
        const same = entries.filter((e) => e.duration === asked.duration && e.is_reserved === asked.is_reserved);
        const fitting = same
          .filter((e) => e.window_hours !== null && e.window_hours * 60 >= length)
          .sort((a, b) => a.window_hours! - b.window_hours!);
        const expected = fitting[0]?.price ?? same.find((e) => e.window_hours === null)?.price;
        expect(lookupPrice(entries, asked)).toBe(expected);
        // Shuffled: the same answer (entries are unique per plan).
        const shuffled = [...entries].sort((a, b) => ((a.price * 7919 + seed) % 97) - ((b.price * 7919 + seed) % 97));
        expect(lookupPrice(shuffled, asked)).toBe(expected);
      }),
    );
  });

  it('never answers a price of another duration or seat kind', () => {
    fc.assert(
      fc.property(listArb, planArb, (entries, asked) => {
        const price = lookupPrice(entries, asked);
        if (price === undefined) return;
        expect(
          entries.some(
            (e) => e.price === price && e.duration === asked.duration && e.is_reserved === asked.is_reserved,
          ),
        ).toBe(true);
      }),
    );
  });
});

const valid = {
  upi_id: 'gyandeep@okaxis',
  upi_payee_name: 'Gyan Deep',
  dues_expiring_days: 5,
  dues_grace_days: 7,
  reminder_template: m.defaultReminderTemplate,
  auto_push_reminders: false,
  price_list: [{ duration: 1, is_reserved: false, price: 1200 }],
};

function issues(input: unknown) {
  const result = librarySettingsSchema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

describe('librarySettingsSchema', () => {
  it('reads a form as typed: blanks as null, whole numbers from text, exact rupees', () => {
    const parsed = librarySettingsSchema.parse({
      ...valid,
      upi_id: '  ',
      upi_payee_name: '',
      dues_expiring_days: ' 3 ',
      dues_grace_days: '0',
      reminder_template: '  Hi {name}, {amount} please  ',
      price_list: [{ duration: '2', is_reserved: true, window_hours: '', price: '1500.50' }],
    });
    expect(parsed).toEqual({
      upi_id: null,
      upi_payee_name: null,
      dues_expiring_days: 3,
      dues_grace_days: 0,
      reminder_template: 'Hi {name}, {amount} please',
      auto_push_reminders: false,
      price_list: [{ duration: 2, is_reserved: true, window_hours: null, price: 1500.5 }],
    });
  });

  it('takes UPI IDs of the usual forms and refuses others', () => {
    for (const vpa of ['gyandeep@okaxis', 'gyan.deep-99@ybl', '9876543210@paytm', 'a_b@oksbi', 'shop@icici.bank']) {
      expect(VPA_PATTERN.test(vpa), vpa).toBe(true);
    }
    for (const vpa of [
      'gyandeep',
      '@okaxis',
      'g@okaxis',
      'gyan deep@okaxis',
      'gyan@deep@okaxis',
      'gyan@1bank',
      'gyan@',
      '.gyan@okaxis',
    ]) {
      expect(issues({ ...valid, upi_id: vpa }), vpa).toEqual([{ path: 'upi_id', message: m.upiIdInvalid }]);
    }
  });

  it('asks for the payee name with a UPI ID, and only then', () => {
    expect(issues({ ...valid, upi_payee_name: null })).toEqual([
      { path: 'upi_payee_name', message: m.payeeNameRequired },
    ]);
    expect(issues({ ...valid, upi_payee_name: ' ' })).toEqual([
      { path: 'upi_payee_name', message: m.payeeNameRequired },
    ]);
    expect(issues({ ...valid, upi_id: null, upi_payee_name: null })).toEqual([]);
    expect(issues({ ...valid, upi_payee_name: 'Gyan <b>' })).toEqual([
      { path: 'upi_payee_name', message: m.payeeNameInvalid },
    ]);
    expect(issues({ ...valid, upi_payee_name: 'ज्ञान दीप & Sons' })).toEqual([]);
  });

  it('refuses a plan twice, naming the later row; another tier or seat kind is another plan', () => {
    const entry = { duration: 1, is_reserved: false, window_hours: null, price: 100 };
    expect(
      issues({ ...valid, price_list: [entry, { ...entry, window_hours: 6 }, { ...entry, is_reserved: true }] }),
    ).toEqual([]);
    expect(issues({ ...valid, price_list: [entry, { ...entry, price: 5 }, { ...entry, window_hours: '' }] })).toEqual([
      { path: 'price_list.1.duration', message: m.priceList.duplicate },
      { path: 'price_list.2.duration', message: m.priceList.duplicate },
    ]);
  });

  it('refuses unknown placeholders, an empty or too long template', () => {
    expect(issues({ ...valid, reminder_template: 'Hi {name}, pay {fee}' })).toEqual([
      { path: 'reminder_template', message: m.reminderTemplateUnknown('fee') },
    ]);
    expect(issues({ ...valid, reminder_template: 'Hi {}' })).toEqual([
      { path: 'reminder_template', message: m.reminderTemplateUnknown('') },
    ]);
    expect(issues({ ...valid, reminder_template: 'Hi {Name}' })).toEqual([
      { path: 'reminder_template', message: m.reminderTemplateUnknown('Name') },
    ]);
    expect(issues({ ...valid, reminder_template: '' })).toEqual([
      { path: 'reminder_template', message: m.reminderTemplateRequired },
    ]);
    expect(issues({ ...valid, reminder_template: 'x'.repeat(1001) })).toEqual([
      { path: 'reminder_template', message: m.reminderTemplateTooLong },
    ]);
    expect(issues({ ...valid, reminder_template: '{name} {library} {expiry} {amount} {upi_link}' })).toEqual([]);
  });

  it('keeps the days and the price list in range', () => {
    for (const days of [0, 61, -1, 1.5, '1e1', 'five', null]) {
      expect(issues({ ...valid, dues_expiring_days: days }), String(days)).toEqual([
        { path: 'dues_expiring_days', message: m.expiringDaysInvalid },
      ]);
    }
    for (const days of [-1, 61, 2.5, '']) {
      expect(issues({ ...valid, dues_grace_days: days }), String(days)).toEqual([
        { path: 'dues_grace_days', message: m.graceDaysInvalid },
      ]);
    }
    expect(issues({ ...valid, dues_expiring_days: 60, dues_grace_days: 0 })).toEqual([]);
    expect(issues({ ...valid, price_list: [{ duration: 0, is_reserved: false, price: 1 }] })).toEqual([
      { path: 'price_list.0.duration', message: m.priceList.durationInvalid },
    ]);
    expect(issues({ ...valid, price_list: [{ duration: 1, is_reserved: false, window_hours: 0, price: 1 }] })).toEqual([
      { path: 'price_list.0.window_hours', message: m.priceList.windowHoursInvalid },
    ]);
    for (const seat of [undefined, 'true', 1, null]) {
      expect(issues({ ...valid, price_list: [{ duration: 1, is_reserved: seat, price: 1 }] }), String(seat)).toEqual([
        { path: 'price_list.0.is_reserved', message: m.priceList.seatRequired },
      ]);
    }
    expect(issues({ ...valid, price_list: [{ duration: 1, is_reserved: false, price: '0x10' }] })).toEqual([
      { path: 'price_list.0.price', message: m.priceList.priceInvalid },
    ]);
    const many = Array.from({ length: MAX_PRICE_LIST_ENTRIES + 1 }, (_, index) => ({
      duration: 1 + (index % 36),
      is_reserved: index >= 36 * 2,
      window_hours: 1 + Math.floor(index / 36),
      price: 1,
    }));
    expect(issues({ ...valid, price_list: many })).toContainEqual({ path: 'price_list', message: m.priceList.tooMany });
    expect(issues({ ...valid, price_list: many.slice(0, MAX_PRICE_LIST_ENTRIES) })).toEqual([]);
  });
});

describe('receipt prefix (issue 14)', () => {
  it('takes 1–3 capital letters or digits, upper-casing and trimming what is typed', () => {
    expect(receiptPrefixSchema.parse(' gdl ')).toBe('GDL');
    expect(receiptPrefixSchema.parse('A1')).toBe('A1');
    for (const bad of ['', 'ABCD', 'A-B', 'A/B', 'ज्ञा', 12, null]) {
      const result = receiptPrefixSchema.safeParse(bad);
      expect(result.success, String(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(m.receiptPrefixInvalid);
    }
  });

  it('fits a number of the year within 16 characters with the longest prefix', () => {
    expect(receiptNoExample('GDL', 2026)).toBe('GDL/2026-27/0001');
    expect(receiptNoExample('GDL', 2099)).toBe('GDL/2099-00/0001');
    expect(receiptNoExample('GDL', 2026)).toHaveLength(16);
  });

  it('names the financial year by the year it starts in, April to March', () => {
    expect(financialYearOf('2027-03-31')).toBe(2026);
    expect(financialYearOf('2027-04-01')).toBe(2027);
    expect(financialYearOf('2027-01-01')).toBe(2026);
  });
});
