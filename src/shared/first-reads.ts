import { getCharacter, listCharacters } from './characters/endpoints';
import { getConversation, listConversations, listMessages, listModels } from './chat/endpoints';
import { getCredits } from './credits/endpoints';
import { getProfile } from './profile/endpoints';
import { CONVERSATION_PAGES } from './chat/rules';
import { EMPTY_OK } from './http/empty-ok';
import { urlOf as endpointUrl } from './http/endpoint';
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

/** The queries of the paged reads, as the app's queries send them (the same addresses). */
export const pageQueries = {
  conversations: (before: string | null = null) => ({
    limit: CONVERSATION_PAGES.size,
    before: before || undefined,
  }),
  messages: (before = 0) => ({ limit: MESSAGE_PAGE, before: before || undefined }),
};

/** One read of the chat page's first render: which of the app's queries, and its id if any. */
export type FirstRead =
  | { read: 'credits' | 'profile' | 'characters' | 'conversations' | 'models' }
  | { read: 'character' | 'conversation' | 'messages'; id: number };

/**
 * A first read's address (a page's first: no cursor). The web app's queries call the same
 * endpoints with the same queries (pageQueries), and the server names these addresses in the
 * page's HTML as preloads for a browser that carries a session cookie, so they are on their way
 * while the scripts download rather than after the app has rendered (decision 0020).
 */
export function urlOf(first: FirstRead): string {
  switch (first.read) {
    case 'credits':
      return endpointUrl(getCredits);
    case 'profile':
      // A new user has none yet: asked so that the answer is null, not a 404 (http/empty-ok.ts).
      return endpointUrl(getProfile, null, EMPTY_OK);
    case 'characters':
      return endpointUrl(listCharacters);
    case 'models':
      return endpointUrl(listModels);
    case 'conversations':
      return endpointUrl(listConversations, null, pageQueries.conversations());
    case 'character':
      return endpointUrl(getCharacter, { id: first.id });
    case 'conversation':
      return endpointUrl(getConversation, { id: first.id });
    case 'messages':
      return endpointUrl(listMessages, { id: first.id }, pageQueries.messages());
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

/**
 * Whether these first reads open a character without a conversation: the page then draws the
 * mode chooser, a chunk of its own, which the server names in the HTML (plugins/app-shell.ts)
 * and the app fetches with the reads (web/features/chat/first-reads.ts).
 */
export const opensModeChooser = (reads: FirstRead[]) =>
  reads.some((r) => r.read === 'character') && !reads.some((r) => r.read === 'conversation');

/** The addresses of `firstReadsOf`. */
export const firstReadUrls = (pathname: string, search: string, remembered: number | null = null) =>
  firstReadsOf(pathname, search, remembered).map(urlOf);
