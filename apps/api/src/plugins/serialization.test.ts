import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import {
  areaPageSchema,
  feeListSchema,
  seatSchema,
  studentListSchema,
  successEnvelope,
  errorEnvelopeSchema,
} from '@app/shared';
import { parsesAsItEncodes, responseSerializerCompiler } from './serialization';

const route = (schema: unknown) => ({ schema, method: 'GET', url: '/test', httpStatus: '200' });
const ours = (schema: unknown) => responseSerializerCompiler(route(schema) as never);
const library = (schema: unknown) => serializerCompiler(route(schema) as never);

const row = z.object({
  id: z.uuid(),
  name: z.string().min(1).max(100),
  email: z.email().nullable(),
  status: z.enum(['active', 'left']),
  count: z.number().int(),
  tags: z.array(z.string()).optional(),
  created_at: z.string(),
});
const page = successEnvelope(z.object({ rows: z.array(row), total: z.number() }));
const value = {
  status: true,
  message: 'OK',
  data: {
    rows: [
      {
        id: '9fe491b9-e5b7-4d07-ad84-38e6fe0409ad',
        name: 'Aarav',
        email: null,
        status: 'active',
        count: 3,
        created_at: '2026-06-27T11:29:00.000Z',
        // Not in the schema: never in the answer.
        password_hash: 'secret',
      },
      {
        id: '53ef61db-649f-4efe-ab33-8649cc491f64',
        name: 'Diya',
        email: 'diya@example.com',
        status: 'left',
        count: 0,
        tags: ['a'],
        created_at: '2026-06-28T11:29:00.000Z',
      },
    ],
    total: 2,
  },
};

describe('response serialization (issue 18)', () => {
  it('tells schemas that parse as they encode from those that do not', () => {
    expect(parsesAsItEncodes(page)).toBe(true);
    expect(parsesAsItEncodes(errorEnvelopeSchema)).toBe(true);
    expect(parsesAsItEncodes(z.object({ a: z.string().transform((s) => s.length) }))).toBe(false);
    expect(parsesAsItEncodes(z.object({ a: z.array(z.number().default(1)) }))).toBe(false);
    expect(parsesAsItEncodes(z.object({ a: z.string().pipe(z.email()) }))).toBe(false);
    expect(
      parsesAsItEncodes(
        z.object({
          a: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
        }),
      ),
    ).toBe(false);
    expect(parsesAsItEncodes(z.union([z.string(), z.lazy(() => z.number())]))).toBe(false);
  });

  it('writes what the library writes, without the keys the schema does not name', () => {
    const json = ours(page)(value);
    expect(json).toBe(library(page)(value));
    expect(json).not.toContain('password_hash');
    expect(JSON.parse(json).data.rows[1].tags).toEqual(['a']);
  });

  it('refuses a value the schema refuses, as the library does', () => {
    const wrong = { ...value, data: { ...value.data, total: 'two' } };
    expect(() => ours(page)(wrong)).toThrow(ResponseSerializationError);
    expect(() => library(page)(wrong)).toThrow(ResponseSerializationError);
  });

  it('encodes a schema that does not parse as it encodes, as the library does', () => {
    const coded = z.object({
      at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
    });
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(ours(coded)({ at })).toBe('{"at":"2026-01-02T03:04:05.000Z"}');
  });

  it('takes the paged lists by the parsing path', () => {
    for (const schema of [studentListSchema, feeListSchema, areaPageSchema, z.array(seatSchema)]) {
      expect(parsesAsItEncodes(successEnvelope(schema))).toBe(true);
    }
  });
});
