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
import { LAST_CHARACTER_COOKIE, readUrls } from '../../../shared/first-reads';

/** A year, renewed whenever a character opens (the stored id has no end; a cookie must). */
const LAST_CHARACTER_COOKIE_SECONDS = 365 * 24 * 60 * 60;

export const CHARACTERS_KEY = ['/api/characters'] as const;
export const characterKey = (id: number) => ['/api/characters', id] as const;

export const charactersQuery = queryOptions({
  queryKey: CHARACTERS_KEY,
  queryFn: () => api<CharacterListItem[]>(readUrls.characters),
});

export const useCharacters = (enabled = true) => useQuery({ ...charactersQuery, enabled });

const CHARACTER_FRESH_MS = 5_000;

export const characterQuery = (id: number) =>
  queryOptions({
    queryKey: characterKey(id),
    queryFn: () => api<Character>(readUrls.character(id)),
    // Asked again when the character opens anew more than 5 s after it was read (the list and
    // the single character share data; an edit here sets it at once); not by the page's first
    // render right after the first load's read (decision 0035).
    staleTime: CHARACTER_FRESH_MS,
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

/**
 * Remembers (or with null forgets) the last character: in storage for the app, and as a cookie
 * for the server, which names the character's reads in `/chat`'s HTML (decision 0035). The
 * cookie goes only with the chat page's own addresses (`Path=/chat`), not with every API call.
 */
export function rememberCharacter(id: number | null) {
  writeStored(STORAGE_KEYS.lastCharacterId, id === null ? '' : String(id));
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const lifetime = id === null ? 0 : LAST_CHARACTER_COOKIE_SECONDS;
  document.cookie =
    `${LAST_CHARACTER_COOKIE}=${id ?? ''}; Path=/chat; Max-Age=${lifetime}; SameSite=Lax` + secure;
}
