import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { lookupPrice, type PriceListEntry } from '@app/shared';
import { insertArea, insertSeat, insertStudent } from '../../test/factories';
import { registerLibrary, useTestApp } from '../../test/helpers';
import { insertPlan } from './dues.fixtures';
import { renewalPriceOf } from './dues.repository';

/**
 * The renewal price the dues compute in SQL is the price the dialogs pre-fill with the
 * shared `lookupPrice` (else the last agreed price): random price lists and daily
 * windows, both answers compared.
 */
const t = useTestApp();
let libraryId: string;
let subscriptionId: string;
let seatId: string;
const LAST_PRICE = 777.77;

beforeAll(async () => {
  const { session } = await registerLibrary(t.app);
  libraryId = session.library.id;
  seatId = await insertSeat(t.pool, libraryId, await insertArea(t.pool, libraryId));
  const student = await insertStudent(t.pool, libraryId);
  subscriptionId = await insertPlan(t.pool, libraryId, student.id, { expiresIn: 3, prices: [500, LAST_PRICE] });
});

const time = fc
  .record({ minute: fc.integer({ min: 0, max: 1439 }), second: fc.integer({ min: 0, max: 59 }) })
  .map(({ minute, second }) => {
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}:${pad(second)}`;
  });

const entry: fc.Arbitrary<PriceListEntry> = fc.record({
  duration: fc.integer({ min: 1, max: 3 }),
  is_reserved: fc.boolean(),
  window_hours: fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
  price: fc.integer({ min: 0, max: 100_000_000 }).map((paise) => paise / 100),
});

// One price a plan, as the settings call and the database's unique index allow.
const priceList = fc.uniqueArray(entry, {
  maxLength: 12,
  selector: (e) => `${e.duration}|${e.is_reserved}|${e.window_hours ?? 'any'}`,
});

const plan = fc.record({
  duration: fc.integer({ min: 1, max: 3 }),
  is_reserved: fc.boolean(),
  start_time: time,
  end_time: time,
});

describe('renewal price in SQL', () => {
  it('agrees with the shared lookupPrice, falling back to the last agreed price', async () => {
    // Which way each answer was found: the runs must have gone every way.
    const found = { tier: 0, anyLength: 0, lastPrice: 0 };
    await fc.assert(
      fc.asyncProperty(priceList, plan, async (list, subscription) => {
        await t.pool.query('delete from price_list where library_id = $1', [libraryId]);
        for (const row of list) {
          await t.pool.query(
            `insert into price_list (library_id, duration_months, is_reserved, window_hours, price) values ($1, $2, $3, $4, $5)`,
            [libraryId, row.duration, row.is_reserved, row.window_hours, row.price.toFixed(2)],
          );
        }
        await t.pool.query(
          `update subscriptions set duration_months = $3, is_reserved = $4, seat_id = $5, start_time = $6, end_time = $7
           where library_id = $1 and id = $2`,
          [
            libraryId,
            subscriptionId,
            subscription.duration,
            subscription.is_reserved,
            subscription.is_reserved ? seatId : null,
            subscription.start_time,
            subscription.end_time,
          ],
        );
        const inSql = await renewalPriceOf(t.app.db, libraryId, subscriptionId);
        const expected = lookupPrice(list, subscription);
        expect(Number(inSql)).toBe(expected ?? LAST_PRICE);
        const anyLength = list.find(
          (row) =>
            row.duration === subscription.duration &&
            row.is_reserved === subscription.is_reserved &&
            row.window_hours === null,
        );
        if (expected === undefined) found.lastPrice += 1;
        else if (anyLength && anyLength.price === expected) found.anyLength += 1;
        else found.tier += 1;
      }),
      { numRuns: 150 },
    );
    expect(found.tier).toBeGreaterThan(5);
    expect(found.anyLength).toBeGreaterThan(5);
    expect(found.lastPrice).toBeGreaterThan(5);
  });
});
