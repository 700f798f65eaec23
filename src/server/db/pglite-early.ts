import { readFile } from 'node:fs/promises';

/**
 * PGlite's WebAssembly, compiled while the server's own modules load (decision 0076). A restart
 * spends its first ~400 ms compiling and running 6 MB of JavaScript on the main thread, then
 * PGlite compiles its 9 MB pglite.wasm on V8's worker threads while the main thread waits idle
 * (~30 ms of wall time here). Started first thing by the compiled server's entry, that compile
 * runs on the other core during the JavaScript instead. Anything that fails here (a package
 * laid out differently) leaves PGlite to read and compile the file itself, as before.
 */
let compiled: Promise<WebAssembly.Module | undefined> | undefined;

export function compilePgliteEarly(): void {
  compiled = (async () => {
    const wasm = new URL('./pglite.wasm', import.meta.resolve('@electric-sql/pglite'));
    return WebAssembly.compile(await readFile(wasm));
  })().catch(() => undefined);
}

/** The module compiled early, or undefined (not started, as under tsx and in the tests, or failed). */
export const earlyPgliteModule = (): Promise<WebAssembly.Module | undefined> =>
  compiled ?? Promise.resolve(undefined);
