import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listCharacters } from '../../../shared/characters/endpoints';
import type { LorebookResponse, PutLorebookRequest } from '../../../shared/lorebooks/contract';
import * as lorebooks from '../../../shared/lorebooks/endpoints';
import { call } from '../../lib/api';
import { upload } from '../../lib/transfer';

/** Under the character's own query key, as the path nests it (as memories are). */
export const lorebookKey = (characterId: number) =>
  [listCharacters.path, characterId, 'lorebook'] as const;

/** The character's lorebook, or null when it has none. */
export const useLorebook = (characterId: number) =>
  useQuery({
    queryKey: lorebookKey(characterId),
    queryFn: () => call(lorebooks.getLorebook, { params: { id: characterId } }),
  });

/** The whole book replaced (PUT): the server's answer becomes what the panel shows. */
export function useSaveLorebook(characterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (lorebook: PutLorebookRequest['lorebook']) =>
      call(lorebooks.putLorebook, { params: { id: characterId }, body: { lorebook } }),
    onSuccess: (answer: LorebookResponse) => client.setQueryData(lorebookKey(characterId), answer),
  });
}

/**
 * A lorebook file sent as an upload, as a card is; the server appends
 * its entries to the book and says what it could not keep.
 */
const importFile = (characterId: number, file: File) =>
  upload(lorebooks.importLorebook, file, {
    params: { id: characterId },
    failure: 'The lorebook could not be imported.',
  });

export function useImportLorebook(characterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importFile(characterId, file),
    onSuccess: ({ lorebook }) =>
      client.setQueryData<LorebookResponse>(lorebookKey(characterId), { lorebook }),
  });
}
