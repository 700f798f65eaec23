import {
  DISCREET_NOTIFICATION,
  type PushPayload,
} from '../../../shared/notifications/push-payload';
import type { AppContext } from '../../context';
import type { JobPayloads } from '../../jobs/payloads';
import { brandName } from '../site';
import { pushToUser } from './push-delivery';
import { messageToTell, readSettings, unreadConversations, wantsReplies } from './push.repo';

/**
 * What is pushed, and when (issue 52 part 2). Pushing is a job ('push-notification'), queued once
 * the message is stored, so a reply never waits for a push service; the job reads what it says
 * then, with the user's settings of that moment.
 */

export type PushJob = JobPayloads['push-notification'];

/** The first words of a message for a preview: actions and markup out, one line. */
const PREVIEW_CHARS = 90;
export function previewOf(text: string): string {
  const flat = text
    .replace(/\*[^*\n]*\*/g, ' ')
    .replace(/[_*`#>~[\]]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length <= PREVIEW_CHARS ? flat : `${flat.slice(0, PREVIEW_CHARS - 1).trimEnd()}…`;
}

/**
 * Queues the push for a finished reply when the user has a browser subscribed and wants replies
 * told (the app's worker shows nothing while a window of it is visible). Cheap when they have
 * none: one indexed read. Never throws: the reply is stored already.
 */
export async function queueReplyPush(
  ctx: AppContext,
  r: { userId: string; conversationId: number; messageId: number },
) {
  try {
    if (await wantsReplyPushes(ctx, r.userId)) await queuePush(ctx, { kind: 'reply', ...r });
  } catch (err) {
    ctx.log.warn({ err, conversationId: r.conversationId }, 'reply push not queued');
  }
}

/**
 * Whether the user has a browser subscribed and wants replies told, remembered for a short while
 * per server (most users have none: a reply then costs no statement). This server's own changes
 * forget it at once (forgetPushWish); another server's are seen within WISH_KEPT_MS.
 */
const WISH_KEPT_MS = 30_000;
const WISHES_KEPT = 50_000;
const wishes = new WeakMap<AppContext['db'], Map<string, { wanted: boolean; until: number }>>();

async function wantsReplyPushes(ctx: AppContext, userId: string): Promise<boolean> {
  let known = wishes.get(ctx.db);
  if (!known) wishes.set(ctx.db, (known = new Map()));
  const kept = known.get(userId);
  if (kept && kept.until > Date.now()) return kept.wanted;
  const wanted = await wantsReplies(ctx.db, userId);
  if (known.size >= WISHES_KEPT) known.clear();
  known.set(userId, { wanted, until: Date.now() + WISH_KEPT_MS });
  return wanted;
}

/** The user's subscriptions or settings changed on this server. */
export function forgetPushWish(ctx: AppContext, userId: string) {
  wishes.get(ctx.db)?.delete(userId);
}

/** Queues one push; one per message (or per user for 'no-credits') however often asked. */
export function queuePush(ctx: AppContext, job: PushJob) {
  const key = job.kind === 'no-credits' ? `no-credits:${job.userId}` : `message:${job.messageId}`;
  return ctx.jobs.enqueue('push-notification', job, { singletonKey: key });
}

/** The job: builds the notification from what is stored now and sends it. */
export async function deliverPush(ctx: AppContext, job: PushJob): Promise<void> {
  const settings = await readSettings(ctx.db, job.userId);
  if (job.kind === 'reply' && !settings.replies) return;
  const payload = await payloadFor(ctx, job, settings.previews);
  if (payload) await pushToUser(ctx, job.userId, payload);
}

async function payloadFor(
  ctx: AppContext,
  job: PushJob,
  previews: boolean,
): Promise<PushPayload | null> {
  const unread = await unreadConversations(ctx.db, job.userId);
  const brand = await brandName(ctx.db);
  if (job.kind === 'no-credits') {
    return {
      kind: 'no-credits',
      title: brand,
      body: DISCREET_NOTIFICATION.noCredits,
      url: '/pricing',
      tag: 'no-credits',
      unread,
    };
  }
  const row = await messageToTell(ctx.db, job.userId, job.conversationId, job.messageId);
  if (!row) return null; // deleted meanwhile: nothing to tell
  const discreet =
    job.kind === 'reply' ? DISCREET_NOTIFICATION.reply : DISCREET_NOTIFICATION.checkIn;
  return {
    kind: job.kind,
    title: previews && row.name ? row.name : brand,
    body: previews ? previewOf(row.content) || discreet : discreet,
    url: `/chat/${job.conversationId}`,
    tag: `conversation-${job.conversationId}`,
    unread,
  };
}
