import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import * as characters from '../../../../shared/characters/endpoints';
import { call } from '../../../lib/api';

/**
 * The ready-made characters' read and write (issue 45). Kept beside the gallery, apart from
 * ../api.ts and ../mutations.ts: only the gallery's chunk needs them, not the chat's first load.
 */

/**
 * The characters' list, as CHARACTERS_KEY in ../api.ts names it (imported from there, this chunk
 * would split the chat's shared modules into one more file; tests/web/starters.test.tsx checks
 * the two agree).
 */
const CHARACTERS_KEY = [characters.listCharacters.path] as const;

/** The same for everyone; they change only with a deploy. */
export const startersQuery = queryOptions({
  queryKey: [characters.listStarters.path] as const,
  queryFn: () => call(characters.listStarters),
  staleTime: Infinity,
});

/**
 * Stores the user's own copy of a ready-made character (answering `{ id, name }` as a create
 * does); the characters' list is read again, as after a create.
 */
export function useAdoptStarter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (starterId: string) => call(characters.adoptStarter, { params: { id: starterId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: CHARACTERS_KEY, exact: true }),
  });
}
