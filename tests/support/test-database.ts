/**
 * A database for one test file, copied from the one the server project's globalSetup migrated
 * (tests/support/database-template.ts): on PostgreSQL a new database made from the template
 * (dropped afterwards), on PGlite an in-memory PGlite opened from the migrated dump. Without
 * that setup (a file run outside the server project) it migrates a fresh database itself.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { adminQuery } from './database-template';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Drops the file's PostgreSQL database (nothing to do on PGlite). */
  drop: () => Promise<void>;
}

let pgliteDump: Promise<Blob> | undefined;

/**
 * The migrated dump, read from disk once per worker, for PGlite to copy into each file's database.
 * PGlite reads it with arrayBuffer(), which Node 20's Blob answers by streaming its bytes in
 * chunks and joining them again: handing over a copy of the bytes instead took the suite from
 * 258 to 242 CPU-s and 144 to 133 s (2026-12-01).
 */
class DumpBlob extends Blob {
  constructor(private readonly contents: Uint8Array<ArrayBuffer>) {
    super([contents], { type: 'application/x-tar' });
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.contents.slice().buffer);
  }
}

/** What the globalSetup provided; nothing outside vitest (the benchmark starts test apps too). */
async function provided(key: 'pgliteDump' | 'templateDatabase'): Promise<string> {
  if (!process.env.VITEST) return '';
  const { inject } = await import('vitest');
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

/** A migrated database of the file's own (on PostgreSQL, with a pool of `poolSize` if given). */
export async function freshDatabase(options: { poolSize?: number } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dumpFile = await provided('pgliteDump');
    if (!dumpFile) {
      const handle = await openDatabase({ pgliteDir: 'memory://' });
      await handle.migrate();
      return { handle, drop: async () => {} };
    }
    pgliteDump ??= readFile(dumpFile).then((bytes) => new DumpBlob(new Uint8Array(bytes)));
    const handle = await openDatabase({
      pgliteDir: 'memory://',
      pgliteLoadDataDir: await pgliteDump,
    });
    return { handle, drop: async () => {} };
  }
  const template = await provided('templateDatabase');
  const name = `reverie_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({
    databaseUrl: url.toString(),
    poolSize: options.poolSize,
    pgliteDir: '',
  });
  if (!template) await handle.migrate();
  return {
    handle,
    drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
