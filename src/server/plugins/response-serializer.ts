import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Every route's response is written through its zod schema, so a column the schema does not name
 * can never leave the server. fastify-type-provider-zod does that by parsing the whole answer
 * with zod and then calling JSON.stringify: a new copy of every object, every check, for every
 * response (a seventh of the time of GET /api/characters, decision 0028).
 *
 * Here each schema is turned once into a writer that goes straight to JSON: objects write the
 * keys their schema names, in its order, and nothing else; strings, numbers, booleans, enums and
 * literals are checked for their type and written with JSON.stringify. Shapes without a writer
 * of their own (unions, records, transforms, defaults, dates…) are parsed by zod and written by
 * JSON.stringify as before, so the answer is always what zod's parse would give
 * (tests/unit/response-serializer.test.ts compares both on every contract). A value that does
 * not fit is a ResponseSerializationError (a 500, logged), as before.
 */
export type JsonWriter = (value: unknown) => string;

class Mismatch extends Error {}

const mismatch = (expected: string) => new Mismatch(`expected ${expected}`);

/** An answer that does not fit its schema: a bug, answered with a 500 and logged. */
export class ResponseSerializationError extends Error {
  constructor(method: string, url: string, cause: unknown) {
    super(`${method} ${url}: the response does not match its schema`, { cause });
  }
}

/** The zod schema a route gave (Fastify may hand it over wrapped in `properties`). */
function zodSchemaOf(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const wrapped = (schema as { properties?: unknown } | null)?.properties;
  if (wrapped instanceof $ZodType) return wrapped;
  throw new Error('a response schema must be a zod schema');
}

/** Fastify's serializer compiler: one writer per route and status, made on first use. */
export function responseSerializerCompiler({
  schema,
  method,
  url,
}: {
  schema: unknown;
  method: string;
  url: string;
}) {
  const zod = zodSchemaOf(schema);
  let write: JsonWriter | undefined;
  return (data: unknown) => {
    // Made on first use: a server that starts compiles nothing it may never answer.
    write ??= jsonWriter(zod);
    try {
      return write(data);
    } catch (cause) {
      throw new ResponseSerializationError(method, url, cause);
    }
  };
}

/** The JSON of `value` as zod's parse of it would give, for this schema. */
export function jsonWriter(schema: $ZodType): JsonWriter {
  const def = schema._zod.def as ZodDef;
  switch (def.type) {
    case 'string':
      return (value) => {
        if (typeof value !== 'string') throw mismatch('a string');
        return JSON.stringify(value);
      };
    case 'number':
      return (value) => {
        if (typeof value !== 'number' || !Number.isFinite(value)) throw mismatch('a number');
        return JSON.stringify(value);
      };
    case 'boolean':
      return (value) => {
        if (typeof value !== 'boolean') throw mismatch('a boolean');
        return value ? 'true' : 'false';
      };
    case 'null':
      return (value) => {
        if (value !== null) throw mismatch('null');
        return 'null';
      };
    case 'nullable': {
      const inner = jsonWriter(def.innerType!);
      return (value) => (value === null ? 'null' : inner(value));
    }
    case 'enum':
    case 'literal': {
      const allowed = new Set<unknown>(
        def.type === 'enum' ? Object.values(def.entries!) : def.values!,
      );
      return (value) => {
        if (!allowed.has(value)) throw mismatch(`one of ${[...allowed].join(', ')}`);
        return JSON.stringify(value);
      };
    }
    case 'array': {
      if (def.checks?.length) break; // length rules: zod checks them
      const element = jsonWriter(def.element!);
      return (value) => {
        if (!Array.isArray(value)) throw mismatch('an array');
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + element(value[i]);
        return out + ']';
      };
    }
    case 'object':
      if (def.catchall || def.checks?.length) break; // loose or strict objects, refinements
      return objectWriter(def.shape!);
  }
  const parse: JsonWriter = (value) => {
    const parsed = safeParse(schema, value);
    if (!parsed.success) throw parsed.error;
    return JSON.stringify(parsed.data);
  };
  byZod.add(parse);
  return parse;
}

/** The writers that parse with zod: they decide themselves what an undefined value becomes. */
const byZod = new WeakSet<JsonWriter>();

/** The keys the schema names, in its order; any other key the value has stays behind. */
function objectWriter(shape: Record<string, $ZodType>): JsonWriter {
  const properties = Object.entries(shape).map(([name, schema]) => {
    const type = (schema._zod.def as ZodDef).type;
    // Optional keys (and unknown/any, which take undefined) are left out when undefined, as
    // JSON.stringify leaves out zod's undefined.
    const optional = type === 'optional' || type === 'unknown' || type === 'any';
    const inner = type === 'optional' ? (schema._zod.def as ZodDef).innerType! : schema;
    const write = jsonWriter(inner);
    // A default or a transform may turn undefined into a value: zod's parse says what.
    const filled = !optional && byZod.has(write);
    return { name, prefix: `${JSON.stringify(name)}:`, optional, filled, write };
  });
  return (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw mismatch('an object');
    }
    const record = value as Record<string, unknown>;
    let out = '{';
    for (const property of properties) {
      const field = record[property.name];
      if (field === undefined && !property.filled) {
        if (property.optional) continue;
        throw mismatch(`a value for ${property.name}`);
      }
      const text = property.write(field);
      if (text === undefined) continue; // zod's answer left it out
      out += (out.length === 1 ? '' : ',') + property.prefix + text;
    }
    return out + '}';
  };
}

/** The parts of zod 4's schema definitions read here. */
interface ZodDef {
  type: string;
  innerType?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
  checks?: unknown[];
}
