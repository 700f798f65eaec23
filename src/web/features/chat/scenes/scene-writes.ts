import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConversationDetail } from '../../../../shared/chat/contract';
import * as chat from '../../../../shared/chat/endpoints';
import { call } from '../../../lib/api';
import { conversationKey } from '../../chat-data/api';

/**
 * A group scene's 'Here now' (issue 51), in the scenes' chunk: exactly these characters are
 * present from now on. The server's answer (every
 * member, in and out) replaces the conversation's own, so the bar and the send read it at once.
 */
export function useScenePresence(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (characterIds: number[]) =>
      call(chat.setScenePresence, { params: { id }, body: { characterIds } }),
    onSuccess: ({ members }) =>
      client.setQueryData<ConversationDetail>(
        conversationKey(id),
        (detail) => detail && { ...detail, members },
      ),
  });
}
