import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatMode } from '../../../../shared/chat/rules';
import { CHARACTERS_KEY } from '../../characters/api';
import { createConversation } from '../../chat-data/api';
import { refreshListedConversation } from '../../chat-data/conversation-list';

/**
 * A new group scene of the user's characters (issue 51; 2 to 5, the first one's greeting opening
 * it), in the dialog's chunk: it joins Recent Chats at once, and its characters' chat counts
 * change.
 */
export function useCreateScene() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { characterIds: number[]; chatMode: ChatMode }) => createConversation(body),
    onSuccess: (id: number) =>
      Promise.all([
        refreshListedConversation(client, id),
        client.invalidateQueries({ queryKey: CHARACTERS_KEY, exact: true }),
      ]),
  });
}
