import { firstReadsOf, opensModeChooser, type FirstRead } from '../../../shared/first-reads';
import { queryClient } from '../../lib/query-client';
import { signedInUser } from '../auth/session';
import { characterQuery, charactersQuery, readLastCharacterId } from '../characters/api';
import { profileQuery } from '../profile/profile-api';
import { ModeChooser, ScenePart, StoryOptions } from './lazy-parts';
import {
  conversationQuery,
  conversationsQuery,
  creditsQuery,
  messagesQuery,
  modelChoiceQuery,
} from '../chat-data/api';

/** Each first read as the query the chat page's hooks make (the same key and options). */
const prefetch: Record<FirstRead['read'], (id: number) => Promise<void>> = {
  credits: () => queryClient.prefetchQuery(creditsQuery),
  profile: () => queryClient.prefetchQuery(profileQuery),
  characters: () => queryClient.prefetchQuery(charactersQuery),
  conversations: () => queryClient.prefetchInfiniteQuery(conversationsQuery),
  models: () => queryClient.prefetchQuery(modelChoiceQuery),
  character: (id) => queryClient.prefetchQuery(characterQuery(id)),
  // A story's options bar is a chunk of its own (lazy-parts.ts): it comes with the story.
  conversation: async (id) => {
    await queryClient.prefetchQuery(conversationQuery(id));
    const opened = queryClient.getQueryData(conversationQuery(id).queryKey);
    if (opened?.chatMode === 'immersive') await StoryOptions.preload();
    // A group scene's names above its messages, and its bar, are drawn with the page too.
    if (opened?.members) await ScenePart.preload();
  },
  messages: (id) => queryClient.prefetchInfiniteQuery(messagesQuery(id)),
};

/**
 * Puts what the chat page's first render reads into the cache; the HTML has preloaded the
 * responses, and these fetches take them. The first render then shows the page with its data in
 * one pass, instead of a shell that each answer renders again (decision 0035). Never fails
 * (a read that fails is asked again by its hook, which shows the failure).
 */
export async function prefetchFirstReads(pathname: string, search: string) {
  if (!(await signedInUser())) return;
  const reads = firstReadsOf(pathname, search, readLastCharacterId());
  // A character without a conversation opens on the mode chooser, a chunk of its own.
  if (opensModeChooser(reads)) void ModeChooser.preload();
  await Promise.all(reads.map((first) => prefetch[first.read]('id' in first ? first.id : 0)));
}
