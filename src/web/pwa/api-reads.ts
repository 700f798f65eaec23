/**
 * Which API reads the worker keeps for reading offline (../sw.ts) and how the offline screen
 * finds them again (./offline-reads.ts): the conversation list and the newest page of a
 * conversation's messages. Nothing else of /api: no search results, no older pages, no writes,
 * no reply streams. The paths are the endpoints' (src/shared/chat/endpoints.ts; a unit test
 * holds them together): no endpoint module is imported here, so the worker stays free of zod.
 */
export const CONVERSATIONS_PATH = '/api/conversations';
const MESSAGES_PATH = /^\/api\/conversations\/(\d+)\/messages$/;
/** GET /api/characters: not kept by the worker; the page keeps the names (./start.ts). */
export const CHARACTERS_PATH = '/api/characters';

/**
 * The characters' names by id, which the page writes into the API cache under this address (a
 * conversation in the list names its characters by id only). Never requested from the server.
 */
export const NAMES_ADDRESS = '/offline/character-names';

/** The conversation whose newest messages `url` reads, or null. */
export function messagesOf(url: URL): number | null {
  if (url.searchParams.has('before')) return null;
  const match = MESSAGES_PATH.exec(url.pathname);
  return match ? Number(match[1]) : null;
}

/** The first page of the conversation list (no search, no cursor). */
export const isConversationList = (url: URL) =>
  url.pathname === CONVERSATIONS_PATH &&
  !url.searchParams.has('query') &&
  !url.searchParams.has('before');

/** Whether the worker keeps this GET's answer (network first) for reading offline. */
export function isOfflineRead(url: URL, accept: string | null): boolean {
  // A reply's events are never kept, whatever their address.
  if (accept?.includes('text/event-stream')) return false;
  return isConversationList(url) || messagesOf(url) !== null;
}
