import type { StoredAvatar, UploadAvatarResponse } from '../../../shared/avatars/contract';
import * as avatars from '../../../shared/avatars/endpoints';
import type { UpdateCharacterInput } from '../../../shared/characters/contract';
import * as characters from '../../../shared/characters/endpoints';
import type { CreateCharacterInput } from '../../../shared/characters/schemas';
import type { ErrorBody } from '../../../shared/http/error-body';
import { ApiError, call, urlOf } from '../../lib/api';

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
  const form = new FormData();
  form.append('file', file);
  const response = await fetch(urlOf(avatars.uploadAvatar), {
    method: avatars.uploadAvatar.method,
    body: form,
    credentials: 'include',
  });
  // The upload's answer, or the error's { message }: either may be missing when it is not JSON.
  const data = (await response.json().catch(() => ({}))) as Partial<UploadAvatarResponse> &
    Partial<ErrorBody>;
  if (!response.ok || !data.fileName || !data.url) {
    throw new ApiError(response.status, data.message || 'Failed to upload avatar');
  }
  return { fileName: data.fileName, url: data.url };
}

export async function generateAvatar(prompt: string): Promise<StoredAvatar> {
  const data = await call(avatars.generateAvatar, { body: { prompt } });
  return { fileName: data.fileName, url: data.imageUrl };
}
