/**
 * Files whose rows are deleted leave storage through the `file_removal` outbox (decision 0043):
 * recorded in the deleting transaction, removed right after its commit, and otherwise by the
 * `file-removal` job — so a server dying after the commit, or storage refusing, never leaves a
 * deleted user's or character's picture served.
 */
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAvatarStorage } from '../../src/server/integrations/storage';
import {
  sweepUnusedAvatars,
  type AvatarSweepContext,
} from '../../src/server/modules/avatars/avatars.service';
import { drainFileRemovals } from '../../src/server/modules/avatars/file-removal.service';
import { startS3Double } from '../doubles/s3-server';
import type { TestClient } from './support/http-client';
import { makeImage } from './support/images';
import { startTestApp, TEST_PASSWORD, type TestApp, type TestAppOptions } from './support/test-app';

const character = {
  name: 'Nova',
  description: 'A starship engineer with a warm laugh.',
  gender: 'female',
  personality: 'Curious, practical, flirts through technical jargon.',
};

/**
 * A bucket that can refuse deletions: a real HTTP hop in front of the S3 stand-in that answers
 * DeleteObject with 403 AccessDenied while `refuseDeletes` is set (a bucket policy that forbids
 * it, or a key without the permission), and passes everything else through.
 */
async function startRefusingBucket() {
  const s3 = await startS3Double();
  const state = {
    refuseDeletes: false,
    refused: 0,
    deleted: 0,
    /** While set, a stored object's answer waits for it: the file is in, its server not told. */
    holdPutAnswers: null as Promise<void> | null,
  };
  const server = createServer((req, res) => {
    if (state.refuseDeletes && req.method === 'DELETE') {
      state.refused++;
      req.resume();
      res
        .writeHead(403, { 'content-type': 'application/xml' })
        .end('<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>');
      return;
    }
    if (req.method === 'DELETE') state.deleted++;
    const upstream = request(
      new URL(req.url ?? '/', s3.endpoint),
      { method: req.method, headers: req.headers },
      (answer) => {
        const held = req.method === 'PUT' ? state.holdPutAnswers : null;
        void Promise.resolve(held).then(() => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
      },
    );
    upstream.on('error', (err) => res.destroy(err));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    state,
    objects: s3.objects,
    env: { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` },
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await s3.stop();
    },
  };
}
type RefusingBucket = Awaited<ReturnType<typeof startRefusingBucket>>;

/** Uploads an image; answers its key and the public address browsers load it from. */
async function upload(user: TestClient) {
  const res = await user.upload('/api/avatars', await makeImage('png'));
  expect(res.status, res.text).toBe(200);
  return { key: res.json.fileName as string, url: new URL(res.json.url, user.baseUrl).href };
}

const status = async (url: string) => (await fetch(url)).status;

/** The `file_removal` rows: key and failed attempts. */
const outboxRows = async (app: TestApp) =>
  (
    await app.database.db.execute<{ key: string; attempts: number }>(
      sql`select key, attempts from file_removal`,
    )
  ).rows;
const outbox = async (app: TestApp) => (await outboxRows(app)).map((row) => row.key).sort();

/** What the jobs get from the app: its database, a logger and the configured storage. */
const jobContext = (app: TestApp): AvatarSweepContext => ({
  db: app.database.db,
  log: pino({ level: 'silent' }),
  avatarStorage: createAvatarStorage(app.config),
});

/** A user with an avatar on a character and one uploaded but not (yet) used. */
async function userWithAvatars(app: TestApp) {
  const user = await app.signedInUser();
  const shown = await upload(user);
  const spare = await upload(user);
  const created = await user.post('/api/characters', { ...character, avatarImage: shown.key });
  expect(created.status, created.text).toBe(201);
  expect(await status(shown.url)).toBe(200);
  expect(await status(spare.url)).toBe(200);
  return { user, characterId: created.json.id as number, files: [shown, spare] };
}

/**
 * A describe's app on its own storage that can refuse deletions, started before its tests and
 * stopped after them.
 */
function appOnRefusingBucket(options: TestAppOptions = {}) {
  const on = {} as { bucket: RefusingBucket; t: TestApp };
  beforeAll(async () => {
    on.bucket = await startRefusingBucket();
    on.t = await startTestApp(on.bucket.env, options);
  });
  afterAll(async () => {
    await on.t.close();
    await on.bucket.stop();
  });
  return on;
}

describe('the normal path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { jobs: true });
  });
  afterAll(() => t.close());

  it('removes the files with each deletion at once and leaves nothing recorded', async () => {
    // Account deletion.
    const leaving = await userWithAvatars(t);
    const done = await leaving.user.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(done.status, done.text).toBe(200);
    for (const { url } of leaving.files) expect(await status(url)).toBe(404);

    // Avatar replacement and character deletion, for a user who stays.
    const staying = await userWithAvatars(t);
    const [first, second] = staying.files;
    const replaced = await staying.user.put(`/api/characters/${staying.characterId}`, {
      avatarImage: second!.key,
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(await status(first!.url)).toBe(404);
    expect(await status(second!.url)).toBe(200);
    const deleted = await staying.user.delete(`/api/characters/${staying.characterId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(await status(second!.url)).toBe(404);

    expect(await outbox(t)).toEqual([]);
  });

  it('schedules the file-removal job every minute', async () => {
    expect(await t.jobs.schedules()).toContainEqual({ name: 'file-removal', cron: '* * * * *' });
  });
});

describe('a crash between the deletion’s commit and the files’ removal', () => {
  // The job queue is not running: like a server killed right after the commit, nothing after
  // the request gets to the files, and nothing the request asks the queue for happens.
  const on = appOnRefusingBucket();

  it('leaves the files recorded, and the next server start removes them', async () => {
    const { user, files } = await userWithAvatars(on.t);
    on.bucket.state.refuseDeletes = true;
    const done = await user.post('/api/account/delete', { password: TEST_PASSWORD });
    expect(done.status, done.text).toBe(200);
    expect((await user.get('/api/characters')).status).toBe(401);
    // The rows are gone, the pictures are not: storage took no deletion.
    expect(on.bucket.state.refused).toBeGreaterThanOrEqual(files.length);
    for (const { url } of files) expect(await status(url)).toBe(200);

    // The server comes back (storage is fine again): its job queue starts.
    on.bucket.state.refuseDeletes = false;
    await on.t.jobs.start(on.t.app.log as unknown as Logger);
    for (const { url } of files) {
      await expect.poll(() => status(url), { timeout: 20_000, interval: 250 }).toBe(404);
    }
    for (const { key } of files) expect(on.bucket.objects.has(`avatars/${key}`)).toBe(false);
    expect(await outbox(on.t)).toEqual([]);
  });
});

describe('a file stored before its row', () => {
  const on = appOnRefusingBucket();

  it('is recorded from before it is stored until its row is written: a server dying between leaves it to the job', async () => {
    const user = await on.t.signedInUser();
    const before = new Set(on.bucket.objects.keys());
    let answer!: () => void;
    on.bucket.state.holdPutAnswers = new Promise<void>((resolve) => (answer = resolve));
    const uploading = user.upload('/api/avatars', await makeImage('png'));
    // The picture is in the bucket; its server has not been told, so no row points at it.
    await expect
      .poll(() => [...on.bucket.objects.keys()].filter((k) => !before.has(k)), { timeout: 10_000 })
      .toHaveLength(1);
    const key = [...on.bucket.objects.keys()].find((k) => !before.has(k))!.replace('avatars/', '');
    const { rows } = await on.t.database.db.execute<{ key: string; later: boolean }>(
      sql`select key, due_at > now() + interval '55 minutes' as later from file_removal`,
    );
    // Were the server to die now, the file-removal job would remove the file an hour on; not
    // before (the row may still come).
    expect(rows).toEqual([{ key, later: true }]);
    expect(await drainFileRemovals(jobContext(on.t))).toEqual({ removed: 0, failed: 0 });
    expect(on.bucket.objects.has(`avatars/${key}`)).toBe(true);

    // The server lives on: the row is written, and the record forgotten with it.
    on.bucket.state.holdPutAnswers = null;
    answer();
    const res = await uploading;
    expect(res.status, res.text).toBe(200);
    expect(res.json.fileName).toBe(key);
    expect(await outbox(on.t)).toEqual([]);
    expect(await status(new URL(res.json.url, user.baseUrl).href)).toBe(200);
  });
});

describe('storage refusing deletions while the servers run', () => {
  const on = appOnRefusingBucket({ jobs: true });

  it('keeps every file recorded until the job removes it, for each kind of deletion', async () => {
    const leaving = await userWithAvatars(on.t);
    const staying = await userWithAvatars(on.t);
    const [first, second] = staying.files;
    const abandoned = await upload(staying.user);
    await on.t.database.db.execute(
      sql`update avatar set created_at = now() - interval '25 hours' where file_name = ${abandoned.key}`,
    );
    on.bucket.state.refuseDeletes = true;

    expect(
      (await leaving.user.post('/api/account/delete', { password: TEST_PASSWORD })).status,
    ).toBe(200);
    const put = `/api/characters/${staying.characterId}`;
    expect((await staying.user.put(put, { avatarImage: second!.key })).status).toBe(200);
    expect((await staying.user.delete(put)).status).toBe(200);
    expect(await sweepUnusedAvatars(jobContext(on.t))).toBe(1);

    const gone = [...leaving.files, first!, second!, abandoned];
    for (const { url } of gone) expect(await status(url)).toBe(200);
    // Recorded with the deletions, each with the failed removal counted.
    const rows = await outboxRows(on.t);
    expect(rows.map((row) => row.key).sort()).toEqual(gone.map((f) => f.key).sort());
    for (const row of rows) expect(row.attempts).toBeGreaterThanOrEqual(1);

    on.bucket.state.refuseDeletes = false;
    for (const { url } of gone) {
      await expect
        .poll(
          async () => {
            // Queues a run unless one is already waiting or running (e.g. one a request asked for).
            await on.t.jobs.runNow('file-removal');
            return status(url);
          },
          { timeout: 20_000, interval: 500 },
        )
        .toBe(404);
    }
    await expect.poll(() => outbox(on.t), { timeout: 10_000 }).toEqual([]);
  });
});

describe('several servers draining the outbox', () => {
  // No job queue here: the three runs below are the only ones.
  const on = appOnRefusingBucket();

  it('removes each file once when several servers drain the outbox at once', async () => {
    const users = [
      await userWithAvatars(on.t),
      await userWithAvatars(on.t),
      await userWithAvatars(on.t),
    ];
    on.bucket.state.refuseDeletes = true;
    for (const { user } of users) {
      expect((await user.post('/api/account/delete', { password: TEST_PASSWORD })).status).toBe(
        200,
      );
    }
    const files = users.flatMap((u) => u.files);
    expect(await outbox(on.t)).toEqual(files.map((f) => f.key).sort());
    on.bucket.state.deleted = 0;
    on.bucket.state.refuseDeletes = false;
    const runs = await Promise.all([
      drainFileRemovals(jobContext(on.t)),
      drainFileRemovals(jobContext(on.t)),
      drainFileRemovals(jobContext(on.t)),
    ]);
    for (const run of runs) expect(run.failed).toBe(0);
    expect(runs.reduce((sum, run) => sum + run.removed, 0)).toBe(files.length);
    for (const { url } of files) expect(await status(url)).toBe(404);
    expect(await outbox(on.t)).toEqual([]);
    // Each batch is claimed by one server: no file was deleted twice.
    expect(on.bucket.state.deleted).toBe(files.length);
  });
});

describe('migration 0011', () => {
  const folder = path.resolve(import.meta.dirname, '../../src/server/db/migrations');
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((e) => e.tag === '0011_file_removal');
  async function migrate(db: PGlite, from: number, to: number) {
    for (const { tag } of journal.entries.slice(from, to)) {
      const text = readFileSync(path.join(folder, `${tag}.sql`), 'utf8');
      for (const statement of text.split('--> statement-breakpoint')) {
        if (statement.trim()) await db.exec(statement);
      }
    }
  }

  it('records the files the old stored-file-delete jobs were still to remove', async () => {
    expect(index).toBeGreaterThan(0);
    const db = new PGlite('memory://');
    try {
      await migrate(db, 0, index);
      // The columns of pg-boss's job table that the migration reads.
      await db.exec(`
        CREATE SCHEMA pgboss;
        CREATE TABLE pgboss.job (name text NOT NULL, data jsonb, state text NOT NULL);
        INSERT INTO pgboss.job (name, data, state) VALUES
          ('stored-file-delete', '{"fileNames": ["a.png", "b.webp"]}', 'retry'),
          ('stored-file-delete', '{"fileNames": ["c.jpg"]}', 'failed'),
          ('stored-file-delete', '{"fileNames": ["done.png"]}', 'completed'),
          ('stored-file-delete', '{"other": 1}', 'created'),
          ('mail-delivery', '{"mailId": 7}', 'created');
      `);
      await migrate(db, index, index + 1);
      const { rows } = await db.query<{ key: string }>('select key from file_removal order by key');
      expect(rows.map((r) => r.key)).toEqual(['a.png', 'b.webp', 'c.jpg']);
    } finally {
      await db.close();
    }
  });

  it('applies to a new database, before the job queue made its tables', async () => {
    const db = new PGlite('memory://');
    try {
      await migrate(db, 0, journal.entries.length);
      const { rows } = await db.query('select * from file_removal');
      expect(rows).toEqual([]);
    } finally {
      await db.close();
    }
  });
});
