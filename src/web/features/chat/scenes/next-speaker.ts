import { useSyncExternalStore } from 'react';

/**
 * Who answers a group scene's next message (issue 51), as its Here-now bar chose it: per
 * conversation, for one message. The bar sets it; the send protocol takes it as the message (or
 * a reply's new version) goes (send-protocol.ts, which loads the scenes' chunk only for a scene,
 * as it loads the persona chosen for a new chat). Kept here, in the scenes' chunk, so the chat's
 * first load carries none of it. No choice: the scene picks (the character named or
 * @mentioned, else the model's choice). A scene's turns ('{name} speaks') leave it as it is.
 */
const chosen = new Map<number, number>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Chooses who answers next in a conversation (null: the scene decides). */
export function chooseNextSpeaker(conversationId: number, speakerId: number | null) {
  if (speakerId === null) chosen.delete(conversationId);
  else chosen.set(conversationId, speakerId);
  listeners.forEach((listener) => listener());
}

/** The choice, for the message being sent: it holds for that one, then the scene decides again. */
export function takeNextSpeaker(conversationId: number): number | undefined {
  const speakerId = chosen.get(conversationId);
  chooseNextSpeaker(conversationId, null);
  return speakerId;
}

/** The bar's view of the choice (null: the scene decides). */
export const useNextSpeaker = (conversationId: number) =>
  useSyncExternalStore(subscribe, () => chosen.get(conversationId) ?? null);
