import type { CharacterListItem } from '../../../../shared/characters/contract';
import { useCharacters } from '../../characters/api';

/**
 * A group scene's characters (issue 51) as the user's character list has them, read by the
 * scene's parts from the list the chat page already holds (no request of their own). A
 * character deleted since is "A removed character": its lines stay in the scene.
 */
export type CastMember = Pick<CharacterListItem, 'id' | 'name' | 'avatarUrl' | 'avatarColor'> & {
  removed?: true;
};

export const REMOVED_CHARACTER = 'A removed character';

/** Looks a scene's character up by id; null while the list is still on its way. */
export function useCast() {
  const list = useCharacters().data;
  if (!list) return null;
  const byId = new Map(list.map((c) => [c.id, c]));
  return (id: number): CastMember =>
    byId.get(id) ?? {
      id,
      name: REMOVED_CHARACTER,
      avatarUrl: null,
      avatarColor: '',
      removed: true,
    };
}

export { namesText } from '../../../../shared/names-text';
