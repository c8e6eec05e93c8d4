import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settingsMessages } from '../settings/settings.messages';
import {
  amountWithTwoDecimals,
  canTakeWhatsApp,
  dueReference,
  renderReminder,
  smsLink,
  upiPayLink,
  whatsappLink,
} from './reminder';

/** The query of a `upi://pay` link as a UPI app reads it: each parameter decoded. */
function upiParams(link: string): Record<string, string> {
  expect(link.startsWith('upi://pay?')).toBe(true);
  const query = link.slice('upi://pay?'.length);
  return Object.fromEntries(
    query.split('&').map((pair) => {
      const [key = '', value = ''] = pair.split('=');
      return [key, decodeURIComponent(value)];
    }),
  );
}

/** Rupees from whole paise by integer arithmetic alone: what `am` must read. */
const exactly = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

describe('amountWithTwoDecimals', () => {
  it('writes rupees with exactly two decimals', () => {
    expect(amountWithTwoDecimals(1500)).toBe('1500.00');
    expect(amountWithTwoDecimals(0)).toBe('0.00');
    expect(amountWithTwoDecimals(12.5)).toBe('12.50');
    expect(amountWithTwoDecimals(0.05)).toBe('0.05');
    expect(amountWithTwoDecimals(1_000_000)).toBe('1000000.00');
  });

  it('is exact where binary fractions are not: 0.1 + 0.2 is 0.30, 19.99 stays 19.99', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(amountWithTwoDecimals(0.1 + 0.2)).toBe('0.30');
    expect(amountWithTwoDecimals(1.1 + 2.2)).toBe('3.30');
    expect(amountWithTwoDecimals(0.7 + 0.1)).toBe('0.80');
    expect(amountWithTwoDecimals(19.99)).toBe('19.99');
    expect(amountWithTwoDecimals(1234567.89)).toBe('1234567.89');
    expect(amountWithTwoDecimals(600.1 - 0.2)).toBe('599.90');
  });

  it('answers the exact rupees of any whole-paise amount and of any sum of two', () => {
    const paise = fc.integer({ min: 0, max: 100_000_000 });
    fc.assert(fc.property(paise, (p) => amountWithTwoDecimals(p / 100) === exactly(p)));
    fc.assert(fc.property(paise, paise, (a, b) => amountWithTwoDecimals(a / 100 + b / 100) === exactly(a + b)));
  });
});

describe('upiPayLink', () => {
  const pay = {
    vpa: 'gyan.deep-01@okaxis',
    payee: "Gyan Deep & Sons' Library",
    amount: 1250.5,
    note: 'Gyan Deep fee: Asha Verma',
    reference: dueReference('3f2a9c4e-1b2d-4e5f-8a9b-0c1d2e3f4a5b', '2026-03-31', 'renewal'),
  };

  it('carries pa, pn, am with two decimals, cu=INR, tn and tr, in that order', () => {
    const link = upiPayLink(pay);
    expect(
      link
        .split('?')[1]!
        .split('&')
        .map((pair) => pair.split('=')[0]),
    ).toEqual(['pa', 'pn', 'am', 'cu', 'tn', 'tr']);
    expect(upiParams(link)).toEqual({
      pa: 'gyan.deep-01@okaxis',
      pn: "Gyan Deep & Sons' Library",
      am: '1250.50',
      cu: 'INR',
      tn: 'Gyan Deep fee: Asha Verma',
      tr: 'SL3F2A9C4E1B2D4E5F20260331R',
    });
  });

  it('keeps @ in pa as it is and percent-encodes what would break the query', () => {
    const link = upiPayLink(pay);
    expect(link).toContain('pa=gyan.deep-01@okaxis&');
    expect(link).not.toContain('%40');
    expect(link).toContain('pn=Gyan%20Deep%20%26%20Sons');
    expect(link).toContain('tn=Gyan%20Deep%20fee%3A%20Asha%20Verma&');
    // Nothing but the separators is left bare: no space, &, = or # inside a value.
    for (const pair of link.split('?')[1]!.split('&')) expect(pair.split('=')).toHaveLength(2);
    expect(link).not.toMatch(/[ #+]/);
  });

  it('writes am exactly for amounts summed in floating point', () => {
    expect(upiParams(upiPayLink({ ...pay, amount: 0.1 + 0.2 })).am).toBe('0.30');
    expect(upiParams(upiPayLink({ ...pay, amount: 500 })).am).toBe('500.00');
  });

  it('cuts the note to 50 characters, even when the cut falls inside an emoji', () => {
    const long = `${'x'.repeat(49)}📚 and more`;
    const params = upiParams(upiPayLink({ ...pay, note: long }));
    expect([...params.tn!].length).toBeLessThanOrEqual(50);
    expect(params.tn!.startsWith('x'.repeat(49))).toBe(true);
    expect(upiParams(upiPayLink({ ...pay, note: 'n'.repeat(80) })).tn).toBe('n'.repeat(50));
  });
});

describe('dueReference', () => {
  it('is the subscription, the expiry and what is due, and differs for renewal and balance', () => {
    const id = '3f2a9c4e-1b2d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(dueReference(id, '2026-03-31', 'renewal')).toBe('SL3F2A9C4E1B2D4E5F20260331R');
    expect(dueReference(id, '2026-03-31', 'balance')).toBe('SL3F2A9C4E1B2D4E5F20260331B');
    expect(dueReference(id, '2026-04-30', 'renewal')).not.toBe(dueReference(id, '2026-03-31', 'renewal'));
    expect(dueReference(id, '2026-03-31', 'renewal')).toMatch(/^[A-Z0-9]{1,35}$/);
  });
});

describe('canTakeWhatsApp', () => {
  it('takes Indian mobiles: 10 digits starting 6 to 9', () => {
    for (const mobile of ['6000000000', '7123456789', '8999999999', '9876543210']) {
      expect(canTakeWhatsApp(mobile), mobile).toBe(true);
    }
    for (const mobile of ['5123456789', '0123456789', '987654321', '98765432101', '+919876543210', '98765 43210', '']) {
      expect(canTakeWhatsApp(mobile), mobile).toBe(false);
    }
  });
});

describe('whatsappLink and smsLink', () => {
  const text = 'Hello Asha, ₹1,500 is due.\nPay: upi://pay?pa=a@b&am=1500.00 #1';

  it('opens WhatsApp click-to-chat for +91 with the whole text encoded', () => {
    const link = whatsappLink('9876543210', text);
    expect(link.startsWith('https://wa.me/919876543210?text=')).toBe(true);
    const query = link.slice('https://wa.me/919876543210?'.length);
    expect(query.split('&')).toHaveLength(1);
    expect(decodeURIComponent(query.slice('text='.length))).toBe(text);
    expect(link).toContain('%0A');
    expect(link).not.toContain('#');
  });

  it('opens the SMS app for +91 with the body encoded', () => {
    const link = smsLink('9876543210', text);
    expect(link.startsWith('sms:+919876543210?body=')).toBe(true);
    expect(decodeURIComponent(link.slice('sms:+919876543210?body='.length))).toBe(text);
    expect(link.slice('sms:+919876543210?body='.length)).not.toMatch(/[ &#\n]/);
  });
});

describe('renderReminder', () => {
  const values = {
    name: 'Asha',
    library: 'Gyan Deep',
    expiry: '31/03/2026',
    amount: '₹1,500',
    upi_link: 'upi://pay?pa=gyandeep@okaxis&am=1500.00',
  };
  const template = settingsMessages.defaultReminderTemplate;

  it('fills every placeholder of the default template', () => {
    expect(renderReminder(template, values)).toBe(
      'Hello Asha, this is Gyan Deep. Your seat plan expires on 31/03/2026 and ₹1,500 is due.\n' +
        'Pay by UPI: upi://pay?pa=gyandeep@okaxis&am=1500.00\nThank you!',
    );
  });

  it('leaves out the line with the UPI link when there is none, and only that line', () => {
    const text = renderReminder(template, { ...values, upi_link: null });
    expect(text).toBe(
      'Hello Asha, this is Gyan Deep. Your seat plan expires on 31/03/2026 and ₹1,500 is due.\nThank you!',
    );
    expect(text).not.toContain('{');
    expect(renderReminder('{name}: {amount}', { ...values, upi_link: null })).toBe('Asha: ₹1,500');
  });

  it('fills a placeholder used twice and takes values literally ($& and braces stay as written)', () => {
    expect(renderReminder('{name} {name}', values)).toBe('Asha Asha');
    expect(renderReminder('{name} owes {amount}', { ...values, name: '$& {amount}' })).toBe('$& {amount} owes ₹1,500');
  });
});
