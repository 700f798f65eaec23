import { useMutation } from '@tanstack/react-query';
import type { ReadCardResponse } from '../../../shared/character-cards/contract';
import * as cards from '../../../shared/character-cards/endpoints';
import type { ErrorBody } from '../../../shared/http/error-body';
import { ApiError, urlOf } from '../../lib/api';

/** The file types a card comes in (issue 47), for the file picker's `accept`. */
export const CARD_FILE_TYPES = '.png,.json,.charx,image/png,application/json';

/**
 * Sends a card file as multipart, as an avatar upload is (call() sends JSON only). The server
 * reads it into a draft and creates nothing but the card's image as an unused upload.
 */
export async function readCard(file: File): Promise<ReadCardResponse> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(urlOf(cards.readCharacterCard), {
    method: cards.readCharacterCard.method,
    body: form,
    credentials: 'include',
  });
  // The draft, or the error's { message }; either may be missing when the answer is not JSON.
  const data = (await response.json().catch(() => ({}))) as Partial<ReadCardResponse> &
    Partial<ErrorBody>;
  if (!response.ok || !data.draft) {
    throw new ApiError(response.status, data.message || 'The card could not be read.');
  }
  return data as ReadCardResponse;
}

/** Reading changes nothing the app has cached: the draft goes to the create form only. */
export const useReadCard = () => useMutation({ mutationFn: readCard });
