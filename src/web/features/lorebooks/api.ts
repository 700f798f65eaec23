import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listCharacters } from '../../../shared/characters/endpoints';
import type { ErrorBody } from '../../../shared/http/error-body';
import type {
  ImportLorebookResponse,
  LorebookResponse,
  PutLorebookRequest,
} from '../../../shared/lorebooks/contract';
import * as lorebooks from '../../../shared/lorebooks/endpoints';
import { ApiError, call, urlOf } from '../../lib/api';

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
 * A lorebook file sent as multipart, as a card is (call() sends JSON only); the server appends
 * its entries to the book and says what it could not keep.
 */
async function importFile(characterId: number, file: File): Promise<ImportLorebookResponse> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(urlOf(lorebooks.importLorebook, { id: characterId }), {
    method: lorebooks.importLorebook.method,
    body: form,
    credentials: 'include',
  });
  // The book, or the error's { message }; either may be missing when the answer is not JSON.
  const data = (await response.json().catch(() => ({}))) as Partial<ImportLorebookResponse> &
    Partial<ErrorBody>;
  if (!response.ok || !data.lorebook) {
    throw new ApiError(response.status, data.message || 'The lorebook could not be imported.');
  }
  return data as ImportLorebookResponse;
}

export function useImportLorebook(characterId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => importFile(characterId, file),
    onSuccess: ({ lorebook }) =>
      client.setQueryData<LorebookResponse>(lorebookKey(characterId), { lorebook }),
  });
}
