import { rmSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect } from 'vitest';
import { avatar } from '../../src/server/db/schema';
import { createAvatarStorage } from '../../src/server/integrations/storage';
import {
  sweepUnusedAvatars,
  type AvatarSweepContext,
} from '../../src/server/modules/avatars/avatars.service';
import { startS3Double } from '../doubles/s3-server';
import { appTest } from '../support/server-fixtures';
import type { TestClient } from './support/http-client';
import { makeImage } from './support/images';
import { startTestApp, type TestApp } from './support/test-app';

const character = {
  name: 'Nova',
  description: 'A starship engineer with a warm laugh.',
  gender: 'female',
  personality: 'Curious, practical, flirts through technical jargon.',
};

const it = appTest({}, { jobs: true });

/** What the sweep job gets from the app: its database, a logger and the configured storage. */
const sweepContext = (app: TestApp): AvatarSweepContext => ({
  db: app.database.db,
  log: pino({ level: 'silent' }),
  avatarStorage: createAvatarStorage(app.config),
});

async function upload(client: TestClient): Promise<string> {
  const res = await client.upload('/api/avatars', await makeImage('png'));
  expect(res.status, res.text).toBe(200);
  return res.json.fileName;
}

/** Makes an avatar look as if it was stored `hours` ago. */
async function age(app: TestApp, fileName: string, hours: number) {
  await app.database.db.execute(
    sql`update avatar set created_at = now() - make_interval(hours => ${hours}::int) where file_name = ${fileName}`,
  );
}

const served = async (app: TestApp, fileName: string) =>
  (await fetch(`${app.url}/avatars/${fileName}`)).status;
const recorded = async (app: TestApp, fileName: string) =>
  (await app.database.db.select().from(avatar).where(eq(avatar.fileName, fileName))).length > 0;

describe('unused avatar sweep', () => {
  it('deletes avatars no character shows a day after they were made, and keeps the others', async ({
    t,
    user,
  }) => {
    const abandoned = await upload(user);
    const shown = await upload(user);
    const fresh = await upload(user);
    const { id } = (await user.post('/api/characters', { ...character, avatarImage: shown })).json;
    await age(t, abandoned, 25);
    await age(t, shown, 25);
    await age(t, fresh, 23); // the user may still be filling in the form

    expect(await sweepUnusedAvatars(sweepContext(t))).toBe(1);

    expect(await served(t, abandoned)).toBe(404);
    expect(await recorded(t, abandoned)).toBe(false);
    expect(await served(t, shown)).toBe(200);
    expect((await user.get(`/api/characters/${id}`)).json.avatarUrl).toBe(`/avatars/${shown}`);
    expect(await served(t, fresh)).toBe(200);
    expect(await recorded(t, fresh)).toBe(true);
    // A second sweep finds nothing more.
    expect(await sweepUnusedAvatars(sweepContext(t))).toBe(0);
  });

  it('keeps an avatar that another of the user’s characters still shows', async ({ t, user }) => {
    const shared = await upload(user);
    const first = (await user.post('/api/characters', { ...character, avatarImage: shared })).json;
    await user.post('/api/characters', { ...character, name: 'Vega', avatarImage: shared });
    await user.put(`/api/characters/${first.id}`, { avatarImage: null });
    await age(t, shared, 48);
    await sweepUnusedAvatars(sweepContext(t));
    expect(await served(t, shared)).toBe(200);
  });

  it('refuses a swept avatar in the create form, as for any unknown image', async ({ t, user }) => {
    const abandoned = await upload(user);
    await age(t, abandoned, 25);
    await sweepUnusedAvatars(sweepContext(t));
    const res = await user.post('/api/characters', { ...character, avatarImage: abandoned });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Unknown avatar image. Please upload it again.');
  });

  it('forgets an avatar whose file is already gone', async ({ t, user }) => {
    const lost = await upload(user);
    rmSync(path.join(t.dataDir, 'avatars', lost));
    await age(t, lost, 25);
    expect(await sweepUnusedAvatars(sweepContext(t))).toBe(1);
    expect(await recorded(t, lost)).toBe(false);
  });

  it('deletes each avatar once when several servers sweep at the same time', async ({
    t,
    user,
  }) => {
    const abandoned = [await upload(user), await upload(user), await upload(user)];
    for (const fileName of abandoned) await age(t, fileName, 30);
    const counts = await Promise.all([
      sweepUnusedAvatars(sweepContext(t)),
      sweepUnusedAvatars(sweepContext(t)),
    ]);
    expect(counts[0]! + counts[1]!).toBe(3);
    for (const fileName of abandoned) expect(await served(t, fileName)).toBe(404);
  });

  it('runs on the job queue: scheduled hourly, and a queued run deletes', async ({ t, user }) => {
    expect(await t.jobs.schedules()).toContainEqual({ name: 'avatar-sweep', cron: '17 * * * *' });
    const abandoned = await upload(user);
    await age(t, abandoned, 25);
    await expect
      .poll(
        async () => {
          // Queues a run unless one is already waiting or running (e.g. the start-up run).
          await t.jobs.runNow('avatar-sweep');
          return served(t, abandoned);
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(404);
  });

  it('deletes the object from an S3-compatible bucket too', async () => {
    const s3 = await startS3Double();
    const app = await startTestApp(s3.env);
    try {
      const c = await app.signedInUser();
      const abandoned = await upload(c);
      const key = `avatars/${abandoned}`;
      expect(s3.objects.has(key)).toBe(true);
      await age(app, abandoned, 25);
      expect(await sweepUnusedAvatars(sweepContext(app))).toBe(1);
      expect(s3.objects.has(key)).toBe(false);
      expect(await recorded(app, abandoned)).toBe(false);
    } finally {
      await app.close();
      await s3.stop();
    }
  });
});
