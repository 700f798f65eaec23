/**
 * Answers are checked against their zod schemas, then written by JSON.stringify
 * (plugins/response-serializer.ts, decisions 0028 and 0037). For every schema of every contract in
 * src/shared, with values made from the schema itself (with and without a key no schema names),
 * the writer must give exactly what zod's parse followed by JSON.stringify gives, and never the
 * extra key.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { $ZodType, safeParse } from 'zod/v4/core';
import { jsonWriter } from '../../src/server/plugins/response-serializer';

const SECRET = 'a column no schema names';

interface Def {
  type: string;
  format?: string;
  innerType?: $ZodType;
  element?: $ZodType;
  shape?: Record<string, $ZodType>;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: $ZodType[];
  valueType?: $ZodType;
  in?: $ZodType;
}

const STRINGS: Record<string, string> = {
  datetime: '2026-11-25T10:00:00.000Z',
  email: 'reader@example.com',
  url: 'https://example.com/a?b=c',
  uuid: '3f2b8c1e-8d4a-4c6b-9e2f-1a2b3c4d5e6f',
};

/** A value for `schema`; variant 1 takes the other branch (null, absent, the next option). */
function sample(schema: $ZodType, variant: 0 | 1, depth = 0, secret = true): unknown {
  const def = schema._zod.def as unknown as Def;
  if (depth > 8) return undefined;
  const next = (s: $ZodType, v: 0 | 1 = variant) => sample(s, v, depth + 1, secret);
  switch (def.type) {
    case 'string':
      return (
        STRINGS[def.format ?? ''] ??
        (variant ? 'Ünïcode “quoted” \\ and\nlines \u2028 😀' : 'Selene')
      );
    case 'number':
      return def.format?.includes('int') ? 7 : variant ? -0.25 : 42;
    case 'boolean':
      return variant === 1;
    case 'null':
      return null;
    case 'nullable':
      return variant ? null : next(def.innerType!);
    case 'optional':
      return variant ? undefined : next(def.innerType!);
    case 'default':
      return variant ? undefined : next(def.innerType!);
    case 'enum':
      return Object.values(def.entries!)[variant % Object.values(def.entries!).length];
    case 'literal':
      return def.values![0];
    case 'array':
      return [next(def.element!, 0), next(def.element!, 1)];
    case 'object':
      return {
        ...Object.fromEntries(Object.entries(def.shape!).map(([k, s]) => [k, next(s)])),
        ...(secret && { secretColumn: SECRET }),
      };
    case 'union':
      return next(def.options![variant % def.options!.length]!);
    case 'record':
      return { first: next(def.valueType!), second: next(def.valueType!, 1) };
    case 'pipe':
      return next(def.in!);
    case 'date':
      return new Date('2026-11-25T10:00:00Z');
    case 'unknown':
    case 'any':
      return { anything: ['goes', 1] };
    default:
      return undefined;
  }
}

const sharedDir = path.resolve(import.meta.dirname, '../../src/shared');
const contractFiles = readdirSync(sharedDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('contract.ts'))
  .map((file) => path.join(sharedDir, file));

describe('answers written through their schemas', () => {
  it('gives what zod’s parse gives, for every contract schema, and nothing it does not name', async () => {
    let compared = 0;
    const schemas: [string, $ZodType][] = [];
    for (const file of contractFiles) {
      const contract = (await import(file)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(contract)) {
        if (value instanceof $ZodType)
          schemas.push([`${path.basename(path.dirname(file))}.${name}`, value]);
      }
    }
    expect(schemas.length).toBeGreaterThan(60);
    for (const [name, schema] of schemas) {
      const write = jsonWriter(schema);
      for (const variant of [0, 1] as const) {
        const value = sample(schema, variant);
        const parsed = safeParse(schema, value);
        if (!parsed.success) continue; // a value made blindly may miss a rule (a pattern, a length)
        const json = JSON.stringify(parsed.data);
        if (json === undefined) continue;
        expect(write(value), `${name}, variant ${variant}`).toBe(json);
        expect(write(value)).not.toContain(SECRET);
        // A view holding exactly its schema's keys, as routes build them, is written as it is.
        expect(write(sample(schema, variant, 0, false)), `${name}, variant ${variant}`).toBe(json);
        compared++;
      }
    }
    // Most schemas are compared in both variants; a few only in one.
    expect(compared).toBeGreaterThan(schemas.length);
  });

  it('refuses a value that does not fit, as zod does', () => {
    const write = jsonWriter(
      z.object({ id: z.number(), name: z.string(), tags: z.array(z.enum(['a', 'b'])) }),
    );
    expect(write({ id: 1, name: 'x', tags: ['a'], password: 'hash' })).toBe(
      '{"id":1,"name":"x","tags":["a"]}',
    );
    expect(() => write({ id: '1', name: 'x', tags: [] })).toThrow();
    expect(() => write({ id: 1, tags: [] })).toThrow();
    expect(() => write({ id: 1, name: 'x', tags: ['c'] })).toThrow();
    expect(() => write({ id: Number.NaN, name: 'x', tags: [] })).toThrow();
    expect(() => write([{ id: 1, name: 'x', tags: [] }])).toThrow();
  });

  it('writes the schema’s keys in its order, whatever the object holds', () => {
    const write = jsonWriter(
      z.array(z.object({ id: z.number(), name: z.string(), note: z.string().optional() })),
    );
    const exact = { id: 1, name: 'x' };
    expect(write([exact, { name: 'y', id: 2 }, { id: 3, note: 'n', name: 'z' }])).toBe(
      '[{"id":1,"name":"x"},{"id":2,"name":"y"},{"id":3,"name":"z","note":"n"}]',
    );
    // Neither a toJSON nor a key on the prototype is written.
    class Row {
      id = 4;
      name = 'w';
      toJSON() {
        return { id: 4, name: 'w', password: 'hash' };
      }
    }
    const inherited = Object.assign(Object.create({ password: 'hash' }) as object, exact);
    const hiddenToJson = Object.defineProperty({ id: 6, name: 'u' }, 'toJSON', {
      value: () => ({ password: 'hash' }),
    });
    const noPrototype = Object.assign(Object.create(null) as object, { id: 7, name: 't' });
    expect(write([new Row(), inherited, hiddenToJson, noPrototype])).toBe(
      '[{"id":4,"name":"w"},{"id":1,"name":"x"},{"id":6,"name":"u"},{"id":7,"name":"t"}]',
    );
    // A key left undefined is left out, as zod's answer leaves it out.
    expect(write([{ id: 5, name: 'v', note: undefined }])).toBe('[{"id":5,"name":"v"}]');
    // A boxed number has no keys, but JSON.stringify would write it as a number.
    expect(jsonWriter(z.object({ note: z.string().optional() }))(new Number(5))).toBe('{}');
  });

  it('writes no array’s toJSON and no key deep inside a view that is otherwise as it is', () => {
    const write = jsonWriter(
      z.object({
        note: z.string().optional(),
        id: z.number(),
        rows: z.array(z.object({ id: z.number() })),
        '2': z.number(),
      }),
    );
    const leaky = Object.assign([{ id: 1 }], { toJSON: () => ['password'] });
    class Rows extends Array<{ id: number }> {
      toJSON() {
        return ['password'];
      }
    }
    expect(write({ note: undefined, id: 1, rows: leaky, '2': 2 })).toBe(
      '{"2":2,"id":1,"rows":[{"id":1}]}',
    );
    expect(
      write({ id: 1, rows: Rows.from([{ id: 2 }, { id: 3, password: 'hash' }]), '2': 2 }),
    ).toBe('{"2":2,"id":1,"rows":[{"id":2},{"id":3}]}');
    // The view is as it is up to `rows`, whose second element has a key no schema names.
    expect(
      write({ note: 'n', id: 1, rows: [{ id: 2 }, { id: 3, password: 'hash' }], '2': 2 }),
    ).toBe('{"2":2,"note":"n","id":1,"rows":[{"id":2},{"id":3}]}');
  });
});
