import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { describe, expect } from 'vitest';
import { mailQueue } from '../../src/server/db/schema';
import { smtpAppTest } from '../support/server-fixtures';

/**
 * Issue 42, the class of "a crash between a commit and its side effect": a queued mail's row
 * commits before its delivery job is asked for. A server stopped between the two left a mail
 * (a password-reset link) that was never sent; the next server's sweep sends it.
 */
// The job queue is off: this server stands for the one that stopped.
const it = smtpAppTest((smtp) => ({ SMTP_URL: smtp.url }));

describe('mail left without its job', () => {
  it('is sent once by the next server, and a mail past its half hour is not', async ({
    t,
    smtp,
  }) => {
    const { db } = t.database;
    const mail = (to: string) => ({
      to,
      subject: 'Reset your Reverie password',
      text: `Open this link for ${to}.`,
    });
    // What the stopped server committed: rows, and no job.
    await db.insert(mailQueue).values([
      { message: mail('stranded@example.com'), createdAt: sql`now() - interval '2 minutes'` },
      { message: mail('too-late@example.com'), createdAt: sql`now() - interval '2 hours'` },
    ]);

    // The next start: its job queue runs the sweep at once.
    await t.jobs.start(t.app.log as unknown as Logger);
    await expect
      .poll(() => smtp.mails.filter((m) => m.to.includes('stranded@example.com')).length, {
        timeout: 20_000,
      })
      .toBe(1);
    await expect.poll(async () => (await db.select().from(mailQueue)).length).toBe(1);

    // Swept again (the next minute): nothing is sent twice, the stale one never.
    await t.jobs.runNow('mail-requeue');
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.mails.filter((m) => m.to.includes('stranded@example.com'))).toHaveLength(1);
    expect(smtp.mails.filter((m) => m.to.includes('too-late@example.com'))).toHaveLength(0);
  }, 60_000);
});
