import { z } from 'zod';
import { idParams } from '../id-params';

/**
 * Web Push (issue 52 part 2): the server's public VAPID key, the browser's subscriptions, and what
 * the user wants to be told.
 *
 *   GET    /api/push/key                                 → pushKeyResponse
 *   POST   /api/push/subscriptions   pushSubscriptionBody → 201 pushSubscriptionView
 *   DELETE /api/push/subscriptions/{id}                  → successResponse
 *   GET    /api/notifications/settings                   → notificationSettingsSchema
 *   PUT    /api/notifications/settings notificationSettingsSchema → notificationSettingsSchema
 */

export const PUSH_SUBSCRIPTION_NOT_FOUND = 'Subscription not found';
export const PUSH_ENDPOINT_REFUSED =
  'That push service address is not allowed: it must be an https:// address on the internet.';
/** How many browsers one account may have subscribed at once. */
export const PUSH_SUBSCRIPTIONS_PER_USER = 20;

export const pushKeyResponse = z.object({ publicKey: z.string() });

/** A base64url value of the browser's subscription keys. */
const keyText = (name: string, max: number) =>
  z
    .string({ error: `${name} is required.` })
    .min(1, { message: `${name} is required.`, abort: true })
    .max(max, `${name} is too long.`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url.`);

/** The browser's PushSubscription.toJSON(). */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: 'endpoint is required.' })
    .max(2048, 'The endpoint is too long.')
    .url('The endpoint must be an address.'),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: keyText('keys.p256dh', 200), auth: keyText('keys.auth', 100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushSubscriptionView = z.object({ id: z.number(), createdAt: z.string() });
export type PushSubscriptionView = z.infer<typeof pushSubscriptionView>;

export const pushSubscriptionParams = idParams(PUSH_SUBSCRIPTION_NOT_FOUND);

export const notificationSettingsSchema = z.object({
  /** A notification when a reply finishes while Reverie is in the background. */
  replies: z.boolean(),
  /** Show the character's name and the first words; otherwise a discreet text. */
  previews: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  replies: true,
  previews: false,
};
