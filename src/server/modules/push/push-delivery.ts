import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '../../../shared/notifications/push-payload';
import type { AppContext } from '../../context';
import { endpointProblem, publicOnlyLookup } from './endpoint-guard';
import { dropSubscriptionById, subscriptionsOf, type StoredSubscription } from './push.repo';
import { vapidKeys } from './vapid-keys';

/** How long a push service may take to take a message. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a browser that is offline: a day. */
const PUSH_TTL_SECONDS = 24 * 3600;

/**
 * Sends `payload` to every browser the user subscribed, encrypted to each (web-push builds the
 * request: aes128gcm, VAPID). The request is ours: http or https by the endpoint, no redirects,
 * a DNS lookup that refuses internal addresses (endpoint-guard.ts). A subscription its push
 * service says is gone (404, 410) is removed; other failures are logged (no content) and the
 * rest still sent. Answers how many took it.
 */
export async function pushToUser(
  ctx: AppContext,
  userId: string,
  payload: PushPayload,
): Promise<number> {
  const subscriptions = await subscriptionsOf(ctx.db, userId);
  if (subscriptions.length === 0) return 0;
  const keys = await vapidKeys(ctx);
  const body = JSON.stringify(payload);
  let delivered = 0;
  for (const s of subscriptions) {
    const status = await sendOne(ctx, s, body, keys).catch((error: Error) => {
      ctx.log.warn({ userId, subscription: s.id, err: error.message }, 'push not delivered');
      return 0;
    });
    if (status === 404 || status === 410) {
      await dropSubscriptionById(ctx.db, s.id);
      ctx.log.info({ userId, subscription: s.id, status }, 'push subscription gone: removed');
    } else if (status >= 200 && status < 300) {
      delivered++;
    } else if (status !== 0) {
      ctx.log.warn({ userId, subscription: s.id, status }, 'push service refused a message');
    }
  }
  return delivered;
}

async function sendOne(
  ctx: AppContext,
  s: StoredSubscription,
  body: string,
  keys: { publicKey: string; privateKey: string },
): Promise<number> {
  const { allowHttpHosts } = ctx.config.push;
  // Kept before this rule or the allow-list changed: checked again at each send.
  const problem = endpointProblem(s.endpoint, allowHttpHosts);
  if (problem) throw new Error(`endpoint refused: ${problem}`);
  const details = webpush.generateRequestDetails(
    { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
    body,
    {
      vapidDetails: { subject: ctx.config.push.subject, ...keys },
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  const url = new URL(details.endpoint);
  const allowed = allowHttpHosts.includes(url.hostname.toLowerCase().replace(/^\[|\]$/g, ''));
  const client = url.protocol === 'http:' ? http : https;
  return new Promise<number>((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers: details.headers as Record<string, string>,
        timeout: PUSH_TIMEOUT_MS,
        ...(allowed ? {} : { lookup: publicOnlyLookup }),
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service timed out')));
    request.on('error', reject);
    request.end(details.body ?? undefined);
  });
}
