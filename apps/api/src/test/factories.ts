import { randomBytes, randomInt } from 'node:crypto';
import type pg from 'pg';

/**
 * Direct inserts for tests of features that need rows of other features
 * (a subscription needs a student and a seat) without going through their APIs.
 */
export async function insertStudent(
  pool: pg.Pool,
  libraryId: string,
  overrides: { firstName?: string; mobile?: string } = {},
) {
  const mobile = overrides.mobile ?? `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const result = await pool.query<{ id: string }>(
    `insert into students (library_id, first_name, last_name, mobile, email, dob, aadhaar_encrypted, aadhaar_hash, aadhaar_last4)
     values ($1, $2, 'Test', $3, $4, '2000-01-01', 'x', $5, '1234') returning id`,
    [
      libraryId,
      overrides.firstName ?? 'Asha',
      mobile,
      `s-${randomBytes(5).toString('hex')}@example.com`,
      randomBytes(16).toString('hex'),
    ],
  );
  return { id: result.rows[0]!.id, mobile };
}

export async function insertArea(
  pool: pg.Pool,
  libraryId: string,
  overrides: { name?: string; totalSeats?: number; status?: string } = {},
) {
  const result = await pool.query<{ id: string }>(
    `insert into areas (library_id, name, total_seats, status) values ($1, $2, $3, $4) returning id`,
    [
      libraryId,
      overrides.name ?? `Hall ${randomBytes(3).toString('hex')}`,
      overrides.totalSeats ?? 50,
      overrides.status ?? 'active',
    ],
  );
  return result.rows[0]!.id;
}

export async function insertSeat(
  pool: pg.Pool,
  libraryId: string,
  areaId: string,
  overrides: { name?: string; capacity?: number; status?: string } = {},
) {
  const result = await pool.query<{ id: string }>(
    `insert into seats (library_id, area_id, name, capacity, status) values ($1, $2, $3, $4, $5) returning id`,
    [
      libraryId,
      areaId,
      overrides.name ?? `S${randomBytes(3).toString('hex')}`,
      overrides.capacity ?? 1,
      overrides.status ?? 'active',
    ],
  );
  return result.rows[0]!.id;
}
