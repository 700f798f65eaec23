import type { AppContext } from '../../context';
import { purgeProcessedEvents } from '../billing';
import { purgeUndeliveredMail } from '../auth';
import { purgeExpiredSignInRecords } from './account.repo';

/** Rows kept only for operations are gone after this long at the latest (the privacy policy). */
export const OPERATIONAL_RETENTION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Removes what exists only for operations: sessions and verification links once expired (they
 * can never be used again), handled Stripe event ids after 90 days, and queued mail whose
 * delivery gave up (two days). Rate-limit counters live
 * in memory or Redis and expire with their window. Safe to run on several servers at once: each
 * is one DELETE of rows no one can use.
 */
export async function purgeOperationalRows(
  ctx: Pick<AppContext, 'db' | 'log'>,
  now: Date = new Date(),
) {
  const signIn = await purgeExpiredSignInRecords(ctx.db, now);
  const events = await purgeProcessedEvents(
    ctx.db,
    new Date(now.getTime() - OPERATIONAL_RETENTION_DAYS * DAY_MS),
  );
  const undeliveredMails = await purgeUndeliveredMail(ctx.db, new Date(now.getTime() - 2 * DAY_MS));
  const purged = { ...signIn, stripeEvents: events, undeliveredMails };
  ctx.log.info({ purged }, 'retention purge');
  return purged;
}
