import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { withLanguage } from './language';
import { useTestApp } from '../test/helpers';
import { receiptLibrary } from '../modules/receipts/receipts.fixtures';

/**
 * The files and figures the API writes in words, in Hindi (issue 20): the CSV exports' headers
 * (read while the file streams, still in the request's language) and the fee report's Type,
 * the dashboard's plan names. In English each reads as before, byte for byte.
 */
const t = useTestApp();

const hi = <T>(read: () => T): T => withLanguage('hi', read);
const firstLine = (csv: string): string => csv.split('\r\n')[0] ?? '';

async function exported(auth: Record<string, string>, url: string, language: 'en' | 'hi') {
  const response = await t.app.inject({ url, headers: { ...auth, 'accept-language': language } });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
}

describe('the exports in Hindi', () => {
  it("writes the fee report's header and Type in Hindi, and in English as before", async () => {
    const { auth } = await receiptLibrary(t);
    const english = await exported(auth, '/api/fee/export', 'en');
    expect(firstLine(english)).toBe(
      'Student Name,Mobile,Email,Amount (INR),Duration,Payment Mode,Type,Status,Created At,Updated At,Receipt No',
    );
    expect(english.split('\r\n')[1]).toContain(',New,');
    const hindi = await exported(auth, '/api/fee/export', 'hi');
    // A group's texts are read when read: inside the language.
    const header = hi(() => {
      const c = messages.fees.csvColumns;
      return [
        c.studentName,
        c.mobile,
        c.email,
        c.amount,
        c.duration,
        c.mode,
        c.type,
        c.status,
        c.createdAt,
        c.updatedAt,
        c.receiptNo,
      ].join(',');
    });
    expect(firstLine(hindi)).toBe(header);
    expect(firstLine(hindi)).toContain('विद्यार्थी का नाम');
    expect(hindi.split('\r\n')[1]).toContain(`,${hi(() => messages.fees.kinds.new)},`);
  });

  it('writes the dues, day book and profit headers in Hindi', async () => {
    const { auth } = await receiptLibrary(t);
    const dues = firstLine(await exported(auth, '/api/dues/export?group=unpaid', 'hi'));
    expect(dues).toBe(
      hi(() => {
        const d = { columns: messages.dues.columns, csv: messages.dues.csvColumns };
        return [
          d.columns.student,
          d.columns.mobile,
          d.columns.place,
          d.columns.window,
          d.columns.expiry,
          d.csv.balance,
          d.csv.renewalPrice,
          `${d.columns.amountDue} (INR)`,
          d.columns.lastReminder,
          d.csv.reminderChannel,
          d.csv.remindedBy,
          d.csv.upiReference,
        ].join(',');
      }),
    );
    expect(firstLine(await exported(auth, '/api/dues/export?group=unpaid', 'en'))).toBe(
      'Student,Mobile,Seat,Time Slot,Expires,Balance (INR),Renewal Price (INR),Amount Due (INR),Last Reminder,Reminder Channel,Reminded By,UPI Reference',
    );

    const dayBook = firstLine(await exported(auth, '/api/day-book/export', 'hi'));
    expect(dayBook.startsWith(hi(() => messages.payments.dayBook.columns.time))).toBe(true);
    expect(dayBook).not.toBe(firstLine(await exported(auth, '/api/day-book/export', 'en')));

    const profit = firstLine(await exported(auth, '/api/profit/export?months=1', 'hi'));
    expect(profit).toBe(
      hi(() => {
        const p = messages.profit.columns;
        return [p.month, `${p.collected} (INR)`, `${p.expenses} (INR)`, `${p.profit} (INR)`].join(',');
      }),
    );
  });
});

describe('the dashboard in Hindi', () => {
  it('names the plans in Hindi, and in English as before', async () => {
    const { auth } = await receiptLibrary(t);
    const read = async (language: 'en' | 'hi') => {
      const response = await t.app.inject({
        url: '/api/dashboard/lifetime',
        headers: { ...auth, 'accept-language': language },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data;
    };
    const english = await read('en');
    expect(english.topContent[0]).toMatchObject({
      contentType: 'Reserved seat',
      title: '1 Month · Reserved',
      description: '1 month plan, a seat of their own',
    });
    expect(english.subscriptionStats[0]).toMatchObject({
      planName: '1 Month plan',
      description: 'Students on a 1 month plan today',
    });
    const hindi = await read('hi');
    const p = messages.dashboard.plans;
    expect(hindi.topContent[0]).toMatchObject(
      hi(() => ({ contentType: p.contentType.reserved, title: p.title(1, true), description: p.description(1, true) })),
    );
    expect(hindi.subscriptionStats[0]).toMatchObject(
      hi(() => ({ planName: p.name(1), description: p.subscribers(1) })),
    );
    expect(hindi.topContent[0].title).toBe('1 महीना · रिज़र्व');
    // The transaction's type is the contract's value in every language.
    expect(hindi.recentTransactions[0].type).toBe('New');
  });
});
