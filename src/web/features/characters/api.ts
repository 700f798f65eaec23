import { useQuery } from '@tanstack/react-query';
import type {
  Character,
  CharacterListItem,
  CreateCharacterInput,
  UpdateCharacterInput,
} from '../../../shared/characters/schemas';
import { api, ApiError } from '../../lib/api';
import { parseId } from '../../../shared/ids';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

export const CHARACTERS_KEY = ['/api/characters'] as const;
export const characterKey = (id: number) => ['/api/characters', id] as const;

export function useCharacters(enabled = true) {
  return useQuery({
    queryKey: CHARACTERS_KEY,
    enabled,
    queryFn: () => api<CharacterListItem[]>('/api/characters'),
  });
}

export function useCharacter(id: number | null) {
  return useQuery({
    queryKey: characterKey(id ?? 0),
    enabled: id !== null && id > 0,
    queryFn: () => api<Character>(`/api/characters/${id}`),
    // The list and the single character share data; a fresh edit must show at once.
    staleTime: 0,
  });
}

export const createCharacter = (input: CreateCharacterInput) =>
  api<{ id: number; name: string }>('/api/characters', 'POST', input);

export const updateCharacter = (id: number, input: UpdateCharacterInput) =>
  api<Character>(`/api/characters/${id}`, 'PUT', input);

/** Deletes the character, and first its conversations when asked to. */
export async function deleteCharacter(id: number, withConversations: boolean) {
  if (withConversations) await api(`/api/characters/${id}/conversations`, 'DELETE');
  await api(`/api/characters/${id}`, 'DELETE');
}

export interface GeneratedCharacter {
  name: string;
  description: string;
  gender: string;
  personality: string;
  sexualPreferences: string[];
  directnessLevel: number;
  roles: string[];
  includeRoles: boolean;
  avatarImage: string | null;
  avatarUrl: string | null;
  avatarColor: string;
}

export const generateCharacter = (prompt: string) =>
  api<GeneratedCharacter>('/api/generate-character', 'POST', { prompt });

export interface UploadedAvatar {
  fileName: string;
  url: string;
}

/** Uploads an image file; the server checks size and type again and re-encodes it. */
export async function uploadAvatar(file: File): Promise<UploadedAvatar> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/avatars', {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  const data = (await response.json().catch(() => ({}))) as {
    fileName?: string;
    url?: string;
    message?: string;
  };
  if (!response.ok || !data.fileName || !data.url) {
    throw new ApiError(response.status, data.message || 'Failed to upload avatar');
  }
  return { fileName: data.fileName, url: data.url };
}

export async function generateAvatar(prompt: string): Promise<UploadedAvatar> {
  const data = await api<{ fileName: string; imageUrl: string }>('/api/generate-avatar', 'POST', {
    prompt,
  });
  return { fileName: data.fileName, url: data.imageUrl };
}

/** The character last chatted with, remembered in this browser (spec: browser-stored items). */
export function readLastCharacterId(): number | null {
  return parseId(readStored(STORAGE_KEYS.lastCharacterId));
}

export function rememberCharacter(id: number) {
  writeStored(STORAGE_KEYS.lastCharacterId, String(id));
}
