import { describe, expect, it } from 'vitest';
import { entryKey, jsFiles, loadManifest, moduleKey, readBuilt, staticClosure } from './manifest';

/**
 * The staff console (issue 48) is reached only through the /admin page's chunk: nothing of it is
 * in what a user's first load of / or /chat fetches. Strings found only in the console's code:
 * its shell, its users section and its audit section.
 */
const CONSOLE_STRINGS = ['Staff console', 'Give or take credits', 'Filter by user id'];

/** What each first load fetches: the entry and the page's chunk, with their static imports. */
const FIRST_LOADS = {
  '/': ['pages/LandingPage.tsx'],
  // The chat page and the parts it fetches once it has rendered (see chat-budget.test.ts).
  '/chat': [
    'pages/ChatPage.tsx',
    'features/themes/UserThemeApplier.tsx',
    'features/chat/ModeChooser.tsx',
  ],
};

describe('the staff console stays out of a user’s download', () => {
  const manifest = loadManifest();

  it('is in the build, behind the /admin page', () => {
    const admin = moduleKey(manifest, 'pages/AdminPage.tsx');
    expect(admin).toBeDefined();
    expect(manifest[entryKey(manifest)]!.dynamicImports).toContain(admin);
    const all = jsFiles(manifest, Object.keys(manifest)).map(readBuilt).join('\n');
    for (const marker of CONSOLE_STRINGS) expect(all).toContain(marker);
  });

  for (const [page, parts] of Object.entries(FIRST_LOADS)) {
    it(`is not in any chunk the first load of ${page} fetches`, () => {
      const fetched = staticClosure(manifest, entryKey(manifest));
      for (const part of parts) staticClosure(manifest, moduleKey(manifest, part), fetched);
      for (const file of jsFiles(manifest, fetched)) {
        const code = readBuilt(file);
        for (const marker of CONSOLE_STRINGS)
          expect(code.includes(marker), `${marker} in ${file}`).toBe(false);
      }
    });
  }
});
