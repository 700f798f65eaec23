import { CONVERSATION_PAGES } from './chat/rules';
import { parseId } from './ids';
import { matchClientRoute } from './routes';

/**
 * The character last chatted with, mirrored from the browser's storage into a cookie so that the
 * server can name its reads in `/chat`'s HTML too: a returning reader's `/chat` opens it
 * (decision 0035). Only an id; the reads it names are the user's own or a 404.
 */
export const LAST_CHARACTER_COOKIE = 'reverie.lastCharacter';

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

/** One read of the chat page's first render: which of the app's queries, and its id if any. */
export type FirstRead =
  | { read: 'credits' | 'profile' | 'characters' | 'conversations' | 'models' }
  | { read: 'character' | 'conversation' | 'messages'; id: number };

/** A first read's address (a page's first: no cursor). */
export function urlOf(first: FirstRead): string {
  switch (first.read) {
    case 'conversations':
      return readUrls.conversations();
    case 'character':
    case 'conversation':
    case 'messages':
      return readUrls[first.read](first.id);
    default:
      return readUrls[first.read];
  }
}

/**
 * What a signed-in user's first render of `pathname` + `search` reads (empty off the chat).
 * `remembered`: the last character's id (LAST_CHARACTER_COOKIE), which plain `/chat` opens.
 * The server names these as preloads; the app puts them in its cache before that render.
 */
export function firstReadsOf(
  pathname: string,
  search: string,
  remembered: number | null = null,
): FirstRead[] {
  if (matchClientRoute(pathname) !== '/chat/:conversationId?') return [];
  // Any segment after /chat (an id or not) is a conversation's address, which the app opens
  // with its own character: the remembered one only opens on /chat itself.
  const segment = pathname.split('/')[2] || null;
  const conversationId = parseId(segment);
  const named = parseId(new URLSearchParams(search).get('character'));
  const characterId = named ?? (segment === null ? remembered : null);
  const reads: FirstRead[] = [
    { read: 'credits' },
    { read: 'profile' },
    { read: 'characters' },
    { read: 'conversations' },
  ];
  if (characterId !== null) reads.push({ read: 'character', id: characterId }, { read: 'models' });
  if (conversationId !== null) {
    reads.push(
      { read: 'conversation', id: conversationId },
      { read: 'messages', id: conversationId },
    );
  }
  return reads;
}

/** The addresses of `firstReadsOf`. */
export const firstReadUrls = (pathname: string, search: string, remembered: number | null = null) =>
  firstReadsOf(pathname, search, remembered).map(urlOf);
