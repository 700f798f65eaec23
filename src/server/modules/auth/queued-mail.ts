import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { mailQueue } from '../../db/schema';
import type { MailMessage, Mailer } from '../../integrations/mail';
import type { JobEnqueuer } from '../../jobs/queue';

/**
 * Sends `message` moments later, from the `mail-delivery` job, instead of within the request:
 * the answer to "reset the password of this address" must take as long for an address with an
 * account (a mail goes out) as for one without (none does), or its timing would tell them apart.
 * The row holds the mail until it is sent (retried if the mail server is down).
 */
export async function queueMail(db: Database, jobs: JobEnqueuer, message: MailMessage) {
  const [row] = await db.insert(mailQueue).values({ message }).returning({ id: mailQueue.id });
  // One key per mail: the queue keeps one job per key, so mails never stand in for each other.
  await jobs.enqueue('mail-delivery', { mailId: row!.id }, { singletonKey: `mail-${row!.id}` });
}

/** The job's work: sends the queued mail and forgets it. A mail already sent is not sent again. */
export async function deliverQueuedMail(
  ctx: { db: Database; mailer: Mailer },
  mailId: number,
): Promise<void> {
  const [row] = await ctx.db.select().from(mailQueue).where(eq(mailQueue.id, mailId));
  if (!row) return;
  await ctx.mailer.send(row.message);
  await ctx.db.delete(mailQueue).where(eq(mailQueue.id, mailId));
}

/**
 * Mail whose job was never queued: the row commits before its job is asked for, so a server
 * that stopped between the two (a crash, kill -9) left a mail no job will send (issue 42: a
 * crash between a commit and its side effect). Asks again for the job of each mail queued more
 * than a minute ago and still within its job's half hour of retries; a mail whose job is waiting
 * or running is not queued twice (one job per mail's key). Returns how many were asked for anew.
 */
export async function requeueStrandedMail(db: Database, jobs: JobEnqueuer): Promise<number> {
  const rows = await db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(
      and(
        lt(mailQueue.createdAt, sql`now() - interval '1 minute'`),
        gt(mailQueue.createdAt, sql`now() - interval '30 minutes'`),
      ),
    )
    .limit(500);
  let queued = 0;
  for (const { id } of rows) {
    if (await jobs.enqueue('mail-delivery', { mailId: id }, { singletonKey: `mail-${id}` })) {
      queued++;
    }
  }
  return queued;
}

/** Retention: a mail still queued after its job gave up (days) will never go; it is dropped. */
export async function purgeUndeliveredMail(db: Database, before: Date) {
  const rows = await db
    .delete(mailQueue)
    .where(lt(mailQueue.createdAt, before))
    .returning({ id: mailQueue.id });
  return rows.length;
}

/**
 * An account's deletion: mail still waiting for its address is not sent (a reset link to an
 * account that is gone) and the address not kept in the queue.
 */
export async function forgetQueuedMailTo(db: Executor, address: string) {
  await db.delete(mailQueue).where(sql`lower(${mailQueue.message}->>'to') = lower(${address})`);
}
