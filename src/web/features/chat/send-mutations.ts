import type { MutationOptions, QueryClient } from '@tanstack/react-query';
import type { ConversationDetail, ReplyResult } from '../../../shared/chat/contract';
import type { Notice } from '../../../shared/safety/contract';
import {
  conversationKey,
  createConversation,
  generateScenario,
  hasCredits,
} from '../chat-data/api';
import { refreshListedConversation } from '../chat-data/conversation-list';
import { addReplyToCache, setReplyText } from './message-cache';
import { refreshLists, reloadMessages } from './message-reload';
import { noticesKey, threadNotices } from './notices';
import { continuePath, regeneratePath, replyPath, streamReply, turnPath } from './stream-reply';

/**
 * The writes a send makes (mutations.ts has the chat's others), each with what it changes in the
 * cache: in the chunk of the send protocol (send-protocol.ts) and the stream reader, loaded with
 * the first message sent rather than with the chat page (decision 0018). As options, run by the
 * protocol (which holds no hooks) or by mutations.ts's hooks.
 */

/**
 * Runs a write as useMutation's mutateAsync does (the client's defaults, the mutation cache), from
 * the send protocol, which holds no hooks.
 */
export const runMutation = <TData, TVariables, TContext>(
  client: QueryClient,
  options: MutationOptions<TData, Error, TVariables, TContext>,
  variables: TVariables,
): Promise<TData> => client.getMutationCache().build(client, options).execute(variables);

/**
 * Notices that came with an answer (a reply's events, a story's scene) join the conversation's
 * list. When it was never loaded, the whole list is asked for: it may hold older ones.
 */
async function addNotices(client: QueryClient, id: number, added: Notice[]) {
  const key = noticesKey(id);
  // A load started before these were stored must not overwrite them.
  await client.cancelQueries({ queryKey: key });
  const known = client.getQueryData<Notice[]>(key);
  if (known) client.setQueryData(key, threadNotices(known, added));
  else await client.invalidateQueries({ queryKey: key });
}

/** Whether a reply can be paid for (the account's pause is told apart by `isChatPaused`). */
export const creditCheckMutation = () => ({ mutationFn: hasCredits });

/**
 * A new conversation joins the list at once (with no messages yet). One that starts with a
 * greeting has the "not a human" notice already: its notices are read when it opens (a new
 * query, nothing cached to refresh).
 */
export const createConversationMutation = (client: QueryClient) => ({
  mutationFn: createConversation,
  onSuccess: (id: number) => void refreshListedConversation(client, id),
});

/** A story's opening scene; the notices shown with it (decision 0042) join the thread. */
export const generateScenarioMutation = (client: QueryClient) => ({
  mutationFn: (v: { id: number; text: string }) => generateScenario(v.id, v.text),
  onSuccess: (answer: { notices: Notice[] }, v: { id: number }) =>
    addNotices(client, v.id, answer.notices),
});

/** A reply stored, with the notices shown before it. */
export type ReplyDone = ReplyResult & { notices: Notice[] };

export interface ReplyRequest {
  conversationId: number;
  mode: string;
  /**
   * What is asked for: a message sent after the end of the history (or after `parentId`, a new
   * branch; null: a new first message), a new alternative of a reply, or more of a reply.
   */
  action:
    | { kind: 'send'; text: string; parentId?: number | null; after: number; speakerId?: number }
    /** In a group scene, a regenerate's reply may be another character's (`speakerId`). */
    | { kind: 'regenerate' | 'continue'; messageId: number; speakerId?: number }
    /** A group scene's character speaks next without a message (issue 51); none: the scene picks. */
    | { kind: 'turn'; speakerId?: number };
  onAccepted: () => void;
  /** A notice shown before the reply (the "not a human" or a crisis notice). */
  onNotice?: (notice: Notice) => void;
  onToken: (text: string) => void;
  /** The reply's connection dropped and is being made again (true), or was (false). */
  onReconnecting?: (reconnecting: boolean) => void;
  /** A group scene's reply: who answers, said before the first token (else null). */
  onSpeaker?: (speakerId: number | null) => void;
}

/**
 * Sends a message (or asks for another or a longer reply) and streams the reply. A plain send's
 * stored pair joins the loaded messages as it is, a continued reply's stored text replaces its
 * own; anything that changes which branch is read loads the history again. The sidebar lists and
 * credits are refreshed in the background.
 */
export const replyMutation = (client: QueryClient) => ({
  mutationFn: async (v: ReplyRequest): Promise<ReplyDone> => {
    const notices: Notice[] = [];
    const on = {
      onAccepted: v.onAccepted,
      onToken: v.onToken,
      onReconnecting: v.onReconnecting,
      onSpeaker: v.onSpeaker,
      onNotice: (notice: Notice) => {
        notices.push(notice);
        v.onNotice?.(notice);
      },
    };
    const { action } = v;
    let path: string;
    let body;
    if (action.kind === 'send') {
      path = replyPath(v.mode);
      // A group scene's chosen speaker (issue 51); absent, the scene picks who answers.
      const { text: message, parentId, speakerId } = action;
      body = { message, conversationId: v.conversationId, parentId, speakerId };
    } else if (action.kind === 'turn') {
      path = turnPath(v.conversationId);
      body = { speakerId: action.speakerId };
    } else {
      path = (action.kind === 'regenerate' ? regeneratePath : continuePath)(action.messageId);
      // Else a new version keeps its speaker (and a reply with one character sends no body).
      if (action.speakerId !== undefined) body = { speakerId: action.speakerId };
    }
    return { ...(await streamReply(path, body, on)), notices };
  },
  onSuccess: async (done: ReplyDone, v: ReplyRequest) => {
    const { action } = v;
    // Auto-play on (issue 50): a new reply is read aloud (the player checks that voice replies
    // are configured). Not a continued one: it would be read again from its start.
    const detail = client.getQueryData<ConversationDetail>(conversationKey(v.conversationId));
    if (detail?.autoPlayReplies && action.kind !== 'continue') {
      void import('../voice/ListenButton').then((m) =>
        m.autoPlayReply(client, done.messageId, done.message),
      );
    }
    // A Story Mode scene's reply may move characters in or out (issue 51): 'Here now' reads again.
    if (detail?.members && detail.chatMode === 'immersive') {
      void client.invalidateQueries({ queryKey: conversationKey(v.conversationId) });
    }
    // The notices first: they follow the user's message, which the pair below brings.
    await addNotices(client, v.conversationId, done.notices);
    if (action.kind === 'send' && action.parentId === undefined) {
      const createdAt = new Date().toISOString();
      const base = {
        conversationId: v.conversationId,
        createdAt,
        siblingIndex: 1,
        siblingCount: 1,
        attachments: [],
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
          lore: [],
        },
        {
          ...base,
          id: done.messageId,
          parentId: done.userMessageId,
          siblingIds: [done.messageId],
          sender: 'ai',
          content: done.message,
          // The reply's 'Lore · n' shows as soon as it is stored, with no page fetched again.
          lore: done.lore,
          // …and in a group scene, who said it.
          ...(done.speakerId !== undefined && { speakerId: done.speakerId }),
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
