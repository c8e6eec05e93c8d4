import { describe, expect, it } from 'vitest';
import { messages } from '@app/shared';
import { insertSeat } from '../../test/factories';
import { useTestApp } from '../../test/helpers';
import { bookForNewStudent, libraryWithArea } from '../../test/bookings';

// Fees are plain decimal rupees with at most two decimals; anything else is a 400 (issue 12).
const m = messages.subscriptions;
const t = useTestApp();

const HOSTILE: unknown[] = [
  '0x10',
  '1e3',
  ' 12 ',
  'Infinity',
  '1_000',
  '+5',
  '12.345',
  '-5',
  '.5',
  '12.',
  '1,000',
  'NaN',
  true,
  [12],
  { amount: 12 },
  -1,
  12.345,
  1_000_000.01,
];

async function library() {
  const { libraryId, auth, areaId } = await libraryWithArea(t);
  await insertSeat(t.pool, libraryId, areaId, { name: 'A1', capacity: 50 });
  return { libraryId, auth };
}

async function create(auth: Record<string, string>, libraryId: string, fee: unknown) {
  return bookForNewStudent(t, auth, libraryId, { fee });
}

async function feeAmounts(libraryId: string): Promise<string[]> {
  const { rows } = await t.pool.query<{ amount: string }>(
    'select amount from fees where library_id = $1 order by created_at',
    [libraryId],
  );
  return rows.map((row) => row.amount);
}

function expectFeeRefused(response: { statusCode: number; json: () => unknown }, sent: unknown) {
  expect(response.statusCode, JSON.stringify(sent)).toBe(400);
  expect(response.json()).toMatchObject({
    status: false,
    code: 400,
    errors: [{ field: 'fee', message: m.invalidFee }],
  });
}

describe('fee amounts on POST /api/subscription and renew', () => {
  it('refuses hostile amounts on create and records nothing', async () => {
    const { libraryId, auth } = await library();
    for (const fee of HOSTILE) expectFeeRefused(await create(auth, libraryId, fee), fee);
    expect(await feeAmounts(libraryId)).toEqual([]);
  });

  it('refuses hostile amounts on renew and records nothing', async () => {
    const { libraryId, auth } = await library();
    const created = await create(auth, libraryId, 1200);
    const id = created.json().data.id as string;
    for (const fee of HOSTILE) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/subscription/renew/${id}`,
        headers: auth,
        payload: { duration: 1, fee, mode: 'Cash' },
      });
      expectFeeRefused(response, fee);
    }
    expect(await feeAmounts(libraryId)).toEqual(['1200.00']);
  });

  it('stores the amounts clients send exactly, as numbers or as text', async () => {
    const { libraryId, auth } = await library();
    for (const fee of [1200, '1200', 3600.5, '3600.50', '0.05', 0, '1000000']) {
      const response = await create(auth, libraryId, fee);
      expect(response.statusCode, `${JSON.stringify(fee)}: ${response.body}`).toBe(201);
    }
    expect(await feeAmounts(libraryId)).toEqual([
      '1200.00',
      '1200.00',
      '3600.50',
      '3600.50',
      '0.05',
      '0.00',
      '1000000.00',
    ]);
  });
});
