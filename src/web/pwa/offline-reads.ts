import type { ConversationSummary, ThreadMessageView } from '../../shared/chat/contract';
import { isConversationList, messagesOf, NAMES_ADDRESS } from './api-reads';
import { API_CACHE } from './cache-names';

/** A conversation as the offline screen shows it: who it is with and its newest messages. */
export interface OfflineConversation {
  id: number;
  title: string;
  /** The characters' names by id (a deleted character has none). */
  names: Record<number, string>;
  characterIds: number[];
  messages: Pick<ThreadMessageView, 'id' | 'sender' | 'content' | 'speakerId'>[];
}

/** How many conversations the screen offers at most (the worker keeps about 30 answers). */
const SHOWN = 10;

const json = async (response: Response | undefined): Promise<unknown> =>
  response ? response.json().catch(() => null) : null;

/**
 * The last conversations the worker kept (../sw.ts), newest first, those whose messages it kept
 * too: read from its cache directly, so nothing here waits for a network that is not there.
 */
export async function readOfflineConversations(): Promise<OfflineConversation[]> {
  if (typeof caches === 'undefined' || !(await caches.has(API_CACHE))) return [];
  const cache = await caches.open(API_CACHE);
  let list: unknown = null;
  const threads = new Map<number, Request>();
  for (const request of await cache.keys()) {
    const url = new URL(request.url);
    if (isConversationList(url)) list ??= await json(await cache.match(request));
    const id = messagesOf(url);
    if (id !== null) threads.set(id, request);
  }
  // A plain list, or a page of one (asked with a limit).
  const summaries = (
    Array.isArray(list) ? list : ((list as { conversations?: unknown })?.conversations ?? [])
  ) as ConversationSummary[];
  const names = ((await json(await cache.match(NAMES_ADDRESS))) ?? {}) as Record<number, string>;
  const shown: OfflineConversation[] = [];
  for (const summary of summaries) {
    const request = threads.get(summary.id);
    if (!request || shown.length >= SHOWN) continue;
    const messages = await json(await cache.match(request));
    if (!Array.isArray(messages) || messages.length === 0) continue;
    shown.push({
      id: summary.id,
      title: summary.title,
      names,
      characterIds: summary.characterIds ?? (summary.characterId ? [summary.characterId] : []),
      messages: messages as OfflineConversation['messages'],
    });
  }
  return shown;
}
