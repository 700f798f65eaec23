import { queryOptions, useQuery } from '@tanstack/react-query';
import * as characters from '../../../shared/characters/endpoints';
import { call } from '../../lib/api';
import { parseId } from '../../../shared/ids';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';
import { LAST_CHARACTER_COOKIE } from '../../../shared/first-reads';

/** A year, renewed whenever a character opens (the stored id has no end; a cookie must). */
const LAST_CHARACTER_COOKIE_SECONDS = 365 * 24 * 60 * 60;

export const CHARACTERS_KEY = [characters.listCharacters.path] as const;
export const characterKey = (id: number) => [characters.listCharacters.path, id] as const;

export const charactersQuery = queryOptions({
  queryKey: CHARACTERS_KEY,
  queryFn: () => call(characters.listCharacters),
});

export const useCharacters = (enabled = true) => useQuery({ ...charactersQuery, enabled });

const CHARACTER_FRESH_MS = 5_000;

export const characterQuery = (id: number) =>
  queryOptions({
    queryKey: characterKey(id),
    queryFn: () => call(characters.getCharacter, { params: { id } }),
    // Asked again when the character opens anew more than 5 s after it was read (the list and
    // the single character share data; an edit here sets it at once); not by the page's first
    // render right after the first load's read (decision 0035).
    staleTime: CHARACTER_FRESH_MS,
  });

export const useCharacter = (id: number | null) =>
  useQuery({ ...characterQuery(id ?? 0), enabled: id !== null && id > 0 });

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
