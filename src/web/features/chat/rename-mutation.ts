import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as chat from '../../../shared/chat/endpoints';
import { call } from '../../lib/api';
import { conversationKey } from '../chat-data/api';
import {
  editConversationList,
  editSearchResults,
  type ConversationPages,
} from '../chat-data/conversation-list';

/**
 * Renaming a conversation: its own file, loaded with the rename field on the first Rename rather
 * than with the chat (the chat's first load has a budget, decision 0018).
 */

/** A name the user gives the conversation (it no longer follows the branch read). */
const renameConversation = ({ id, title }: { id: number; title: string }) =>
  call(chat.updateConversation, { params: { id }, body: { title } });

/** The conversation's new name, where it is listed (a rename keeps its place in the order). */
export function withTitle(data: ConversationPages, id: number, title: string): ConversationPages {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      conversations: page.conversations.map((c) => (c.id === id ? { ...c, title } : c)),
    })),
  };
}

/** A new name: the conversation's detail, the list and any search show it where it is. */
export function useRenameConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: renameConversation,
    onSuccess: async (detail) => {
      client.setQueryData(conversationKey(detail.id), detail);
      editSearchResults(client, (data) => withTitle(data, detail.id, detail.title));
      await editConversationList(client, (data) => withTitle(data, detail.id, detail.title));
    },
  });
}
