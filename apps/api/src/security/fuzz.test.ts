import fc from 'fast-check';
import { todayIn } from '@app/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, registerLibrary, type TestApp } from '../test/helpers';
import { insertArea, insertSeat, insertStudent } from '../test/factories';
import { subscriptionBody } from '../test/bookings';
import { insertPlan } from '../modules/dues/dues.fixtures';
import { payBalance, receiptLibrary } from '../modules/receipts/receipts.fixtures';

/**
 * Hostile input (issue 8): random requests against every API route of the route
 * table — malformed JSON, wrong types, huge strings, odd unicode, path traversal in
 * ids, broken multipart, bad tokens. Every answer must be below 500 and, when it is
 * an error, the envelope with its real status. 1,000 requests in `npm test`; `npm run
 * bench:fuzz` sends 10,000 (FUZZ_RUNS sets any number, FUZZ_SEED replays a run).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);

let t: TestApp;
let auth: Record<string, string>;

beforeAll(async () => {
  t = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000000' });
  auth = (await registerLibrary(t.app)).auth;
});
afterAll(async () => {
  await t?.close();
});

const oddStrings = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    '%00',
    '\u0000',
    "' or 1=1 --",
    '${jndi:ldap://x}',
    '<script>alert(1)</script>',
    '00000000-0000-4000-8000-000000000000',
    'NaN',
    '-1',
    '1e309',
    '9999999999999999999999',
    '🙂🙂🙂',
    'ـــ',
    'x'.repeat(5000),
  ),
  fc.uuid(),
);

const jsonish: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  oddStrings,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);

function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  if (shape) return Object.keys(shape);
  const inner = (schema as { _zod?: { def?: { in?: unknown; schema?: unknown } } } | undefined)?._zod?.def;
  return inner?.in ? keysOf(inner.in) : inner?.schema ? keysOf(inner.schema) : [];
}

interface FuzzCase {
  routeIndex: number;
  params: string[];
  query: Array<[string, string]>;
  body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; type: string; text: string };
  fields: Array<[string, unknown]>;
  authMode: 'valid' | 'none' | 'garbage';
}

const bodyArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 4, arbitrary: jsonish.map((value) => ({ kind: 'json' as const, value })) },
  {
    weight: 2,
    arbitrary: fc
      .record({
        type: fc.constantFrom(
          'application/json',
          'text/plain',
          'multipart/form-data; boundary=xyz',
          'multipart/form-data',
          'application/x-www-form-urlencoded',
          'application/xml',
        ),
        text: fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.constantFrom(
            '{',
            '{"a":',
            '[1,2',
            '--xyz\r\nContent-Disposition: form-data; name="profile"; filename="a.png"\r\n\r\nnot an image\r\n--xyz--',
            '--xyz\r\n\r\n',
            '\u0000\u0001',
          ),
        ),
      })
      .map(({ type, text }) => ({ kind: 'raw' as const, type, text })),
  },
);

describe('hostile input on every route', () => {
  it(`answers ${RUNS} random requests without a 5xx, always in the envelope`, async () => {
    const routes = t.app.routeTable.filter(
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !route.url.startsWith('/api/docs'),
    );
    expect(routes.length).toBeGreaterThan(30);
    const caseArb: fc.Arbitrary<FuzzCase> = fc.record({
      routeIndex: fc.nat({ max: routes.length - 1 }),
      params: fc.array(oddStrings, { minLength: 3, maxLength: 3 }),
      query: fc.array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(
              'page',
              'limit',
              'sortBy',
              'sortOrder',
              'search',
              'status',
              'type',
              'from',
              'to',
              'areaId',
              'joining_date',
              'start_time',
              'end_time',
              'duration',
              'date',
              'group',
              'month',
              'months',
              'days',
              'format',
            ),
            fc.string({ maxLength: 10 }),
          ),
          oddStrings,
        ),
        { maxLength: 4 },
      ),
      body: bodyArb,
      fields: fc.array(fc.tuple(fc.string({ maxLength: 12 }), jsonish), { maxLength: 4 }),
      authMode: fc.constantFrom('valid', 'valid', 'valid', 'none', 'garbage'),
    });

    let sent = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (fuzz) => {
        const route = routes[fuzz.routeIndex]!;
        let paramIndex = 0;
        const path = route.url
          .replace(/:(\w+)/g, () => encodeURIComponent(fuzz.params[paramIndex++] ?? ''))
          .replace('*', encodeURIComponent(fuzz.params[2] ?? ''));
        const search = new URLSearchParams(fuzz.query).toString();
        const headers: Record<string, string> =
          fuzz.authMode === 'valid'
            ? { ...auth }
            : fuzz.authMode === 'garbage'
              ? { authorization: `Bearer ${fuzz.params[0]}`.slice(0, 300).replace(/[^\x20-\x7e]/g, 'x') }
              : {};
        let payload: string | undefined;
        if (fuzz.body.kind === 'json') {
          // Known field names with random values, to get past "expected object" now and then.
          const known = keysOf(route.schema?.body);
          const value =
            known.length && fuzz.fields.length
              ? Object.fromEntries([
                  ...known.map((key, i) => [key, fuzz.fields[i % fuzz.fields.length]![1]]),
                  ...fuzz.fields,
                ])
              : fuzz.body.value;
          payload = JSON.stringify(value) ?? 'null';
          headers['content-type'] = 'application/json';
        } else if (fuzz.body.kind === 'raw') {
          payload = fuzz.body.text;
          headers['content-type'] = fuzz.body.type;
        }
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: search ? `${path}?${search}` : path,
          headers,
          ...(payload === undefined || route.method === 'GET' ? {} : { payload }),
        });
        sent += 1;
        const where = `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) {
          const body = response.json();
          expect(body, where).toMatchObject({ status: false, code: response.statusCode });
          expect(typeof body.message, where).toBe('string');
          expect(Array.isArray(body.errors), where).toBe(true);
        }
      }),
      { numRuns: RUNS, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
    );
    expect(sent).toBe(RUNS);
    console.log(`fuzz: ${sent} requests over ${routes.length} routes, 0 answers of 5xx`);
  }, 600_000);
});

/** A new library with a subscription agreed at `price` of which `fee` was paid on creation. */
async function libraryOwing(price: number, fee: number) {
  const library = await registerLibrary(t.app);
  const libraryId = library.session.library.id;
  const areaId = await insertArea(t.pool, libraryId);
  await insertSeat(t.pool, libraryId, areaId, { capacity: 5 });
  const student = await insertStudent(t.pool, libraryId);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/subscription',
    headers: library.auth,
    payload: { ...subscriptionBody(student.id, { fee }), price },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { library, libraryId, subscriptionId: created.json().data.id as string };
}

/**
 * The money writes of issue 13 on real records: hostile amounts, modes and references
 * towards a subscription that owes ₹5,000, and hostile settings. Never a 5xx, always the
 * envelope, and whatever is accepted never takes the balance below zero.
 */
describe('hostile payments and settings on real records', () => {
  it('answers without a 5xx and never overpays', async () => {
    const { library, subscriptionId } = await libraryOwing(5000, 0);

    const amount = fc.oneof(
      jsonish,
      fc.integer({ min: -10, max: 6000 }),
      fc.constantFrom('0', '0.00', '0.001', '1e2', '0x10', '-0', '00.10', '1,000', ' 5 ', 0.1 + 0.2, 4999.99, 5000.01),
    );
    const reference = fc.oneof(
      fc.constant(undefined),
      oddStrings,
      fc.stringMatching(/^\d{12}$/),
      fc.constantFrom('1234 5678 9012', 'abc123def', 'hdfc-0001', '０１２３４５６７８９０１'),
    );
    const mode = fc.oneof(fc.constantFrom('Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque'), oddStrings);
    const settings = fc.record(
      {
        upi_id: fc.oneof(oddStrings, fc.constantFrom('owner@okaxis', 'a@b', '@okaxis', null, '')),
        upi_payee_name: fc.oneof(oddStrings, fc.constantFrom('Gyan Deep', null, '')),
        dues_expiring_days: jsonish,
        dues_grace_days: jsonish,
        reminder_template: fc.oneof(oddStrings, fc.constantFrom('Hi {name}', '{nope}', '{', '{}')),
        auto_push_reminders: jsonish,
        receipt_prefix: fc.oneof(oddStrings, fc.constantFrom('GDL', ' gd ', 'ABCD', 'A/B', '', null)),
        price_list: fc.oneof(
          jsonish,
          fc.array(
            fc.record(
              { duration: jsonish, is_reserved: jsonish, window_hours: jsonish, price: amount },
              {
                requiredKeys: [],
              },
            ),
            { maxLength: 4 },
          ),
        ),
      },
      { requiredKeys: [] },
    );
    const call = fc.oneof(
      fc.record({ kind: fc.constant('payment' as const), amount, mode, reference }),
      fc.record({ kind: fc.constant('settings' as const), body: settings }),
    );

    await fc.assert(
      fc.asyncProperty(call, async (request) => {
        const response =
          request.kind === 'payment'
            ? await t.app.inject({
                method: 'POST',
                url: `/api/subscription/${subscriptionId}/payments`,
                headers: library.auth,
                payload: { amount: request.amount, mode: request.mode, reference: request.reference },
              })
            : await t.app.inject({ method: 'PUT', url: '/api/settings', headers: library.auth, payload: request.body });
        const where = `${JSON.stringify(request).slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json(), where).toMatchObject({ status: false, code: response.statusCode });
        }
      }),
      {
        numRuns: Math.max(50, Math.round(RUNS / 4)),
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
      },
    );
    const account = await t.app.inject({ url: `/api/subscription/${subscriptionId}/payments`, headers: library.auth });
    expect(account.json().data.balance).toBeGreaterThanOrEqual(0);
    const stored = await t.pool.query<{ balance: string }>(
      `select (select sum(price) from subscription_charges where subscription_id = $1)
            - (select sum(amount) from fees where subscription_id = $1) as balance`,
      [subscriptionId],
    );
    expect(Number(stored.rows[0]!.balance)).toBeGreaterThanOrEqual(0);
  }, 600_000);
});

/**
 * The corrections and expenses of issue 14 on real records: hostile voids and adjustments
 * of a real payment, and hostile expenses and monthly expenses. Never a 5xx, always the
 * envelope; the balance never goes below zero, a refund never takes more than the payment,
 * and no expense is stored at ₹0 or below, in fractions of a paisa or dated after today.
 */
describe('hostile corrections and expenses on real records', () => {
  it('answers without a 5xx, never overpays and stores only valid expenses', async () => {
    const { library, libraryId, subscriptionId } = await libraryOwing(5000, 3000);
    const account = await t.app.inject({ url: `/api/subscription/${subscriptionId}/payments`, headers: library.auth });
    const paymentId = account.json().data.payments[0].id as string;
    const thisMonth = todayIn('Asia/Kolkata').slice(0, 7);
    let accepted = 0;

    const amount = fc.oneof(
      jsonish,
      fc.integer({ min: -10, max: 6000 }),
      fc.constantFrom('0', '0.001', '-1', '1e2', 0.1 + 0.2, 1999.99, 2000, 2000.01, 3000, 3000.01),
    );
    const text = fc.oneof(oddStrings, fc.constantFrom('', '   ', 'Entered twice', null));
    const mode = fc.oneof(fc.constantFrom('Cash', 'UPI', 'Card', 'Bank Transfer', 'Cheque'), oddStrings);
    const call = fc.oneof(
      fc.record({ kind: fc.constant('void' as const), id: fc.oneof(fc.constant(paymentId), oddStrings), reason: text }),
      fc.record({
        kind: fc.constant('adjust' as const),
        id: fc.oneof(fc.constant(paymentId), oddStrings),
        body: fc.record(
          {
            direction: fc.oneof(fc.constantFrom('more', 'refund'), jsonish),
            amount,
            mode,
            reference: fc.oneof(fc.constant(undefined), oddStrings, fc.stringMatching(/^\d{12}$/)),
            reason: text,
          },
          { requiredKeys: [] },
        ),
      }),
      fc.record({
        kind: fc.constant('expense' as const),
        body: fc.record(
          {
            date: fc.oneof(oddStrings, fc.constantFrom('2026-02-30', '2999-01-01', '2026-01-15', '')),
            category: fc.oneof(text, fc.constantFrom('rent', 'RENT', 'Water', '<b>x</b>')),
            amount,
            note: text,
            mode,
          },
          { requiredKeys: [] },
        ),
      }),
      fc.record({
        kind: fc.constant('recurring' as const),
        body: fc.record(
          {
            category: fc.oneof(text, fc.constantFrom('rent', 'internet')),
            amount,
            note: text,
            mode,
            day_of_month: fc.oneof(jsonish, fc.integer({ min: -1, max: 32 })),
            start_month: fc.oneof(oddStrings, fc.constantFrom('2026-13', '1999-01', '2026-01', '')),
          },
          { requiredKeys: [] },
        ),
      }),
    );

    await fc.assert(
      fc.asyncProperty(call, async (request) => {
        const [url, payload] =
          request.kind === 'void'
            ? [`/api/payments/${encodeURIComponent(request.id)}/void`, { reason: request.reason }]
            : request.kind === 'adjust'
              ? [`/api/payments/${encodeURIComponent(request.id)}/adjustments`, request.body]
              : request.kind === 'expense'
                ? ['/api/expenses', request.body]
                : ['/api/expenses/recurring', request.body];
        const response = await t.app.inject({ method: 'POST', url, headers: library.auth, payload });
        const where = `${JSON.stringify(request).slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.json(), where).toMatchObject({ status: false, code: response.statusCode });
        } else {
          accepted += 1;
        }
      }),
      {
        numRuns: Math.max(50, Math.round(RUNS / 4)),
        // A random request is seldom valid: these are, so writes are among what is checked below.
        examples: [
          [{ kind: 'adjust', id: paymentId, body: { direction: 'refund', amount: 500, mode: 'Cash', reason: 'Left' } }],
          [{ kind: 'expense', body: { date: '2026-01-15', category: 'RENT', amount: '999.50', mode: 'UPI' } }],
          [
            {
              kind: 'recurring',
              body: { category: 'internet', amount: 700, mode: 'UPI', day_of_month: 1, start_month: thisMonth },
            },
          ],
        ],
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
      },
    );
    expect(accepted).toBeGreaterThanOrEqual(3);
    const after = await t.app.inject({ url: `/api/subscription/${subscriptionId}/payments`, headers: library.auth });
    expect(after.json().data.balance).toBeGreaterThanOrEqual(0);
    const refunds = await t.pool.query<{ left: string }>(
      `select (f.amount + coalesce((select sum(a.amount) from fees a where a.adjusts_id = f.id and a.voided_at is null), 0))::text as left
       from fees f where f.id = $1`,
      [paymentId],
    );
    expect(Number(refunds.rows[0]!.left)).toBeGreaterThanOrEqual(0);
    const bad = await t.pool.query(
      `select 1 from expenses e join libraries l on l.id = e.library_id
       where e.library_id = $1 and (e.amount <= 0 or e.amount * 100 <> trunc(e.amount * 100)
                                    or e.spent_on > (now() at time zone l.time_zone)::date)`,
      [libraryId],
    );
    expect(bad.rows).toEqual([]);
  }, 600_000);
});

describe('hostile input on the reminders write', () => {
  it('records a reminder only for a real due with a valid group and channel, and never answers 5xx', async () => {
    const { session, auth: owner } = await registerLibrary(t.app);
    const libraryId = session.library.id;
    const reachable = await insertStudent(t.pool, libraryId, { mobile: '9876512345' });
    // Expiring in two days with ₹400 unpaid: a due in the expiring and unpaid groups.
    const due = await insertPlan(t.pool, libraryId, reachable.id, { expiresIn: 2, prices: [1000], payments: [600] });
    const landline = await insertStudent(t.pool, libraryId, { mobile: '2212345678' });
    const unreachable = await insertPlan(t.pool, libraryId, landline.id, { expiresIn: 1 });
    const other = await registerLibrary(t.app);

    const value = <T>(valid: readonly T[]) => fc.oneof(fc.constantFrom(...valid), jsonish);
    const requestArb = fc.record({
      id: fc.oneof(fc.constantFrom(due, unreachable), oddStrings),
      body: fc.oneof(
        fc.record(
          {
            group: value(['expiring', 'expired', 'unpaid', 'EXPIRING', ' unpaid']),
            channel: value(['whatsapp', 'sms', 'push', 'WhatsApp']),
            amount: jsonish,
            sent_by: jsonish,
            library_id: fc.constant(other.session.library.id),
          },
          { requiredKeys: [] },
        ),
        jsonish,
      ),
      intruder: fc.boolean(),
    });

    let created = 0;
    await fc.assert(
      fc.asyncProperty(requestArb, async ({ id, body, intruder }) => {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/dues/${encodeURIComponent(id)}/reminders`,
          headers: { ...(intruder ? other.auth : owner), 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        const where = `${JSON.stringify({ id, body, intruder })} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        const fields = body as Record<string, unknown> | null;
        const valid =
          !intruder &&
          id === due &&
          typeof fields === 'object' &&
          fields !== null &&
          ['expiring', 'unpaid'].includes(fields.group as string) &&
          ['whatsapp', 'sms'].includes(fields.channel as string);
        expect(response.statusCode === 201, where).toBe(valid);
        if (response.statusCode === 201) {
          created += 1;
          // The amount is the due's, never the body's.
          expect(response.json().data.amount, where).toBe(fields!.group === 'unpaid' ? 400 : 1400);
        } else {
          expect(response.json(), where).toMatchObject({ status: false, code: response.statusCode });
        }
      }),
      {
        numRuns: Math.max(100, Math.round(RUNS / 4)),
        // A random request is seldom valid (most runs of 250 had none): these two always
        // are, so the rows checked below include reminders written (and `created` is never 0).
        examples: [
          [{ id: due, body: { group: 'expiring', channel: 'whatsapp' }, intruder: false }],
          [
            {
              id: due,
              body: { group: 'unpaid', channel: 'sms', amount: 1, library_id: other.session.library.id },
              intruder: false,
            },
          ],
        ],
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
      },
    );
    const rows = await t.pool.query<{ library_id: string; subscription_id: string; count: number }>(
      `select library_id, subscription_id, count(*)::int as count from due_reminders
       where library_id = any($1::uuid[]) group by 1, 2`,
      [[libraryId, other.session.library.id]],
    );
    expect(rows.rows).toEqual(created ? [{ library_id: libraryId, subscription_id: due, count: created }] : []);
    expect(created).toBeGreaterThan(0);
  }, 600_000);
});

describe('hostile share links', () => {
  it('answers random /r/ paths and tokens without a 5xx, with a plain page, and opens only the link’s own receipt', async () => {
    const library = await receiptLibrary(t);
    const other = await payBalance(t, library, { amount: 100 });
    const linkPath = async (paymentId: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/receipts/${paymentId}/links`,
        headers: library.auth,
      });
      expect(response.statusCode, response.body).toBe(201);
      return new URL(response.json<{ data: { url: string } }>().data.url).pathname;
    };
    const live = await linkPath(library.paymentId);
    const revoked = await linkPath(other.id);
    const revokedAll = await t.app.inject({
      method: 'DELETE',
      url: `/api/receipts/${other.id}/links`,
      headers: library.auth,
    });
    expect(revokedAll.statusCode).toBe(200);
    const receiptNo = async (paymentId: string) =>
      (await t.app.inject({ url: `/api/receipts/${paymentId}`, headers: library.auth })).json().data.receipt_no;
    const [liveNo, otherNo] = [await receiptNo(library.paymentId), await receiptNo(other.id)];

    const pathArb = fc.oneof(
      fc.constantFrom(live, `${live}/pdf`, revoked, `${revoked}/pdf`, '/r', '/r/'),
      fc
        .tuple(fc.constantFrom(live, revoked, '/r'), oddStrings)
        .map(([base, tail]) => `${base}/${encodeURIComponent(tail)}`),
      fc
        .string({
          unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
          minLength: 43,
          maxLength: 43,
        })
        .map((token) => `/r/${token}`),
      oddStrings.map((tail) => `/r/${encodeURIComponent(tail)}`),
    );
    let opened = 0;
    await fc.assert(
      fc.asyncProperty(
        pathArb,
        fc.array(fc.tuple(fc.constantFrom('paper', 'payment', 'id', 'token'), oddStrings), { maxLength: 3 }),
        fc.constantFrom<Record<string, string>>({}, library.auth, { authorization: 'Bearer x' }),
        async (path, query, headers) => {
          const search = new URLSearchParams(query).toString();
          const url = search ? `${path}?${search}` : path;
          const response = await t.app.inject({ url, headers });
          const where = `${url.slice(0, 200)} → ${response.statusCode}`;
          expect(response.statusCode, where).toBeLessThan(500);
          expect([200, 400, 404, 410], where).toContain(response.statusCode);
          if (response.statusCode === 400) {
            // Only a URL the router cannot read (a broken escape) gets the API's envelope.
            expect(response.json(), where).toMatchObject({ status: false, code: 400 });
            return;
          }
          const type = String(response.headers['content-type']);
          expect(type === 'application/pdf' || type === 'text/html; charset=utf-8', where).toBe(true);
          expect(response.headers['cache-control'], where).toBe('no-store');
          if (response.statusCode === 200) {
            opened += 1;
            expect(path === live || path === `${live}/pdf`, where).toBe(true);
            if (type.startsWith('text/html')) {
              expect(response.body, where).toContain(liveNo);
              expect(response.body, where).not.toContain(otherNo);
            }
          } else {
            expect(response.body, where).not.toContain(liveNo);
            expect(response.body, where).not.toContain(otherNo);
          }
        },
      ),
      {
        numRuns: Math.max(50, Math.round(RUNS / 5)),
        examples: [[live, [['payment', other.id]], {}]],
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
      },
    );
    expect(opened).toBeGreaterThan(0);
  });
});

describe('hostile input on the team (issue 16)', () => {
  it('never answers 5xx, never leaves the library without an active owner, and joins only with a real invitation', async () => {
    const library = await registerLibrary(t.app);
    const libraryId = library.session.library.id;
    const desk = await t.pool.query<{ id: string }>(
      `insert into admins (library_id, name, email, phone, password_hash, role)
       values ($1, 'Desk', $2, '9876501234', 'x', 'desk') returning id`,
      [libraryId, `fuzz-desk-${libraryId}@example.com`],
    );
    const people = [library.session.id, desk.rows[0]!.id];
    const role = fc.oneof(fc.constantFrom('owner', 'manager', 'desk', 'OWNER', ''), jsonish);
    const id = fc.oneof(fc.constantFrom(...people), oddStrings);
    const call = fc.oneof(
      fc.record({
        method: fc.constant('PATCH' as const),
        path: id.map((x) => `/api/team/people/${encodeURIComponent(x)}`),
        body: fc.record({ role }, { requiredKeys: [] }),
      }),
      fc.record({
        method: fc.constant('POST' as const),
        path: fc
          .tuple(id, fc.constantFrom('deactivate', 'reactivate'))
          .map(([x, what]) => `/api/team/people/${encodeURIComponent(x)}/${what}`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('POST' as const),
        path: fc.constantFrom('/api/team/people', '/api/team/invitations'),
        body: fc.record(
          {
            name: fc.oneof(oddStrings, jsonish),
            email: fc.oneof(oddStrings, fc.emailAddress(), jsonish),
            phone: fc.oneof(oddStrings, fc.constant('9876501234')),
            role,
          },
          { requiredKeys: [] },
        ),
      }),
      fc.record({
        method: fc.constantFrom('GET' as const, 'POST' as const),
        path: fc
          .oneof(oddStrings, fc.base64String({ minLength: 20, maxLength: 60 }))
          .map((token) => `/api/invitations/${encodeURIComponent(token)}`),
        body: fc.constant(undefined),
      }),
      fc.record({
        method: fc.constant('POST' as const),
        path: fc
          .oneof(oddStrings, fc.stringMatching(/^[A-Za-z0-9_-]{43}$/))
          .map((token) => `/api/invitations/${encodeURIComponent(token)}/accept`),
        body: fc.record(
          { password: fc.oneof(oddStrings, jsonish), phone: fc.oneof(oddStrings, jsonish) },
          { requiredKeys: [] },
        ),
      }),
      fc.record({
        method: fc.constant('GET' as const),
        path: fc
          .tuple(id, oddStrings)
          .map(([x, limit]) => `/api/team/activity?person=${encodeURIComponent(x)}&limit=${encodeURIComponent(limit)}`),
        body: fc.constant(undefined),
      }),
    );
    await fc.assert(
      fc.asyncProperty(call, async (request) => {
        const response = await t.app.inject({
          method: request.method,
          url: request.path,
          headers: library.auth,
          ...(request.body === undefined ? {} : { payload: request.body as object }),
        });
        const where = `${JSON.stringify(request).slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 200)}`;
        expect(response.statusCode, where).toBeLessThan(500);
        if (response.statusCode >= 400)
          expect(response.json(), where).toMatchObject({ status: false, code: response.statusCode });
      }),
      {
        numRuns: Math.max(50, Math.round(RUNS / 4)),
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
      },
    );
    const owners = await t.pool.query(
      `select count(*)::int as n from admins where library_id = $1 and role = 'owner' and deactivated_at is null`,
      [libraryId],
    );
    expect(owners.rows[0].n).toBeGreaterThanOrEqual(1);
    // No invitation existed: nobody joined.
    const joined = await t.pool.query(
      `select count(*)::int as n from invitations where accepted_at is not null and library_id = $1`,
      [libraryId],
    );
    expect(joined.rows[0].n).toBe(0);
  }, 600_000);
});
