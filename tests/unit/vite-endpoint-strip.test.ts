import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { stripEndpointDocs } from '../../scripts/vite-endpoint-strip';

/** The plugin's transform as the build calls it, with the build's own parser. */
function strip(file: string): string {
  const plugin = stripEndpointDocs();
  const transform = plugin.transform as (
    this: { parse: typeof parseAst },
    code: string,
    id: string,
  ) => { code: string } | null;
  const code = readFileSync(path.resolve(file), 'utf8');
  const result = transform.call({ parse: parseAst }, code, path.resolve(file));
  if (!result) throw new Error(`${file} was not transformed`);
  return result.code;
}

describe("the web build's endpoint declarations", () => {
  const out = strip('src/shared/auth/session-endpoints.ts');

  it('keep what a call reads: method and path', () => {
    expect(out).toMatch(/export const logout = \{\s*method: 'POST',\s*path: '\/api\/logout',/);
  });

  it("drop what only the server and the OpenAPI document read, and the contract's loader", () => {
    for (const word of ['summary', 'needs', 'servedBy', 'schemas', "import('./contract')"]) {
      expect(out).not.toContain(word);
    }
  });

  it('leave no pure annotation before an object literal (Rolldown warns of each)', () => {
    expect(out).not.toMatch(/__PURE__\s*\*\/\s*\{/);
    // The feature's `endpointsOf()` stays a call, and may keep its annotation.
    expect(out).toMatch(/endpointsOf\(\)/);
  });
});
