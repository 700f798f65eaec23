/**
 * The server project's globalSetup: migrates one database per run, which each test file copies
 * (tests/support/test-database.ts) instead of migrating its own.
 *
 * - PostgreSQL (TEST_DATABASE_URL set): a template database, migrated once; each file gets
 *   `create database … template …`. The template is dropped at teardown.
 * - PGlite: one in-memory PGlite, migrated once and dumped with dumpDataDir() to a file in a
 *   temporary folder; each file opens its own PGlite from that dump (loadDataDir).
 *
 * The location reaches the workers through vitest's provide/inject.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (a tar file), when the tests run on PGlite. */
    pgliteDump: string;
    /** The migrated template database's name, when the tests run on PostgreSQL. */
    templateDatabase: string;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `reverie_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '' });
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
    project.provide('templateDatabase', name);
    project.provide('pgliteDump', '');
    return async () => {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'reverie-template-'));
  const file = path.join(dir, 'migrated.tar');
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await handle.migrate();
    if (handle.jobConnection.driver !== 'pglite') throw new Error('expected PGlite');
    const dump = await handle.jobConnection.client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
  project.provide('pgliteDump', file);
  project.provide('templateDatabase', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

/** Runs one statement on the server's maintenance connection (create/drop database). */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
