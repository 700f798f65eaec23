import { namesText } from '../../../shared/names-text';
import { useCharacters } from '../characters/api';
import { useConversation } from '../chat-data/api';

/**
 * A group scene's name (issue 51): its characters' names as a sentence says them ('Mira, Theo
 * and Ada'), from the lists the chat page has already read; null for a conversation with one
 * character. The header and the empty thread call the scene by it.
 */
export function useSceneTitle(conversationId: number | null): string | null {
  const members = useConversation(conversationId).data?.members;
  const list = useCharacters().data;
  if (!members) return null;
  const names = members.map((m) => list?.find((c) => c.id === m.characterId)?.name ?? '…');
  return namesText(names);
}
