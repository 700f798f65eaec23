import { CONVERSATION_PAGES } from './chat/rules';
import { parseId } from './ids';
import { matchClientRoute } from './routes';

/** Messages load newest page first, this many at a time. */
export const MESSAGE_PAGE = 50;

/**
 * The addresses of the API reads the chat page makes on its first render. The web app asks for
 * exactly these (its queries build them here), and the server names them in the page's HTML as
 * preloads for a browser that carries a session cookie, so they are on their way while the
 * scripts download rather than after the app has rendered (decision 0020).
 */
export const readUrls = {
  credits: '/api/get-credits',
  profile: '/api/user-profile',
  characters: '/api/characters',
  character: (id: number) => `/api/characters/${id}`,
  conversations: (before: string | null = null) =>
    `/api/conversations?limit=${CONVERSATION_PAGES.size}` +
    (before ? `&before=${encodeURIComponent(before)}` : ''),
  conversation: (id: number) => `/api/conversations/${id}`,
  messages: (id: number, before = 0) =>
    `/api/conversations/${id}/messages?limit=${MESSAGE_PAGE}` + (before ? `&before=${before}` : ''),
  models: '/api/models',
};

/** What a signed-in user's first render of `pathname` + `search` reads (empty off the chat). */
export function firstReadsOf(pathname: string, search: string): string[] {
  if (matchClientRoute(pathname) !== '/chat/:conversationId?') return [];
  const conversationId = parseId(pathname.split('/')[2] ?? null);
  const characterId = parseId(new URLSearchParams(search).get('character'));
  const reads = [readUrls.credits, readUrls.profile, readUrls.characters, readUrls.conversations()];
  if (characterId !== null) reads.push(readUrls.character(characterId), readUrls.models);
  if (conversationId !== null) {
    reads.push(readUrls.conversation(conversationId), readUrls.messages(conversationId));
  }
  return reads;
}
