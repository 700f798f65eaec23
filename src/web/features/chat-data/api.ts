import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type {
  ConversationPage,
  CreateConversationRequest,
  ThreadMessageView,
} from '../../../shared/chat/contract';
import * as chat from '../../../shared/chat/endpoints';
import * as credits from '../../../shared/credits/endpoints';
import type { FeedbackRequest } from '../../../shared/feedback/contract';
import * as feedbackEndpoints from '../../../shared/feedback/endpoints';
import { OUT_OF_CREDITS_MESSAGE } from '../../../shared/chat/rules';
import { EMPTY_OK } from '../../../shared/http/empty-ok';
import { ApiError, call } from '../../lib/api';
import { MESSAGE_PAGE, pageQueries } from '../../../shared/first-reads';

export const CONVERSATIONS_KEY = [chat.listConversations.path] as const;
export const conversationKey = (id: number) => [chat.listConversations.path, id] as const;
export const messagesKey = (id: number) => [chat.listConversations.path, id, 'messages'] as const;
export const CREDITS_KEY = [credits.getCredits.path] as const;

/**
 * The sidebar's conversations, newest first, a page at a time (decision 0016): each page names
 * the cursor of the next, null after the last.
 */
export const conversationsQuery = infiniteQueryOptions({
  queryKey: CONVERSATIONS_KEY,
  queryFn: async ({ pageParam }: { pageParam: string | null }): Promise<ConversationPage> => {
    const answer = await call(chat.listConversations, {
      query: pageQueries.conversations(pageParam),
    });
    // Asked with a limit, the server answers a page (the whole list is for clients that ask
    // without one).
    return Array.isArray(answer) ? { conversations: answer, nextCursor: null } : answer;
  },
  initialPageParam: null as string | null,
  getNextPageParam: (page: ConversationPage) => page.nextCursor,
});

export const useConversations = () => useInfiniteQuery(conversationsQuery);

/** Every search's pages, under one key (a rename or a delete edits them all; conversation-search.ts). */
export const CONVERSATION_SEARCH_KEY = [chat.listConversations.path, 'search'] as const;

export const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: conversationKey(id),
    queryFn: () => call(chat.getConversation, { params: { id } }),
  });

export const useConversation = (id: number | null) =>
  useQuery({ ...conversationQuery(id ?? 0), enabled: id !== null });

/** Messages load newest page first; scrolling up loads the page before the oldest shown. */
export { MESSAGE_PAGE };
const MESSAGES_FRESH_MS = 5_000;

export const messagesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: messagesKey(id),
    queryFn: ({ pageParam }) =>
      call(chat.listMessages, { params: { id }, query: pageQueries.messages(pageParam) }),
    initialPageParam: 0,
    // Each page is oldest-first; a full page may have older messages before its first one.
    getNextPageParam: (page: ThreadMessageView[]) =>
      page.length < MESSAGE_PAGE ? undefined : page[0]!.id,
    // Asked again whenever a conversation is opened anew, but not by a second reader within a few
    // seconds: the chat page asks for them beside the character, before the thread mounts.
    staleTime: MESSAGES_FRESH_MS,
  });

export const useMessages = (id: number | null) =>
  useInfiniteQuery({ ...messagesQuery(id ?? 0), enabled: id !== null });

/** The loaded pages as one oldest-first list. */
export const flattenPages = (pages: ThreadMessageView[][] | undefined) =>
  [...(pages ?? [])].reverse().flat();

/** The model picker's list: canChoose when the operator offers more than one model (decision 0057). */
export const modelChoiceQuery = queryOptions({
  queryKey: [chat.listModels.path],
  queryFn: () => call(chat.listModels),
  staleTime: Infinity,
});

export const useModelChoice = () => useQuery(modelChoiceQuery);

export const setConversationModel = (id: number, model: string) =>
  call(chat.updateConversation, { params: { id }, body: { model } });

export const creditsQuery = queryOptions({
  queryKey: CREDITS_KEY,
  queryFn: async () => (await call(credits.getCredits)).credits,
});

export const useCredits = () => useQuery(creditsQuery);

/** Every visit to the chat page applies a due monthly reset (idempotent on the server). */
export const topUp = () => call(credits.topUp);

/**
 * True when the user has credits left, false when none are. Asked with `?empty=ok`, so none left
 * is a 200 with 0, not a failed request in the console (http/empty-ok.ts); a 403 is still read
 * as none left. A paused account's 403 is no lack of credits: `isPaused` (the chat page's,
 * safety-hooks.ts) tells it apart, and it is thrown as it came.
 */
/**
 * A reply refused for want of credits (403 with OUT_OF_CREDITS_MESSAGE): the out-of-credits state
 * follows. Other 403s say their own reason (a paused account, a character removed by
 * moderation) and are shown as they came.
 */
export const isOutOfCredits = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.message === OUT_OF_CREDITS_MESSAGE;

export async function hasCredits(isPaused: (error: ApiError) => Promise<boolean>) {
  try {
    // A 200 says yes, but for the empty state's answer (0, which only ?empty=ok gets).
    const { creditsLeft } = await call(credits.creditCheck, { query: EMPTY_OK });
    return creditsLeft !== 0;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      if (await isPaused(error)) throw error;
      return false;
    }
    throw new Error('Unexpected error during credit check.');
  }
}

export async function createConversation(body: CreateConversationRequest) {
  return (await call(chat.createConversation, { body })).id;
}

/** The scene, and the notices shown with it (the "not a human" notice of a new story). */
export const generateScenario = (id: number, message: string) =>
  call(chat.generateScenario, { params: { id }, body: { message } });

export const generateOptions = async (conversationId: number) =>
  (await call(chat.generateOptions, { body: { conversationId } })).options;

/** `forget`: what its character learned in it is forgotten too (else those memories stay). */
export const deleteConversation = ({ id, forget }: { id: number; forget: boolean }) =>
  call(chat.deleteConversation, { params: { id }, query: { forget: `${forget}` } });

export const editMessage = (messageId: number, content: string, conversationId: number) =>
  call(chat.editMessage, { params: { messageId }, body: { content, conversationId } });

/** Reads the branch through `messageId` (to its newest message) from now on. */
export const switchBranch = (conversationId: number, messageId: number) =>
  call(chat.setActiveLeaf, { params: { id: conversationId }, body: { messageId } });

/** Deletes a message and everything after it on any branch. */
export const deleteMessage = (messageId: number) =>
  call(chat.deleteMessage, { params: { messageId } });

/**
 * Rates a stored reply. The server files the pair as it is in the conversation (the user message
 * before the reply), so only the reply is named here.
 */
export const sendFeedback = (
  reply: { id: number; content: string },
  feedback: FeedbackRequest['feedback'],
  comment?: string,
) =>
  call(feedbackEndpoints.sendFeedback, {
    body: { messageId: reply.id, aiMessage: reply.content, feedback, ...(comment && { comment }) },
  });
