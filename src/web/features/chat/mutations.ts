import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHARACTERS_KEY } from '../characters/api';
import { refreshAllMemories } from '../memories/memory-keys';
import {
  conversationKey,
  type createConversation,
  CREDITS_KEY,
  deleteConversation,
  deleteMessage,
  editMessage,
  generateOptions,
  sendFeedback,
  switchBranch,
  topUp,
} from '../chat-data/api';
import {
  editConversationList,
  editSearchResults,
  withoutConversations,
} from '../chat-data/conversation-list';
import { refreshLists, reloadMessages } from './message-reload';
import type { ReplyDone, ReplyRequest } from './send-mutations';

/**
 * Every chat write, each with what it changes in the cache. A send's own (credit check, new
 * conversation, story scene, reply) are defined in send-mutations.ts, in the chunk loaded with the
 * first message sent, where the send protocol runs them; the two hooks below, for a component that
 * holds one, load that chunk on first use.
 */
const sendWrites = () => import('./send-mutations');

export function useCreateConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: Parameters<typeof createConversation>[0]) =>
      (await sendWrites()).createConversationMutation(client).mutationFn(input),
    onSuccess: async (id: number) =>
      (await sendWrites()).createConversationMutation(client).onSuccess(id),
  });
}

export function useReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: ReplyRequest) => (await sendWrites()).replyMutation(client).mutationFn(v),
    onSuccess: async (done: ReplyDone, v: ReplyRequest) =>
      (await sendWrites()).replyMutation(client).onSuccess(done, v),
  });
}

/** Every visit to the chat page applies a due monthly reset (idempotent on the server). */
export const useTopUp = () => useMutation({ mutationFn: topUp });

/** Moves to the branch through a message (an alternative chosen with ‹ ›). */
export function useSwitchBranch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { conversationId: number; messageId: number }) =>
      switchBranch(v.conversationId, v.messageId),
    onSuccess: async (_data, v) => {
      await reloadMessages(client, v.conversationId);
      void refreshLists(client, v.conversationId); // the preview follows the branch
    },
  });
}

/** Deletes a message with everything after it. */
export function useDeleteMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { conversationId: number; messageId: number }) => deleteMessage(v.messageId),
    onSuccess: async (_data, v) => {
      await reloadMessages(client, v.conversationId);
      void refreshLists(client, v.conversationId);
    },
  });
}

/** New options for a story; they are stored on the conversation too. */
export function useGenerateOptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: generateOptions,
    // Not awaited: the options show as soon as they are here. Exact: messages are unchanged.
    onSettled: (_data, _error, id) => {
      void client.invalidateQueries({ queryKey: conversationKey(id), exact: true });
    },
  });
}

export function useEditMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { messageId: number; text: string; conversationId: number }) =>
      editMessage(v.messageId, v.text, v.conversationId),
    onSuccess: async (_saved, v) => {
      await reloadMessages(client, v.conversationId);
      void refreshLists(client, v.conversationId); // the sidebar preview may have been this message
    },
  });
}

export const useSendFeedback = () =>
  useMutation({
    mutationFn: (v: {
      reply: { id: number; content: string };
      feedback: 'GOOD' | 'BAD';
      comment?: string;
    }) => sendFeedback(v.reply, v.feedback, v.comment),
  });

export function useDeleteConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: async (_data, { id }) => {
      client.removeQueries({ queryKey: conversationKey(id) });
      editSearchResults(client, (data) => withoutConversations(data, (c) => c.id === id));
      await Promise.all([
        editConversationList(client, (data) => withoutConversations(data, (c) => c.id === id)),
        client.invalidateQueries({ queryKey: CHARACTERS_KEY, exact: true }), // its chat count
        client.invalidateQueries({ queryKey: CREDITS_KEY }),
        refreshAllMemories(client),
      ]);
    },
  });
}
