import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CHARACTERS_KEY } from '../characters/api';
import { refreshAllMemories } from '../memories/api';
import {
  conversationKey,
  createConversation,
  CREDITS_KEY,
  deleteConversation,
  deleteMessage,
  editMessage,
  generateOptions,
  generateScenario,
  hasCredits,
  sendFeedback,
  setConversationModel,
  switchBranch,
  topUp,
} from '../chat-data/api';
import {
  editConversationList,
  editSearchResults,
  refreshListedConversation,
  withoutConversations,
} from '../chat-data/conversation-list';
import { addReplyToCache, refreshLists, reloadMessages, setReplyText } from './message-cache';
import { addNotices } from './notices';
import type { Notice } from '../../../shared/safety/contract';

/** Every chat write, each with what it changes in the cache. */

export const useCreditCheck = () => useMutation({ mutationFn: hasCredits });

/** Every visit to the chat page applies a due monthly reset (idempotent on the server). */
export const useTopUp = () => useMutation({ mutationFn: topUp });

/**
 * A new conversation joins the list at once (with no messages yet). One that starts with a
 * greeting has the "not a human" notice already: its notices are read when it opens (a new
 * query, nothing cached to refresh).
 */
export function useCreateConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createConversation,
    onSuccess: (id) => void refreshListedConversation(client, id),
  });
}

/** A story's opening scene; the notices shown with it (decision 0042) join the thread. */
export function useGenerateScenario() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; text: string }) => generateScenario(v.id, v.text),
    onSuccess: (answer, v) => addNotices(client, v.id, answer.notices),
  });
}

export interface ReplyRequest {
  conversationId: number;
  mode: string;
  /**
   * What is asked for: a message sent after the end of the history (or after `parentId`, a new
   * branch; null: a new first message), a new alternative of a reply, or more of a reply.
   */
  action:
    | { kind: 'send'; text: string; parentId?: number | null; after: number }
    | { kind: 'regenerate' | 'continue'; messageId: number };
  onAccepted: () => void;
  /** A notice shown before the reply (the "not a human" or a crisis notice). */
  onNotice?: (notice: Notice) => void;
  onToken: (text: string) => void;
  /** The reply's connection dropped and is being made again (true), or was (false). */
  onReconnecting?: (reconnecting: boolean) => void;
}

/**
 * Sends a message (or asks for another or a longer reply) and streams the reply. A plain send's
 * stored pair joins the loaded messages as it is, a continued reply's stored text replaces its
 * own; anything that changes which branch is read loads the history again. The sidebar lists and credits are refreshed in the background.
 */
export function useReply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: ReplyRequest) => {
      // The stream reader (with its event-stream parser) loads with the first message sent, not
      // with the chat page (decision 0018); it is cached after that.
      const { continuePath, regeneratePath, replyPath, streamReply } =
        await import('./stream-reply');
      const notices: Notice[] = [];
      const on = {
        onAccepted: v.onAccepted,
        onToken: v.onToken,
        onReconnecting: v.onReconnecting,
        onNotice: (notice: Notice) => {
          notices.push(notice);
          v.onNotice?.(notice);
        },
      };
      const { action } = v;
      const path =
        action.kind === 'send'
          ? replyPath(v.mode)
          : (action.kind === 'regenerate' ? regeneratePath : continuePath)(action.messageId);
      const body =
        action.kind === 'send'
          ? { message: action.text, conversationId: v.conversationId, parentId: action.parentId }
          : undefined;
      return { ...(await streamReply(path, body, on)), notices };
    },
    onSuccess: async (done, v) => {
      const { action } = v;
      // The notices first: they follow the user's message, which the pair below brings.
      await addNotices(client, v.conversationId, done.notices);
      if (action.kind === 'send' && action.parentId === undefined) {
        const createdAt = new Date().toISOString();
        const base = {
          conversationId: v.conversationId,
          createdAt,
          siblingIndex: 1,
          siblingCount: 1,
        };
        // The server stores the message trimmed (its schema trims it).
        await addReplyToCache(client, v.conversationId, [
          {
            ...base,
            id: done.userMessageId,
            parentId: action.after || null,
            siblingIds: [done.userMessageId],
            sender: 'user',
            content: action.text.trim(),
          },
          {
            ...base,
            id: done.messageId,
            parentId: done.userMessageId,
            siblingIds: [done.messageId],
            sender: 'ai',
            content: done.message,
          },
        ]);
      } else if (action.kind === 'continue') {
        await setReplyText(client, v.conversationId, done);
      } else {
        await reloadMessages(client, v.conversationId);
      }
      void refreshLists(client, v.conversationId);
    },
  });
}

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
    mutationFn: (v: { reply: { id: number; content: string }; feedback: 'GOOD' | 'BAD' }) =>
      sendFeedback(v.reply, v.feedback),
  });

export function useSetConversationModel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; model: string }) => setConversationModel(v.id, v.model),
    onSuccess: (_data, v) => client.invalidateQueries({ queryKey: conversationKey(v.id) }),
  });
}

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
