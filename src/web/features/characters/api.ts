import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  GenerateAvatarResponse,
  StoredAvatar,
  UploadAvatarResponse,
} from '../../../shared/avatars/contract';
import type {
  Character,
  CharacterListItem,
  CreateCharacterResponse,
  GeneratedCharacter,
  UpdateCharacterInput,
} from '../../../shared/characters/contract';
import type { CreateCharacterInput } from '../../../shared/characters/schemas';
import { api, ApiError } from '../../lib/api';
import { parseId } from '../../../shared/ids';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { readUrls } from '../../../shared/first-reads';

export const CHARACTERS_KEY = ['/api/characters'] as const;
export const characterKey = (id: number) => ['/api/characters', id] as const;

export const charactersQuery = queryOptions({
  queryKey: CHARACTERS_KEY,
  queryFn: () => api<CharacterListItem[]>(readUrls.characters),
});

export const useCharacters = (enabled = true) => useQuery({ ...charactersQuery, enabled });

export const characterQuery = (id: number) =>
  queryOptions({
    queryKey: characterKey(id),
    queryFn: () => api<Character>(readUrls.character(id)),
    // The list and the single character share data; a fresh edit must show at once.
    staleTime: 0,
  });

export const useCharacter = (id: number | null) =>
  useQuery({ ...characterQuery(id ?? 0), enabled: id !== null && id > 0 });

export const createCharacter = (input: CreateCharacterInput) =>
  api<CreateCharacterResponse>('/api/characters', 'POST', input);

export const updateCharacter = (id: number, input: UpdateCharacterInput) =>
  api<Character>(`/api/characters/${id}`, 'PUT', input);

/** Deletes the character, and first its conversations when asked to. */
export async function deleteCharacter(id: number, withConversations: boolean) {
  if (withConversations) await api(`/api/characters/${id}/conversations`, 'DELETE');
  await api(`/api/characters/${id}`, 'DELETE');
}

export const generateCharacter = (prompt: string) =>
  api<GeneratedCharacter>('/api/generate-character', 'POST', { prompt });

/** Uploads an image file; the server checks size and type again and re-encodes it. */
export async function uploadAvatar(file: File): Promise<StoredAvatar> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/avatars', {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  // The upload's answer, or the error's { message }: either may be missing when it is not JSON.
  const data = (await response.json().catch(() => ({}))) as Partial<UploadAvatarResponse> & {
    message?: string;
  };
  if (!response.ok || !data.fileName || !data.url) {
    throw new ApiError(response.status, data.message || 'Failed to upload avatar');
  }
  return { fileName: data.fileName, url: data.url };
}

export async function generateAvatar(prompt: string): Promise<StoredAvatar> {
  const data = await api<GenerateAvatarResponse>('/api/generate-avatar', 'POST', { prompt });
  return { fileName: data.fileName, url: data.imageUrl };
}

/** The character last chatted with, remembered in this browser (spec: browser-stored items). */
export function readLastCharacterId(): number | null {
  return parseId(readStored(STORAGE_KEYS.lastCharacterId));
}

export function rememberCharacter(id: number) {
  writeStored(STORAGE_KEYS.lastCharacterId, String(id));
}
