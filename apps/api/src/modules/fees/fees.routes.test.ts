import { beforeAll, describe, expect, it } from 'vitest';
import { insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';

const t = useTestApp();

async function insertFee(libraryId: string, studentId: string, amount: number, at: string, mode = 'Cash') {
  const subscription = await t.pool.query<{ id: string }>(
    `insert into subscriptions (library_id, student_id, is_reserved, start_time, end_time, joining_date, plan_expires_at, duration_months)
     values ($1, $2, false, '06:00', '14:00', current_date, current_date + 29, 1) returning id`,
    [libraryId, studentId],
  );
  await t.pool.query(
    `insert into fees (library_id, subscription_id, student_id, amount, duration, mode, kind, is_reserved, created_at, updated_at)
     values ($1, $2, $3, $4, 3, $5, 'new', false, $6::timestamptz, $6::timestamptz)`,
    [libraryId, subscription.rows[0]!.id, studentId, amount, mode, at],
  );
}

const names = (response: { json: () => { data: { fees: Array<{ first_name: string }> } } }) =>
  response.json().data.fees.map((fee) => fee.first_name);

describe('GET /api/fee', () => {
  let auth: Record<string, string>;
  let otherAuth: Record<string, string>;

  beforeAll(async () => {
    const library = await registerLibrary(t.app);
    auth = library.auth;
    const id = library.session.library.id;
    const zara = await insertStudent(t.pool, id, { firstName: 'Zara', mobile: '9000000001' });
    const arjun = await insertStudent(t.pool, id, { firstName: 'Arjun', mobile: '9000000002' });
    const meena = await insertStudent(t.pool, id, { firstName: 'Meena', mobile: '9000000003' });
    // 2026-01-10 23:00 in India is 17:30 UTC: the library's date is the 10th.
    await insertFee(id, zara.id, 1500, '2026-01-10T17:30:00Z', 'UPI');
    await insertFee(id, arjun.id, 1200.5, '2026-01-11T04:00:00Z');
    await insertFee(id, meena.id, 900, '2026-02-01T04:00:00Z', 'Card');
    const other = await registerLibrary(t.app);
    otherAuth = other.auth;
    const stranger = await insertStudent(t.pool, other.session.library.id, { firstName: 'Stranger' });
    await insertFee(other.session.library.id, stranger.id, 5, '2026-01-10T05:00:00Z');
  });

  it('lists fees by student name with the pagination object', async () => {
    const response = await t.app.inject({ url: '/api/fee', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(names(response)).toEqual(['Arjun', 'Meena', 'Zara']);
    expect(response.json().data.fees[0]).toMatchObject({
      amount: 1200.5,
      duration: 3,
      unit: 'months',
      status: 'paid',
      mode: 'Cash',
    });
    expect(response.json().data.pagination).toMatchObject({ totalItems: 3, currentPage: 1, itemsPerPage: 10 });
  });

  it('gives the exact total of what matches on every page, past the last one too', async () => {
    const total = async (url: string) =>
      (await t.app.inject({ url, headers: auth })).json().data.pagination.totalItems as number;
    expect(await total('/api/fee?limit=5&page=2')).toBe(3);
    expect(await total('/api/fee?limit=5&page=9')).toBe(3);
    expect(await total('/api/fee?mode=Cash&page=4')).toBe(1);
    expect(await total('/api/fee?search=meena&page=3')).toBe(1);
    expect(await total('/api/fee?from=2026-01-11&page=2')).toBe(2);
    expect(await total('/api/fee?mode=Cheque')).toBe(0);
  });

  it('sorts by updated_at descending, searches by name or mobile, filters by mode and library days', async () => {
    expect(names(await t.app.inject({ url: '/api/fee?sortBy=updated_at&sortOrder=DESC', headers: auth }))).toEqual([
      'Meena',
      'Arjun',
      'Zara',
    ]);
    expect(names(await t.app.inject({ url: '/api/fee?search=zar', headers: auth }))).toEqual(['Zara']);
    expect(names(await t.app.inject({ url: '/api/fee?search=9000000003', headers: auth }))).toEqual(['Meena']);
    expect(names(await t.app.inject({ url: '/api/fee?search=%25', headers: auth }))).toEqual([]);
    expect(names(await t.app.inject({ url: '/api/fee?mode=UPI', headers: auth }))).toEqual(['Zara']);
    expect(names(await t.app.inject({ url: '/api/fee?from=2026-01-10&to=2026-01-10', headers: auth }))).toEqual([
      'Zara',
    ]);
    expect(names(await t.app.inject({ url: '/api/fee?from=2026-01-11&to=2026-01-31', headers: auth }))).toEqual([
      'Arjun',
    ]);
    expect(names(await t.app.inject({ url: '/api/fee?status=paid&limit=5&page=1', headers: auth }))).toHaveLength(3);
  });

  it('pages the other orders from the fees themselves, with the filters, the offset and the exact total', async () => {
    const library = await registerLibrary(t.app);
    const id = library.session.library.id;
    // Seven fees, the n-th of ₹(100 × n) on January n (UPI for the odd ones).
    for (let n = 1; n <= 7; n++) {
      const student = await insertStudent(t.pool, id, { firstName: `S${n}`, mobile: `900000010${n}` });
      await insertFee(id, student.id, 100 * n, `2026-01-0${n}T06:00:00Z`, n % 2 ? 'UPI' : 'Cash');
    }
    const page = async (query: string) => {
      const response = await t.app.inject({ url: `/api/fee?${query}`, headers: library.auth });
      expect(response.statusCode, query).toBe(200);
      return { names: names(response), total: response.json().data.pagination.totalItems as number };
    };
    expect(await page('sortBy=amount&sortOrder=ASC&limit=5&page=2')).toEqual({ names: ['S6', 'S7'], total: 7 });
    expect(await page('sortBy=created_at&sortOrder=DESC&limit=5&page=2')).toEqual({ names: ['S2', 'S1'], total: 7 });
    expect(await page('sortBy=amount&sortOrder=DESC&mode=UPI&from=2026-01-02&to=2026-01-06')).toEqual({
      names: ['S5', 'S3'],
      total: 2,
    });
    expect(await page('sortBy=duration&sortOrder=ASC&status=paid&limit=5&page=2')).toEqual({
      names: ['S2', 'S1'],
      total: 7,
    });
  });

  it('refuses bad queries with 400', async () => {
    for (const query of [
      'sortBy=amount;drop',
      'limit=11',
      'from=2026-13-01',
      'from=2026-02-01&to=2026-01-01',
      'status=refunded',
      'mode=Gold',
    ]) {
      const response = await t.app.inject({ url: `/api/fee?${query}`, headers: auth });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ status: false, code: 400 });
    }
  });

  it("never shows another library's fees", async () => {
    expect(names(await t.app.inject({ url: '/api/fee', headers: otherAuth }))).toEqual(['Stranger']);
  });

  it('exports the report as CSV honouring the search', async () => {
    const response = await t.app.inject({
      url: '/api/fee/export?search=a&sortBy=amount&sortOrder=DESC',
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="fee-report-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Student Name,Mobile,Email,Amount (INR),Duration,Payment Mode,Type,Status,Created At,Updated At,Receipt No',
    );
    expect(lines.slice(1).map((line) => line.split(',')[3])).toEqual(['1500.00', '1200.50', '900.00']);
    expect(response.body).not.toContain('Stranger');
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ url: '/api/fee' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/fee/export' })).statusCode).toBe(401);
  });
});
