import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { subscriptionMessages as m } from './subscriptions.messages';
import { feeSchema, MAX_FEE_RUPEES, subscriptionRenewSchema } from './subscriptions.schema';

// Money is plain decimal rupees with at most two decimals, as a JSON number or a string (issue 12).
const HOSTILE = [
  '0x10',
  '0X10',
  '0b11',
  '0o7',
  '1e3',
  '1E3',
  '12e-1',
  ' 12 ',
  '12 ',
  '\t12',
  '12\n',
  'Infinity',
  '-Infinity',
  'NaN',
  '1_000',
  '1,000',
  '+5',
  '-5',
  '12.345',
  '12.',
  '.5',
  '12..5',
  '12.5.0',
  '१२', // Devanagari digits
  '１２', // full-width digits
  '12abc',
  '₹12',
  'null',
  '[]',
  '0.1e1',
] as const;

function outcome(value: unknown): { ok: true; value: number } | { ok: false; message: string } {
  const result = feeSchema.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]!.message };
}

describe('feeSchema', () => {
  it.each(HOSTILE)('refuses %j with the fee message', (value) => {
    expect(outcome(value)).toEqual({ ok: false, message: m.invalidFee });
  });

  it.each([
    ['Infinity', Infinity],
    ['-Infinity', -Infinity],
    ['NaN', Number.NaN],
    ['-1', -1],
    ['-0.01', -0.01],
    ['12.345', 12.345],
    ['0.1 + 0.2', 0.1 + 0.2],
    ['1e-7', 1e-7],
    ['over the maximum', MAX_FEE_RUPEES + 0.01],
    ['1e21', 1e21],
    ['true', true],
    ['an object', {}],
    ['an array', [12]],
  ])('refuses the value %s with the fee message', (_label, value) => {
    expect(outcome(value)).toEqual({ ok: false, message: m.invalidFee });
  });

  it.each([[undefined], [null], [''], ['   ']])('asks for a fee when %j is sent', (value) => {
    expect(outcome(value)).toEqual({ ok: false, message: m.feeRequired });
  });

  it('accepts the forms clients send: numbers and plain decimal strings', () => {
    expect(outcome(1200)).toEqual({ ok: true, value: 1200 });
    expect(outcome('1200')).toEqual({ ok: true, value: 1200 });
    expect(outcome(3600.5)).toEqual({ ok: true, value: 3600.5 });
    expect(outcome('3600.50')).toEqual({ ok: true, value: 3600.5 });
    expect(outcome('0.05')).toEqual({ ok: true, value: 0.05 });
    expect(outcome(0)).toEqual({ ok: true, value: 0 });
    expect(outcome('0')).toEqual({ ok: true, value: 0 });
    expect(outcome(String(MAX_FEE_RUPEES))).toEqual({ ok: true, value: MAX_FEE_RUPEES });
  });

  it('reads every amount in paise exactly, sent as a number or as text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_FEE_RUPEES * 100 }), (paise) => {
        const rupees = Math.trunc(paise / 100);
        const rest = paise % 100;
        const texts = [
          rest === 0 ? String(rupees) : `${rupees}.${String(rest).padStart(2, '0')}`,
          `${rupees}.${String(rest).padStart(2, '0')}`,
        ];
        if (rest % 10 === 0) texts.push(`${rupees}.${rest / 10}`);
        for (const text of texts) {
          const read = outcome(text);
          expect(read, text).toEqual({ ok: true, value: paise / 100 });
          expect((read as { value: number }).value.toFixed(2)).toBe(texts[1]);
        }
        expect(outcome(paise / 100)).toEqual({ ok: true, value: paise / 100 });
      }),
      { numRuns: 500 },
    );
  });

  it('refuses any text that is not plain decimal rupees with at most two decimals', () => {
    const plain = /^\d+(\.\d{1,2})?$/;
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const read = outcome(text);
        if (text.trim() === '') expect(read).toEqual({ ok: false, message: m.feeRequired });
        else if (!plain.test(text)) expect(read).toEqual({ ok: false, message: m.invalidFee });
        else if (read.ok) expect(read.value.toFixed(2)).toBe(Number(text).toFixed(2));
      }),
      { numRuns: 1000 },
    );
  });

  it('refuses valid amounts dressed up: signs, spaces, exponents, separators, extra decimals', () => {
    const dressings = [
      (text: string) => `+${text}`,
      (text: string) => `-${text}`,
      (text: string) => ` ${text}`,
      (text: string) => `${text} `,
      (text: string) => `${text}e0`,
      (text: string) => `${text}_0`,
      (text: string) => `0x${text}`,
      (text: string) => `${text.includes('.') ? text : `${text}.`}001`,
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999 }), fc.constantFrom(...dressings), (rupees, dress) => {
        expect(outcome(dress(String(rupees)))).toEqual({ ok: false, message: m.invalidFee });
      }),
      { numRuns: 500 },
    );
  });

  it('is the renewal fee too', () => {
    const result = subscriptionRenewSchema.safeParse({ duration: 1, fee: '0x10', mode: 'Cash' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['fee'], message: m.invalidFee })]);
  });
});
