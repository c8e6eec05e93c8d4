import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './client';
import {
  canNameInPlace,
  pageBounds,
  flatSelection,
  queryPrepared,
  runPrepared,
  runStatement,
  statementName,
  statementsByShape,
} from './prepared';
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

/** Every kind of field Drizzle decodes: columns, SQL with and without a decoder, an aliased SQL, a missing value. */
function librariesWithEveryField(id: string) {
  return handle.db
    .select({
      id: libraries.id,
      createdAt: libraries.createdAt,
      shouted: sql<string>`upper(${libraries.name})`,
      length: sql`length(${libraries.name})`.mapWith(Number),
      day: sql<string>`${libraries.createdAt}::date`.as('day'),
      address: libraries.address,
    })
    .from(libraries)
    .where(eq(libraries.id, id));
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

  it('maps every kind of field as Drizzle does, and a nested selection by Drizzle itself', async () => {
    const [library] = await handle.pool
      .query<{ id: string }>(
        `insert into libraries (name, mobile, email) values ('Mapped', '9876543210', 'mapped@example.com') returning id`,
      )
      .then((result) => result.rows);
    const id = library!.id;
    expect(flatSelection(librariesWithEveryField(id).prepare(''))).toBe(handle.pool);
    const rows = await runPrepared(librariesWithEveryField(id));
    expect(rows).toEqual(await librariesWithEveryField(id));
    expect(rows).toEqual([
      { id, createdAt: expect.any(Date), shouted: 'MAPPED', length: 6, day: expect.any(String), address: null },
    ]);
    const nested = () =>
      handle.db
        .select({ id: libraries.id, contact: { email: libraries.email, mobile: libraries.mobile } })
        .from(libraries)
        .where(eq(libraries.id, id));
    expect(flatSelection(nested().prepare(''))).toBeUndefined();
    expect(await runPrepared(nested())).toEqual([
      { id, contact: { email: 'mapped@example.com', mobile: '9876543210' } },
    ]);
    expect(await runPrepared(nested())).toEqual(await nested());
  });

  it('runs SQL text as a named statement with its values as parameters', async () => {
    const text = 'select $1::int + 1 as answer';
    expect(await queryPrepared(handle.db, text, [41])).toEqual([{ answer: 42 }]);
    expect(await queryPrepared(handle.db, text, [1])).toEqual([{ answer: 2 }]);
    expect(await preparedNames()).toContain(digestName(text));
  });

  it("writes a shape's statement once, and runs it with each call's values, prepared or planned", async () => {
    const built: string[] = [];
    const statementOf = statementsByShape(
      (shape: { doubled: boolean }) => String(shape.doubled),
      (shape) => {
        built.push(String(shape.doubled));
        const value = sql`${sql.placeholder('value')}::int`;
        return sql`select ${shape.doubled ? sql`${value} * 2` : value} + ${sql.placeholder('plus')}::int as answer, ${sql.placeholder('value')}::int as again`;
      },
    );
    const plain = statementOf({ doubled: false });
    expect(statementOf({ doubled: false })).toBe(plain);
    expect(await runStatement(handle.db, plain, { value: 5, plus: 1 })).toEqual([{ answer: 6, again: 5 }]);
    expect(await runStatement(handle.db, plain, { value: 7, plus: 0 })).toEqual([{ answer: 7, again: 7 }]);
    expect(await preparedNames()).toContain(digestName(plain.text));
    const doubled = statementOf({ doubled: true });
    expect(await runStatement(handle.db, doubled, { value: 5, plus: 1 }, { prepared: false })).toEqual([
      { answer: 11, again: 5 },
    ]);
    expect(await preparedNames()).not.toContain(digestName(doubled.text));
    expect(built).toEqual(['false', 'true']);
    await expect(runStatement(handle.db, plain, { value: 5 })).rejects.toThrow(/plus/);
  });

  it("writes the first page's bounds into the text, a later page's offset as a placeholder", async () => {
    const first = statementsByShape(
      (shape: { firstPage: boolean }) => String(shape.firstPage),
      (shape) =>
        sql`select n from generate_series(1, 9) n order by n ${pageBounds({ limit: 5, firstPage: shape.firstPage })}`,
    );
    const page1 = first({ firstPage: true });
    const page2 = first({ firstPage: false });
    expect(page1.text).toMatch(/limit 5 offset 0$/);
    expect(page2.text).toMatch(/limit 5 offset \$1$/);
    expect(await runStatement(handle.db, page1, {})).toEqual([1, 2, 3, 4, 5].map((n) => ({ n })));
    expect(await runStatement(handle.db, page2, { offset: 5 })).toEqual([6, 7, 8, 9].map((n) => ({ n })));
    expect(() => pageBounds({ limit: 2.5, firstPage: true })).toThrow();
    expect(() => pageBounds({ limit: 0, firstPage: true })).toThrow();
  });
});
