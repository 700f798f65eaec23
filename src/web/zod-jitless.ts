/**
 * zod 4 compiles object parsers with `new Function` after probing whether eval is allowed; our
 * Content-Security-Policy forbids eval, so the probe is blocked and reported as a violation on
 * every screen with a form. zod reads its settings from this global when it loads, so setting it
 * here — before any schema exists, without importing zod into the entry — turns the JIT off.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
