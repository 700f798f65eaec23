/** Browser-stored items (spec section 3). Storage can be unavailable (private modes): never throw. */
export const STORAGE_KEYS = {
  ageConfirmed: 'reverie.ageConfirmed',
  lastCharacterId: 'reverie.lastCharacterId',
  /** The server's id of this browser's push subscription (features/notifications/push.ts). */
  pushSubscriptionId: 'reverie.pushSubscriptionId',
} as const;

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the value lives for this page only */
  }
}
