import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 43 item 2: no import cycle between the web app's features (nor, below, the server's
 * modules). A folder that imports another folder which, directly or through others, imports it
 * back is a cycle: neither can then be understood, tested or changed without the other.
 * Imports are read from the source (static, dynamic and type-only: a type import ties two
 * features as much as a value does).
 */

const root = path.resolve(import.meta.dirname, '../..');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

/** Each folder under `base` with the folders under `base` its files import. */
function folderImports(base: string): Map<string, Set<string>> {
  const dir = path.join(root, base);
  const edges = new Map<string, Set<string>>();
  for (const file of sourceFiles(dir)) {
    const from = path.relative(dir, file).split(path.sep)[0]!;
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = path.relative(dir, path.resolve(path.dirname(file), specifier!));
      if (target.startsWith('..')) continue;
      const to = target.split(path.sep)[0]!;
      if (to === from || !statSync(path.join(dir, to), { throwIfNoEntry: false })?.isDirectory()) {
        continue;
      }
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

/** The strongly connected groups of more than one folder (Tarjan), each sorted. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the check itself)', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
      ['d', new Set(['a'])],
    ]);
    expect(cycles(edges)).toEqual([['a', 'b', 'c']]);
  });

  it('reads the features’ imports', () => {
    // chat imports characters (avatars, the character's queries): the reading works.
    expect(folderImports('src/web/features').get('chat')).toContain('characters');
  });

  it('none between the web app’s features', () => {
    expect(cycles(folderImports('src/web/features'))).toEqual([]);
  });

  it('none between the server’s modules, nor between its folders', () => {
    expect(folderImports('src/server/modules').get('chat')).toContain('characters');
    expect(cycles(folderImports('src/server/modules'))).toEqual([]);
    // db, plugins, http, jobs, integrations, prompts and the modules: each below the ones that
    // use it (the modules reach the others through context.ts and their faces, never back up).
    expect(cycles(folderImports('src/server'))).toEqual([]);
  });
});
