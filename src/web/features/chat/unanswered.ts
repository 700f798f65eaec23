import { useSyncExternalStore } from 'react';
import { OUT_OF_CREDITS_MESSAGE } from '../../../shared/chat/rules';
import type { DisplayMessage } from './display-message';

/**
 * Messages typed while out of credits: they were never sent (the model is not called), but the
 * user's words stay in the thread, marked as not answered, until they are sent again. Kept per
 * conversation ('new-<characterId>' before one exists) for this browser tab, surviving reloads.
 */
export interface UnansweredMessage {
  id: string;
  content: string;
  /** The newest stored message when it was typed: it is shown right after that one. */
  afterId: number;
}

const STORAGE_KEY = 'reverie.unanswered';
let store: Record<string, UnansweredMessage[]> = load();
const listeners = new Set<() => void>();

function load(): Record<string, UnansweredMessage[]> {
  try {
    return JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<
      string,
      UnansweredMessage[]
    >;
  } catch {
    return {};
  }
}

function save(next: Record<string, UnansweredMessage[]>) {
  store = next;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(store));
  } catch {
    /* kept for this page only */
  }
  listeners.forEach((l) => l());
}

export const unansweredKey = (conversationId: number | null, characterId: number) =>
  conversationId === null ? `new-${characterId}` : String(conversationId);

const EMPTY: UnansweredMessage[] = [];

export function useUnanswered(key: string): UnansweredMessage[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => store[key] ?? EMPTY,
  );
}

export function addUnanswered(key: string, content: string, afterId: number) {
  const entry = { id: `unanswered-${Date.now()}-${Math.random()}`, content, afterId };
  save({ ...store, [key]: [...(store[key] ?? []), entry] });
}

export function removeUnanswered(key: string, id: string) {
  save({ ...store, [key]: (store[key] ?? []).filter((m) => m.id !== id) });
}

/** A new conversation was created: what was typed before it belongs to it now. */
export function moveUnanswered(from: string, to: string) {
  if (!store[from]?.length) return;
  const { [from]: moved, ...rest } = store;
  save({ ...rest, [to]: [...(rest[to] ?? []), ...moved!] });
}

/**
 * The stored messages with the ones typed while out of credits in their place (each after the
 * messages that existed when it was typed), and the spec's placeholder reply after the last.
 */
export function withUnanswered(
  stored: DisplayMessage[],
  unanswered: UnansweredMessage[],
): DisplayMessage[] {
  if (unanswered.length === 0) return [...stored];
  const result: DisplayMessage[] = [];
  const waiting = [...unanswered];
  const placeUpTo = (limit: number) => {
    while (waiting.length > 0 && waiting[0]!.afterId < limit) {
      const u = waiting.shift()!;
      result.push({ id: u.id, sender: 'user', content: u.content, unanswered: true });
    }
  };
  for (const m of stored) {
    if (typeof m.id === 'number') placeUpTo(m.id);
    result.push(m);
  }
  placeUpTo(Infinity);
  const last = result.findLastIndex((m) => m.unanswered);
  result.splice(last + 1, 0, { id: 'no-credits', sender: 'ai', content: OUT_OF_CREDITS_MESSAGE });
  return result;
}
