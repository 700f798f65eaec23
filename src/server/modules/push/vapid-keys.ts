import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppContext } from '../../context';
import { pushKey } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair (issue 52): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; on the
 * embedded database the pair config.ts generated into DATA_DIR on first start (like the auth
 * secret); on a shared PostgreSQL, a pair generated once into the database, so every server signs
 * with one pair and a browser's subscription works whichever server sends. Read once per process.
 */
const loaded = new WeakMap<AppContext['db'], Promise<VapidKeys>>();

export function vapidKeys(ctx: AppContext): Promise<VapidKeys> {
  if (ctx.config.push.keys) return Promise.resolve(ctx.config.push.keys);
  let keys = loaded.get(ctx.db);
  if (!keys) {
    keys = sharedKeys(ctx);
    // A failed read is tried again by the next caller.
    keys.catch(() => loaded.delete(ctx.db));
    loaded.set(ctx.db, keys);
  }
  return keys;
}

async function sharedKeys(ctx: AppContext): Promise<VapidKeys> {
  const fresh = webpush.generateVAPIDKeys();
  // Of servers starting at once, the first insert wins and all read the same row.
  await ctx.db
    .insert(pushKey)
    .values({ id: 1, publicKey: fresh.publicKey, privateKey: fresh.privateKey })
    .onConflictDoNothing();
  const { rows } = await ctx.db.execute<{ public_key: string; private_key: string }>(
    sql`select public_key, private_key from ${pushKey} where id = 1`,
  );
  return { publicKey: rows[0]!.public_key, privateKey: rows[0]!.private_key };
}
