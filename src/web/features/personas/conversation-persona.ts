import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as chat from '../../../shared/chat/endpoints';
import { call } from '../../lib/api';
import { conversationKey } from '../chat-data/api';

/**
 * Who the user is in a conversation from now on (PUT /api/conversations/{id} { personaId }; null:
 * the profile): the next reply's prompt uses them. The answer is the conversation's detail,
 * which the chat shows at once.
 */
export function useSetConversationPersona() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, personaId }: { id: number; personaId: number | null }) =>
      call(chat.updateConversation, { params: { id }, body: { personaId } }),
    onSuccess: (detail) => client.setQueryData(conversationKey(detail.id), detail),
  });
}
