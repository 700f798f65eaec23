import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { APP_ROUTE_PREFIXES, isAppRoute } from '../../src/shared/routes';

const WEB = path.resolve(import.meta.dirname, '../../src/web');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'public' ? [] : sourceFiles(full);
    return /\.(tsx?|css)$/.test(name) ? [full] : [];
  });
}

/** Utilities that hard-code a colour instead of using a theme token (see src/web/styles.css). */
const PALETTE =
  /\b(?:bg|text|border|from|via|to|fill|stroke|ring|outline|divide|placeholder|decoration|shadow|accent|caret)-(?:white|black|(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d{2,3})\b|\b(?:bg|text|border)-\[#/g;

describe('theme tokens', () => {
  it('no component hard-codes a colour: every one comes from the theme', () => {
    const offenders = sourceFiles(WEB).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(PALETTE)].map((m) => `${path.relative(WEB, file)}: ${m[0]}`);
    });
    expect(offenders).toEqual([]);
  });

  it('the boot script themes exactly the signed-in app routes', () => {
    const script = readFileSync(path.join(WEB, 'public/theme-boot.js'), 'utf8');
    const check = (pathname: string) => {
      const applied: string[] = [];
      const context = {
        location: { pathname },
        localStorage: {
          getItem: () => JSON.stringify({ vars: { '--main': '#ffffff' }, scheme: 'light' }),
        },
        document: {
          documentElement: { style: { setProperty: (name: string) => applied.push(name) } },
        },
        JSON,
      };
      vm.runInNewContext(script, context);
      return applied.length > 0;
    };
    const paths = [
      ...APP_ROUTE_PREFIXES,
      ...APP_ROUTE_PREFIXES.map((p) => `${p}/12`),
      '/',
      '/pricing',
      '/contact',
      '/chatter',
      '/terms-and-conditions',
      '/safety',
    ];
    for (const p of paths) expect(check(p), p).toBe(isAppRoute(p));
  });
});
