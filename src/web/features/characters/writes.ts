import type { StoredAvatar } from '../../../shared/avatars/contract';
import * as avatars from '../../../shared/avatars/endpoints';
import type { UpdateCharacterInput } from '../../../shared/characters/contract';
import * as characters from '../../../shared/characters/endpoints';
import type { CreateCharacterInput } from '../../../shared/characters/schemas';
import { call } from '../../lib/api';
import { upload } from '../../lib/transfer';

/**
 * The character's writes as calls (mutations.ts makes them mutations), apart from its reads
 * (api.ts): the chat page's first load reads characters and writes none of them.
 */

export const createCharacter = (input: CreateCharacterInput) =>
  call(characters.createCharacter, { body: input });

export const updateCharacter = (id: number, input: UpdateCharacterInput) =>
  call(characters.updateCharacter, { params: { id }, body: input });

/** Deletes the character, and first its conversations when asked to. */
export async function deleteCharacter(id: number, withConversations: boolean) {
  if (withConversations) await call(characters.deleteCharacterConversations, { params: { id } });
  await call(characters.deleteCharacter, { params: { id } });
}

export const generateCharacter = (prompt: string) =>
  call(characters.generateCharacter, { body: { prompt } });

/** Uploads an image file; the server checks size and type again and re-encodes it. */
export async function uploadAvatar(file: File): Promise<StoredAvatar> {
  const { fileName, url } = await upload(avatars.uploadAvatar, file, {
    failure: 'Failed to upload avatar',
  });
  return { fileName, url };
}

export async function generateAvatar(prompt: string): Promise<StoredAvatar> {
  const data = await call(avatars.generateAvatar, { body: { prompt } });
  return { fileName: data.fileName, url: data.imageUrl };
}
