import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type {
  ActiveLeafRequest,
  ActiveLeafResponse,
  ChatMessageView,
  ConversationDetail,
  DeleteMessageResponse,
  ConversationPage,
  CreateConversationRequest,
  CreateConversationResponse,
  EditMessageRequest,
  GenerateOptionsRequest,
  GenerateOptionsResponse,
  GenerateScenarioRequest,
  GenerateScenarioResponse,
  ModelChoice,
  ThreadMessageView,
  UpdateConversationRequest,
} from '../../../shared/chat/contract';
import type { CreditsResponse, TopUpResponse } from '../../../shared/credits/contract';
import type { FeedbackRequest } from '../../../shared/feedback/contract';
import { api, ApiError } from '../../lib/api';
import { MESSAGE_PAGE, readUrls } from '../../../shared/first-reads';

export const CONVERSATIONS_KEY = ['/api/conversations'] as const;
export const conversationKey = (id: number) => ['/api/conversations', id] as const;
export const messagesKey = (id: number) => ['/api/conversations', id, 'messages'] as const;
export const CREDITS_KEY = ['/api/get-credits'] as const;

/**
 * The sidebar's conversations, newest first, a page at a time (decision 0016): each page names
 * the cursor of the next, null after the last.
 */
export const conversationsQuery = infiniteQueryOptions({
  queryKey: CONVERSATIONS_KEY,
  queryFn: ({ pageParam }: { pageParam: string | null }) =>
    api<ConversationPage>(readUrls.conversations(pageParam)),
  initialPageParam: null as string | null,
  getNextPageParam: (page: ConversationPage) => page.nextCursor,
});

export const useConversations = () => useInfiniteQuery(conversationsQuery);

export const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: conversationKey(id),
    queryFn: () => api<ConversationDetail>(readUrls.conversation(id)),
  });

export const useConversation = (id: number | null) =>
  useQuery({ ...conversationQuery(id ?? 0), enabled: id !== null });

/** Messages load newest page first; scrolling up loads the page before the oldest shown. */
export { MESSAGE_PAGE };
const MESSAGES_FRESH_MS = 5_000;

export const messagesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: messagesKey(id),
    queryFn: ({ pageParam }) => api<ThreadMessageView[]>(readUrls.messages(id, pageParam)),
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

/** The hidden model picker's list: empty (and canChoose false) for everyone but staff. */
export const modelChoiceQuery = queryOptions({
  queryKey: ['/api/models'],
  queryFn: () => api<ModelChoice>(readUrls.models),
  staleTime: Infinity,
});

export const useModelChoice = () => useQuery(modelChoiceQuery);

export const setConversationModel = (id: number, model: string) =>
  api<ConversationDetail>(`/api/conversations/${id}`, 'PUT', {
    model,
  } satisfies UpdateConversationRequest);

export const creditsQuery = queryOptions({
  queryKey: CREDITS_KEY,
  queryFn: async () => (await api<CreditsResponse>(readUrls.credits)).credits,
});

export const useCredits = () => useQuery(creditsQuery);

/** Every visit to the chat page applies a due monthly reset (idempotent on the server). */
export const topUp = () => api<TopUpResponse>('/api/topup', 'POST');

/**
 * True when the user has credits left; false on the 403 "none left". A paused account's 403 is
 * no lack of credits: `isPaused` (the chat page's, safety-hooks.ts) tells it apart, and it is
 * thrown as it came.
 */
export async function hasCredits(isPaused: (error: ApiError) => Promise<boolean>) {
  try {
    await api('/api/credit-check', 'POST');
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      if (await isPaused(error)) throw error;
      return false;
    }
    throw new Error('Unexpected error during credit check.');
  }
}

export async function createConversation(body: CreateConversationRequest) {
  return (await api<CreateConversationResponse>('/api/conversations', 'POST', body)).id;
}

/** The scene, and the notices shown with it (the "not a human" notice of a new story). */
export const generateScenario = (id: number, message: string) =>
  api<GenerateScenarioResponse>(`/api/conversations/${id}/generate-scenario`, 'POST', {
    message,
  } satisfies GenerateScenarioRequest);

export const generateOptions = async (conversationId: number) =>
  (
    await api<GenerateOptionsResponse>('/api/generate-options', 'POST', {
      conversationId,
    } satisfies GenerateOptionsRequest)
  ).options;

/** `forget`: what its character learned in it is forgotten too (else those memories stay). */
export const deleteConversation = ({ id, forget }: { id: number; forget: boolean }) =>
  api(`/api/conversations/${id}?forget=${forget}`, 'DELETE');

export const editMessage = (messageId: number, content: string, conversationId: number) =>
  api<ChatMessageView>(`/api/messages/${messageId}/edit`, 'PUT', {
    content,
    conversationId,
  } satisfies EditMessageRequest);

/** Reads the branch through `messageId` (to its newest message) from now on. */
export const switchBranch = (conversationId: number, messageId: number) =>
  api<ActiveLeafResponse>(`/api/conversations/${conversationId}/active-leaf`, 'PUT', {
    messageId,
  } satisfies ActiveLeafRequest);

/** Deletes a message and everything after it on any branch. */
export const deleteMessage = (messageId: number) =>
  api<DeleteMessageResponse>(`/api/messages/${messageId}`, 'DELETE');

/**
 * Rates a stored reply. The server files the pair as it is in the conversation (the user message
 * before the reply), so only the reply is named here.
 */
export const sendFeedback = (
  reply: { id: number; content: string },
  feedback: FeedbackRequest['feedback'],
) =>
  api('/api/feedback', 'POST', {
    messageId: reply.id,
    aiMessage: reply.content,
    feedback,
  } satisfies FeedbackRequest);
