import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * Every route's response is written through its zod schema, so a column the schema does not name
 * can never leave the server. fastify-type-provider-zod does that by parsing the whole answer
 * with zod and then calling JSON.stringify: a new copy of every object, every check, for every
 * response (a seventh of the time of GET /api/characters, decision 0028).
 *
 * Here each schema is turned once into a fitter: it checks a value's strings, numbers, booleans,
 * enums and literals for their type and answers the value itself when it holds only what its
 * schema names (plain objects with the schema's keys in its order), else a copy holding only
 * that; JSON.stringify then writes it at once. Shapes without a fitter of their own (unions,
 * records, transforms, defaults, dates…) are parsed by zod, so the answer is always what zod's
 * parse would give (tests/unit/response-serializer.test.ts compares both on every contract),
 * written by JSON.stringify as before. A value that does not fit is a ResponseSerializationError
 * (a 500, logged), as before. Views hold data, not getters: a value is read once to be checked
 * and again by JSON.stringify.
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
  const fit = fitter(schema);
  return (value) => JSON.stringify(fit(value));
}

/**
 * Checks a value against its schema and answers what JSON.stringify should write for it: the
 * value itself when it already is that (the usual case: a view built with exactly its schema's
 * keys), else a copy with only the schema's keys, in its order. Writing each key and value as a
 * string of its own made ~1.5 KB of short-lived strings per message of a history page (29 % of
 * what the server allocated, sampling heap profile) and took longer than JSON.stringify
 * (decision 0037).
 */
type Fitter = (value: unknown) => unknown;

function fitter(schema: $ZodType): Fitter {
  const def = schema._zod.def as ZodDef;
  switch (def.type) {
    case 'string':
      return (value) => {
        if (typeof value !== 'string') throw mismatch('a string');
        return value;
      };
    case 'number':
      return (value) => {
        if (typeof value !== 'number' || !Number.isFinite(value)) throw mismatch('a number');
        return value;
      };
    case 'boolean':
      return (value) => {
        if (typeof value !== 'boolean') throw mismatch('a boolean');
        return value;
      };
    case 'null':
      return (value) => {
        if (value !== null) throw mismatch('null');
        return value;
      };
    case 'nullable': {
      const inner = fitter(def.innerType!);
      return (value) => (value === null ? null : inner(value));
    }
    case 'enum':
    case 'literal': {
      const allowed = new Set<unknown>(
        def.type === 'enum' ? Object.values(def.entries!) : def.values!,
      );
      return (value) => {
        if (!allowed.has(value)) throw mismatch(`one of ${[...allowed].join(', ')}`);
        return value;
      };
    }
    case 'array': {
      if (def.checks?.length) break; // length rules: zod checks them
      return arrayFitter(fitter(def.element!));
    }
    case 'object':
      if (def.catchall || def.checks?.length) break; // loose or strict objects, refinements
      return objectFitter(def.shape!);
  }
  const parse: Fitter = (value) => {
    const parsed = safeParse(schema, value);
    if (!parsed.success) throw parsed.error;
    return parsed.data;
  };
  byZod.add(parse);
  return parse;
}

/** The fitters that parse with zod: they decide themselves what an undefined value becomes. */
const byZod = new WeakSet<Fitter>();

/**
 * The array itself when it is a plain array (no toJSON of its own or of a subclass) whose every
 * element fits as it is, else a new plain array of the fitted elements.
 */
function arrayFitter(element: Fitter): Fitter {
  return (value) => {
    if (!Array.isArray(value)) throw mismatch('an array');
    const plain = Object.getPrototypeOf(value) === Array.prototype && !('toJSON' in value);
    let copy: unknown[] | undefined = plain ? undefined : [];
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const fitted = element(item);
      if (fitted !== item && !copy) copy = value.slice(0, i) as unknown[]; // a plain array's slice
      if (copy) copy.push(fitted);
    }
    return copy ?? value;
  };
}

/**
 * The keys the schema names, in its order; any other key the value has stays behind. The object
 * itself is written when it holds nothing else: a plain object whose own keys are the schema's,
 * in its order, each of whose values fits as it is.
 */
function objectFitter(shape: Record<string, $ZodType>): Fitter {
  const properties = Object.entries(shape).map(([name, schema]) => {
    const type = (schema._zod.def as ZodDef).type;
    // Optional keys (and unknown/any, which take undefined) are left out when undefined, as
    // JSON.stringify leaves out zod's undefined.
    const optional = type === 'optional' || type === 'unknown' || type === 'any';
    const inner = type === 'optional' ? (schema._zod.def as ZodDef).innerType! : schema;
    const fit = fitter(inner);
    // A default or a transform may turn undefined into a value: zod's parse says what.
    const filled = !optional && byZod.has(fit);
    return { name, optional, filled, fit };
  });
  return (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw mismatch('an object');
    }
    const record = value as Record<string, unknown>;
    // Filled in only once a value must differ from the object itself.
    let copy: Record<string, unknown> | undefined = hasOnlyTheseKeysInOrder(record, properties)
      ? undefined
      : {};
    for (let i = 0; i < properties.length; i++) {
      const property = properties[i]!;
      const field = record[property.name];
      if (field === undefined && !property.filled) {
        if (property.optional) continue;
        throw mismatch(`a value for ${property.name}`);
      }
      const fitted = property.fit(field);
      if (fitted !== field && !copy) copy = copyOfTheFirst(record, properties, i);
      if (copy && fitted !== undefined) copy[property.name] = fitted; // zod's answer may leave it out
    }
    return copy ?? record;
  };
}

/** The first `count` properties' values of `record`, which fit as they are. */
function copyOfTheFirst(
  record: Record<string, unknown>,
  properties: { name: string }[],
  count: number,
) {
  const copy: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const { name } = properties[i]!;
    if (record[name] !== undefined) copy[name] = record[name];
  }
  return copy;
}

/**
 * True when `record` is a plain object whose own keys are among `properties`' names, in their
 * order, with no toJSON: JSON.stringify then writes only what the schema names, as the schema
 * orders it. (A class instance may have enumerable keys on its prototype; a toJSON, even one
 * that for…in does not see, would be written instead of the object.)
 */
function hasOnlyTheseKeysInOrder(record: object, properties: { name: string }[]) {
  const prototype: unknown = Object.getPrototypeOf(record);
  if (prototype !== Object.prototype && prototype !== null) return false;
  if ('toJSON' in record) return false;
  let next = 0;
  for (const key in record) {
    while (next < properties.length && properties[next]!.name !== key) next++;
    if (next === properties.length) return false;
    next++;
  }
  return true;
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
