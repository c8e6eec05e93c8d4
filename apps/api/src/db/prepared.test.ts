import { createHash } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './client';
import { canNameInPlace, queryPrepared, runPrepared, statementName } from './prepared';
import { libraries } from './schema';

// One connection, so the statements prepared by one call are there for the next to see.
let handle: DatabaseHandle;
beforeAll(() => {
  handle = connectDatabase(inject('databaseUrl'), 1);
});
afterAll(async () => {
  await handle.pool.end();
});

const digestName = (text: string) => `p_${createHash('sha256').update(text).digest('base64url').slice(0, 40)}`;

async function preparedNames(): Promise<string[]> {
  const { rows } = await handle.pool.query<{ name: string }>('select name from pg_prepared_statements');
  return rows.map((row) => row.name);
}

function librariesByName(id: string) {
  return handle.db
    .select({ id: libraries.id, name: libraries.name, createdAt: libraries.createdAt })
    .from(libraries)
    .where(eq(libraries.id, id))
    .orderBy(asc(libraries.name));
}

describe('prepared statements (issue 18)', () => {
  it('names a statement after a digest of its text, the same name every time', () => {
    const text = 'select $1::int as answer';
    expect(statementName(text)).toBe(digestName(text));
    expect(statementName(text)).toBe(statementName(`${text}`));
    expect(statementName(text)).not.toBe(statementName(`${text} `));
    expect(statementName(text).length).toBeLessThanOrEqual(63);
  });

  it('runs a Drizzle query built once, named after its text, with the rows Drizzle maps', async () => {
    const [library] = await handle.pool
      .query<{ id: string }>(
        `insert into libraries (name, mobile, email) values ('Prepared', '9876543210', 'prepared@example.com') returning id`,
      )
      .then((result) => result.rows);
    const query = librariesByName(library!.id);
    // The drizzle-orm installed still has the fields runPrepared names in place: one build a query.
    expect(canNameInPlace(query.prepare(''))).toBe(true);
    const rows = await runPrepared(librariesByName(library!.id));
    expect(rows).toEqual(await librariesByName(library!.id));
    expect(rows).toEqual([{ id: library!.id, name: 'Prepared', createdAt: expect.any(Date) }]);
    expect(await preparedNames()).toContain(digestName(query.toSQL().sql));
    // Another value, the same statement: still its own rows.
    expect(await runPrepared(librariesByName('00000000-0000-0000-0000-000000000000'))).toEqual([]);
  });

  it('runs SQL text as a named statement with its values as parameters', async () => {
    const text = 'select $1::int + 1 as answer';
    expect(await queryPrepared(handle.db, text, [41])).toEqual([{ answer: 42 }]);
    expect(await queryPrepared(handle.db, text, [1])).toEqual([{ answer: 2 }]);
    expect(await preparedNames()).toContain(digestName(text));
  });
});
