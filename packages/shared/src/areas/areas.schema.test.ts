import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { areaBodySchema, areaListQuerySchema } from './areas.schema';

const m = messages.areas;
const firstMessage = (input: unknown) => {
  const result = areaBodySchema.safeParse(input);
  return result.success ? undefined : result.error.issues.map((issue) => issue.message);
};

describe('areaBodySchema', () => {
  it('reads the form as the server stores it', () => {
    expect(areaBodySchema.parse({ area_name: ' A Block ', total_seats: '40', status: 'active', location: '' })).toEqual(
      {
        area_name: 'A Block',
        total_seats: 40,
        status: 'active',
        location: null,
      },
    );
  });

  it('answers the spec messages for empty fields', () => {
    expect(firstMessage({ area_name: '', total_seats: '', status: '' })).toEqual([
      m.nameRequired,
      m.totalSeatsRequired,
      m.statusRequired,
    ]);
    expect(firstMessage({})).toEqual([m.nameRequired, m.totalSeatsRequired, m.statusRequired]);
  });

  it.each([
    ['12.5', m.totalSeatsWhole],
    [12.5, m.totalSeatsWhole],
    ['0', m.totalSeatsRange],
    [-3, m.totalSeatsRange],
    [1000, m.totalSeatsRange],
    ['1e9', m.totalSeatsRange],
    ['forty', m.totalSeatsNumber],
    [true, m.totalSeatsNumber],
  ])('refuses total_seats %j', (totalSeats, message) => {
    expect(firstMessage({ area_name: 'A', total_seats: totalSeats, status: 'active' })).toEqual([message]);
  });

  it('refuses a status outside the three', () => {
    expect(firstMessage({ area_name: 'A', total_seats: 1, status: 'closed' })).toEqual([m.statusInvalid]);
  });
});

describe('areaListQuerySchema', () => {
  it('defaults to the first page of 10 by name ascending', () => {
    expect(areaListQuerySchema.parse({})).toEqual({ page: 1, limit: 10, sortBy: 'name', sortOrder: 'ASC' });
    expect(areaListQuerySchema.parse({ status: '', search: '' })).toMatchObject({ page: 1 });
  });

  it('refuses unknown sort keys and page sizes', () => {
    expect(areaListQuerySchema.safeParse({ sortBy: 'password' }).success).toBe(false);
    expect(areaListQuerySchema.safeParse({ limit: '7' }).success).toBe(false);
    expect(areaListQuerySchema.parse({ sortOrder: 'desc', limit: '25' })).toMatchObject({
      sortOrder: 'DESC',
      limit: 25,
    });
  });
});
