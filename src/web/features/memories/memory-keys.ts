import type { QueryClient } from '@tanstack/react-query';
import { listCharacters } from '../../../shared/characters/endpoints';

/**
 * Where memories live in the cache, apart from their reads and writes (api.ts): the chat page
 * refreshes them after deleting a conversation, and needs none of the memory panel's hooks in its
 * first load (tests/build/chat-budget.test.ts).
 */

/** Under the character's own query key (`characterKey`), as the path nests them. */
export const memoriesKey = (characterId: number) =>
  [listCharacters.path, characterId, 'memories'] as const;

/** Every character's memories: deleting a conversation forgets or unlinks what came from it. */
export const refreshAllMemories = (client: QueryClient) =>
  client.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === listCharacters.path && queryKey[2] === 'memories',
  });
