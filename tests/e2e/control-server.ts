import { createServer, type IncomingMessage } from 'node:http';
import { count, eq, sql } from 'drizzle-orm';
import type { JobQueue } from '../../src/server/jobs/queue';
import type { TestClock } from '../support/test-clock';
import type { Database } from '../../src/server/db/client';
import { conversation, creditAccount, message, user } from '../../src/server/db/schema';
import type { Auth } from '../../src/server/modules/auth/auth';
import { linkIntoLines } from '../server/support/message-tree';
import { signInDirectly } from '../support/direct-sign-in';
import { makeStaff } from '../support/two-factor';

/** Runs the 'check-ins' job once at `at` and waits for it (and any run before it) to end. */
async function runCheckInsAt({ db, jobs, clock }: ControlledApp, at: string) {
  clock!.at = new Date(at);
  const deadline = Date.now() + 30_000;
  while (!(await jobs!.runNow('check-ins'))) {
    if (Date.now() > deadline) throw new Error('check-ins never ran');
    await new Promise((r) => setTimeout(r, 200));
  }
  for (;;) {
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from pgboss.job
       where name = 'check-ins' and state in ('created', 'retry', 'active')`);
    if (rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error('check-ins never ended');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function readJson<T>(req: IncomingMessage): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString()) as T;
}

/** One app of the harness, as the control server reaches it. */
export interface ControlledApp {
  db: Database;
  auth: Auth;
  /** The main app's queue and clock, for POST /check-ins/run. */
  jobs?: JobQueue;
  clock?: TestClock;
}

/**
 * Test-harness endpoints (not part of the app) for data the UI cannot create yet:
 * POST /sign-in { email, name?, password?, app?: 'main' | 'no-model' } creates a verified user
 * with a session, without the sign-up, the mail and the sign-in (tests/support/direct-sign-in.ts),
 * and answers { userId, cookie } (the session cookie's `name=value`);
 * POST /conversations { email, characterId, count } adds conversations for a user's character;
 * GET /conversations?characterId=N counts them; POST /credits { email, credits } sets a balance;
 * POST /history { email, characterId, count } adds one conversation with `count` messages
 * ('Message 1' … oldest first, alternating user and reply) and answers { id };
 * POST /check-ins/run { at } sets the main app's clock to `at` and runs its 'check-ins' job once,
 * answering when that run is over;
 * POST /staff { email, role, app? } gives an account a staff role, as `npm run staff -- add` does
 * (two-factor, which the console also needs, is turned on through the app's own endpoints).
 */
export async function startControlServer(
  apps: { main: ControlledApp; noModel: ControlledApp },
  port: number,
) {
  const { db } = apps.main;
  const userIdOf = async (email: string) => {
    const [owner] = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, email.toLowerCase()));
    return owner?.id;
  };

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://control');
      const route = `${req.method} ${url.pathname}`;

      if (route === 'GET /conversations') {
        const characterId = Number(url.searchParams.get('characterId'));
        const [row] = await db
          .select({ n: count() })
          .from(conversation)
          .where(eq(conversation.characterId, characterId));
        return void res.writeHead(200).end(JSON.stringify({ count: Number(row!.n) }));
      }
      if (route === 'POST /check-ins/run') {
        const { at } = await readJson<{ at: string }>(req);
        await runCheckInsAt(apps.main, at);
        return void res.writeHead(200).end('{}');
      }
      if (route === 'POST /sign-in') {
        const input = await readJson<{
          email: string;
          name?: string;
          password?: string;
          app?: 'main' | 'no-model';
        }>(req);
        const signedIn = await signInDirectly(
          input.app === 'no-model' ? apps.noModel : apps.main,
          input,
        );
        return void res.writeHead(200).end(JSON.stringify(signedIn));
      }
      if (route === 'POST /staff') {
        const input = await readJson<{
          email: string;
          role: 'admin' | 'moderator';
          app?: 'main' | 'no-model';
        }>(req);
        const appDb = input.app === 'no-model' ? apps.noModel.db : db;
        const [staff] = await appDb
          .select({ id: user.id })
          .from(user)
          .where(eq(user.email, input.email.toLowerCase()));
        if (!staff) return void res.writeHead(404).end();
        await makeStaff(appDb, staff.id, input.role);
        return void res.writeHead(200).end('{}');
      }
      if (!['POST /credits', 'POST /conversations', 'POST /history'].includes(route)) {
        return void res.writeHead(404).end();
      }
      const body = await readJson<{
        email: string;
        characterId: number;
        count: number;
        credits: number;
      }>(req);
      const userId = await userIdOf(body.email);
      if (!userId) return void res.writeHead(404).end();

      if (route === 'POST /credits') {
        await db
          .insert(creditAccount)
          .values({ userId, credits: body.credits, periodStart: new Date() })
          .onConflictDoUpdate({ target: creditAccount.userId, set: { credits: body.credits } });
        return void res.writeHead(200).end('{}');
      }
      if (route === 'POST /history') {
        const [created] = await db
          .insert(conversation)
          .values({
            userId,
            characterId: body.characterId,
            chatMode: 'assistant',
            title: 'A long talk',
            lastMessage: `Message ${body.count}`,
            messageCount: body.count,
          })
          .returning({ id: conversation.id });
        await db.insert(message).values(
          Array.from({ length: body.count }, (_, i) => ({
            userId,
            conversationId: created!.id,
            sender: i % 2 === 0 ? ('user' as const) : ('ai' as const),
            content: `Message ${i + 1}`,
          })),
        );
        await linkIntoLines(db, [created!.id]);
        return void res.writeHead(201).end(JSON.stringify({ id: created!.id }));
      }
      await db.insert(conversation).values(
        Array.from({ length: body.count }, (_, i) => ({
          userId,
          characterId: body.characterId,
          title: `Seeded conversation ${i + 1}`,
        })),
      );
      res.writeHead(201).end('{}');
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => server.close() };
}
