import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryKey, loadManifest, moduleKey, staticClosure, webDir } from './manifest';

/**
 * The service worker the build writes (vite.config.ts, src/web/sw.ts; issue 52): what it keeps
 * on the device (Workbox's precache list, written into dist/web/sw.js), and that the code which
 * registers it stays out of every page's first load.
 */
function precacheList(): string[] {
  const worker = readFileSync(path.join(webDir, 'sw.js'), 'utf8');
  const list = /\[\{"revision":[\s\S]*?\}\]/.exec(worker)?.[0];
  if (!list) throw new Error('no precache list in dist/web/sw.js');
  return (JSON.parse(list) as { url: string }[]).map((entry) => entry.url);
}

/** What the first visit downloads for the worker, at most (1.15 MB when written). */
const PRECACHE_BUDGET_BYTES = 1.5 * 1024 * 1024;

describe('the service worker build', () => {
  const manifest = loadManifest();

  it('writes dist/web/sw.js with its list of files', () => {
    expect(existsSync(path.join(webDir, 'sw.js'))).toBe(true);
    expect(precacheList().length).toBeGreaterThan(10);
  });

  it("keeps the app's files, never the build's dotfiles nor the compressed copies", () => {
    const urls = precacheList();
    for (const url of urls) {
      expect(url).not.toMatch(/(^|\/)\.vite\//);
      expect(url).not.toMatch(/\.(br|gz)$/);
      expect(existsSync(path.join(webDir, url)), url).toBe(true);
    }
    expect(urls).toContain('index.html');
    // What an offline start runs: the entry with what it imports, and the offline screen.
    const offlineStart = [
      ...staticClosure(manifest, entryKey(manifest)),
      ...staticClosure(manifest, moduleKey(manifest, 'pwa/OfflineScreen.tsx')),
    ];
    for (const key of offlineStart) expect(urls).toContain(manifest[key]!.file);
    expect(urls.some((url) => url.includes('password-strength.worker'))).toBe(false);
  });

  it(`keeps at most ${PRECACHE_BUDGET_BYTES / 1024 / 1024} MB on the device`, () => {
    const bytes = precacheList().reduce(
      (sum, url) => sum + statSync(path.join(webDir, url)).size,
      0,
    );
    console.log(`service worker precache: ${(bytes / 1024 / 1024).toFixed(2)} MB`);
    expect(bytes).toBeLessThanOrEqual(PRECACHE_BUDGET_BYTES);
  });

  it("registers late: nothing of it in a page's first load", () => {
    const firstLoad = new Set([
      ...staticClosure(manifest, entryKey(manifest)),
      ...staticClosure(manifest, moduleKey(manifest, 'pages/ChatPage.tsx')),
      ...staticClosure(manifest, moduleKey(manifest, 'pages/LandingPage.tsx')),
    ]);
    for (const part of ['pwa/start.ts', 'pwa/OfflineScreen.tsx']) {
      expect(firstLoad.has(moduleKey(manifest, part)), part).toBe(false);
    }
  });
});
