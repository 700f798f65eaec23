import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gzippedSize, loadManifest, staticClosure, webDir } from './manifest';

/** The landing page may load at most this much JavaScript, gzipped. */
const LANDING_BUDGET_BYTES = 100 * 1024;

describe('landing page JavaScript budget', () => {
  const manifest = loadManifest();
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const landingKey = Object.keys(manifest).find((k) => k.endsWith('pages/LandingPage.tsx'))!;

  it('finds the entry and the landing route chunk', () => {
    expect(entryKey).toBeDefined();
    expect(landingKey).toBeDefined();
    // Route splitting: the landing page is not bundled into the entry.
    expect(manifest[entryKey]!.dynamicImports).toContain(landingKey);
  });

  it(`loads at most ${LANDING_BUDGET_BYTES / 1024} KB of JavaScript gzipped`, () => {
    const keys = new Set([
      ...staticClosure(manifest, entryKey),
      ...staticClosure(manifest, landingKey),
    ]);
    const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const total = files.reduce((sum, f) => sum + gzippedSize(f), 0);
    console.log(
      `landing page JS: ${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files`,
    );
    expect(total).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
  });

  it('keeps the sign-in dialog and form validation out of the landing download', () => {
    const keys = new Set([
      ...staticClosure(manifest, entryKey),
      ...staticClosure(manifest, landingKey),
    ]);
    const dialogKey = Object.keys(manifest).find((k) =>
      k.endsWith('features/auth/AuthDialog.tsx'),
    )!;
    expect(dialogKey).toBeDefined();
    expect(keys.has(dialogKey)).toBe(false);
    // zod (about 15 KB gzipped) is form and response validation: never needed to show the landing.
    const landingCode = [...keys]
      .map((k) => manifest[k]!.file)
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(path.join(webDir, f), 'utf8'))
      .join('\n');
    expect(landingCode).not.toContain('ZodError');
  });

  it('loads the password strength estimator only in a worker of the sign-up form', () => {
    const dialogKey = Object.keys(manifest).find((k) =>
      k.endsWith('features/auth/AuthDialog.tsx'),
    )!;
    // The worker belongs to the dialog's code (or to a chunk it shares with the other forms
    // that choose a password: reset and change password).
    const worker = [...staticClosure(manifest, dialogKey)]
      .flatMap((k) => manifest[k]!.assets ?? [])
      .find((f) => f.includes('password-strength.worker'));
    expect(worker).toBeDefined();
    // zxcvbn and its dictionaries: not in the landing download, nor even in the dialog's own.
    const ZXCVBN = 'l33tMaxSubstitutions';
    expect(readFileSync(path.join(webDir, worker!), 'utf8')).toContain(ZXCVBN);
    const keys = new Set([
      ...staticClosure(manifest, entryKey),
      ...staticClosure(manifest, landingKey),
      ...staticClosure(manifest, dialogKey),
    ]);
    for (const key of keys) {
      const file = manifest[key]!.file;
      if (file.endsWith('.js')) {
        expect(readFileSync(path.join(webDir, file), 'utf8'), file).not.toContain(ZXCVBN);
      }
    }
  });
});

describe('/safety JavaScript', () => {
  const manifest = loadManifest();
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const safetyKey = Object.keys(manifest).find((k) => k.endsWith('pages/SafetyPage.tsx'))!;

  it('is a route chunk of its own, as light as the landing page and free of zod', () => {
    // Someone in distress may open it on a slow phone: the crisis services must not wait for
    // form validation or the sign-in dialog (the page reads its answer without parsing it).
    expect(safetyKey).toBeDefined();
    expect(manifest[entryKey]!.dynamicImports).toContain(safetyKey);
    const keys = new Set([
      ...staticClosure(manifest, entryKey),
      ...staticClosure(manifest, safetyKey),
    ]);
    const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
    const total = files.reduce((sum, f) => sum + gzippedSize(f), 0);
    console.log(`/safety JS: ${(total / 1024).toFixed(1)} KB gzipped in ${files.length} files`);
    expect(total).toBeLessThanOrEqual(LANDING_BUDGET_BYTES);
    const code = files.map((f) => readFileSync(path.join(webDir, f), 'utf8')).join('\n');
    expect(code).not.toContain('ZodError');
    const dialogKey = Object.keys(manifest).find((k) => k.endsWith('features/auth/AuthDialog.tsx'));
    expect(keys.has(dialogKey!)).toBe(false);
  });
});
