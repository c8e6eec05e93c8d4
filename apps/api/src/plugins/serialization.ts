import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/*
 * Answers are checked against their route's response schema and written as JSON (the schema
 * keeps private columns out: unknown keys are dropped). fastify-type-provider-zod does it with
 * zod's `encode`, which runs every schema that has checks twice (a first pass without them,
 * then the checked one) and leaves zod's compiled fast path for objects unused. Where a schema
 * has no part that works one way only (a transform, a pipe, a default, a codec...), encoding is
 * parsing: those schemas are parsed instead, the same answer for a fraction of the time
 * (issue 18, docs/performance.md). Every other schema keeps the library's serializer.
 */

type Schema = z.core.$ZodType;

/** Kinds of schema that hold no value of their own to turn one way or the other. */
const LEAVES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'void',
  'never',
  'any',
  'unknown',
  'date',
  'enum',
  'literal',
  'nan',
  'template_literal',
]);

/** What a container kind holds, for the kinds whose decoding and encoding differ only by what they hold. */
function innerSchemas(def: z.core.$ZodTypeDef): (Schema | undefined)[] | undefined {
  const d = def as unknown as Record<string, unknown>;
  switch (def.type) {
    case 'object':
      return [...Object.values(d.shape as Record<string, Schema>), d.catchall as Schema | undefined];
    case 'array':
      return [d.element as Schema];
    case 'tuple':
      return [...(d.items as Schema[]), d.rest as Schema | undefined];
    case 'record':
      return [d.keyType as Schema, d.valueType as Schema];
    case 'union':
      return d.options as Schema[];
    case 'intersection':
      return [d.left as Schema, d.right as Schema];
    case 'optional':
    case 'nullable':
    case 'readonly':
    case 'nonoptional':
      return [d.innerType as Schema];
    default:
      // transform, pipe (and so preprocess and codecs), default, prefault, catch, lazy, custom,
      // promise, map, set, function ...: encode may differ from parse, or we cannot tell.
      return undefined;
  }
}

/** Whether parsing `schema` answers what encoding it answers, for every value either accepts. */
export function parsesAsItEncodes(schema: Schema, seen = new Set<Schema>()): boolean {
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def;
  if (LEAVES.has(def.type)) return true;
  const inner = innerSchemas(def);
  return inner !== undefined && inner.every((child) => child === undefined || parsesAsItEncodes(child, seen));
}

/**
 * The response serializer: zod's `safeParse` and `JSON.stringify` for a schema that parses as
 * it encodes, else fastify-type-provider-zod's (`safeEncode` and `JSON.stringify`). A value the
 * schema refuses is a ResponseSerializationError either way (plugins/errors answers 500).
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof z.core.$ZodType) || !parsesAsItEncodes(schema)) return serializerCompiler(route as never);
  return (data) => {
    const result = z.safeParse(schema, data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
