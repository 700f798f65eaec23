/**
 * What the server's Web Push message carries (issue 52), read by the service worker
 * (src/web/sw.ts). No zod here: the worker stays small, and it trusts only its own server (the
 * payload is encrypted to this browser's subscription keys).
 *
 * Without previews (the default: an adult product), `title` and `body` are discreet texts that
 * name neither the character nor anything said; with previews, the character's name and the
 * first words of its message.
 */
export interface PushPayload {
  /** 'reply': a reply finished; 'check-in': a character wrote first; 'no-credits': a check-in skipped. */
  kind: 'reply' | 'check-in' | 'no-credits';
  title: string;
  body: string;
  /** Where a click on the notification leads, a path of this site ('/chat/12'). */
  url: string;
  /** Notifications with the same tag replace each other (one per conversation). */
  tag: string;
  /** The user's conversations with unread messages, for the app icon's badge. */
  unread: number;
}

/** The discreet texts used when the user has not allowed previews. */
export const DISCREET_NOTIFICATION = {
  title: 'Reverie',
  reply: 'You have a new message.',
  checkIn: 'Someone is thinking of you.',
  noCredits: 'A check-in was skipped: you are out of messages.',
} as const;
