/**
 * Which statements the PostgreSQL pool names (db/pg-statements.ts, decision 0029): a text on its
 * second run, always under the same name, and never more than the cap, so that statements built
 * with a varying number of values cannot fill the server's memory. The server side (prepared
 * statements answering as unnamed ones) is in tests/server/database-statements.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { statementNames } from '../../src/server/db/pg-statements';

describe('statement names', () => {
  it('names a text on its second run, and keeps that name', () => {
    const names = statementNames();
    const text = 'select id from message where conversation_id = $1';
    expect(names.nameFor(text)).toBeUndefined();
    const name = names.nameFor(text);
    expect(name).toMatch(/^reverie_\d+$/);
    expect(names.nameFor(text)).toBe(name);
    expect(names.nameFor('select 2 where $1::int > 0')).toBeUndefined();
    expect(names.nameFor('select 2 where $1::int > 0')).not.toBe(name);
  });

  it('names no more texts than the cap; past it, new texts run unnamed', () => {
    const names = statementNames({ maxNamed: 3, maxSeen: 100 });
    const named = ['a', 'b', 'c'].map((t) => (names.nameFor(t), names.nameFor(t)));
    expect(new Set(named).size).toBe(3);
    expect(names.nameFor('d')).toBeUndefined();
    expect(names.nameFor('d')).toBeUndefined();
    expect(names.size).toBe(3);
    // Those named before keep their names.
    expect(names.nameFor('a')).toBe(named[0]);
  });

  it('forgets texts seen once when too many pass, so that one-offs cost no memory', () => {
    const names = statementNames({ maxNamed: 10, maxSeen: 2 });
    names.nameFor('x');
    names.nameFor('y');
    names.nameFor('z'); // the set of texts seen once is full: x and y are forgotten
    expect(names.nameFor('x')).toBeUndefined();
    expect(names.nameFor('z')).toMatch(/^reverie_/);
  });
});
