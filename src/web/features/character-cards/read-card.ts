import { useMutation } from '@tanstack/react-query';
import * as cards from '../../../shared/character-cards/endpoints';
import { upload } from '../../lib/transfer';

/** The file types a card comes in (issue 47), for the file picker's `accept`. */
export const CARD_FILE_TYPES = '.png,.json,.charx,image/png,application/json';

/**
 * Sends a card file as an upload, as an avatar is. The server reads it into a draft and creates
 * nothing but the card's image as an unused upload.
 */
export const readCard = (file: File) =>
  upload(cards.readCharacterCard, file, { failure: 'The card could not be read.' });

/** Reading changes nothing the app has cached: the draft goes to the create form only. */
export const useReadCard = () => useMutation({ mutationFn: readCard });
