import { EventSourceParserStream } from 'eventsource-parser/stream';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  ChatMessageView,
  ConversationDetail,
  ConversationSummary,
  ModelChoice,
  StoryOption,
} from '../../../shared/chat';
import { api, ApiError } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { CHARACTERS_KEY } from '../characters/api';

export const CONVERSATIONS_KEY = ['/api/conversations'] as const;
export const conversationKey = (id: number) => ['/api/conversations', id] as const;
export const messagesKey = (id: number) => ['/api/conversations', id, 'messages'] as const;
export const CREDITS_KEY = ['/api/get-credits'] as const;

export const useConversations = () =>
  useQuery({
    queryKey: CONVERSATIONS_KEY,
    queryFn: () => api<ConversationSummary[]>('/api/conversations'),
  });

export const useConversation = (id: number | null) =>
  useQuery({
    queryKey: conversationKey(id ?? 0),
    enabled: id !== null,
    queryFn: () => api<ConversationDetail>(`/api/conversations/${id}`),
  });

/** Messages load newest page first; scrolling up loads the page before the oldest shown. */
export const MESSAGE_PAGE = 50;

const messagesQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: messagesKey(id),
    queryFn: ({ pageParam }) =>
      api<ChatMessageView[]>(
        `/api/conversations/${id}/messages?limit=${MESSAGE_PAGE}` +
          (pageParam ? `&before=${pageParam}` : ''),
      ),
    initialPageParam: 0,
    // Each page is oldest-first; a full page may have older messages before its first one.
    getNextPageParam: (page: ChatMessageView[]) =>
      page.length < MESSAGE_PAGE ? undefined : page[0]!.id,
    staleTime: 0,
  });

export const useMessages = (id: number | null) =>
  useInfiniteQuery({ ...messagesQuery(id ?? 0), enabled: id !== null });

/** The loaded pages as one oldest-first list. */
export const flattenPages = (pages: ChatMessageView[][] | undefined) =>
  [...(pages ?? [])].reverse().flat();

/**
 * Loads the stored messages now, whether or not the list is on screen yet (a fast reply can
 * finish while the new conversation's first load is still on its way). Pages already loaded
 * are fetched again in order, so older history stays on screen.
 */
export async function reloadMessages(id: number) {
  // A load started before the reply was stored must not win: cancel it, then fetch afresh.
  await queryClient.cancelQueries({ queryKey: messagesKey(id) });
  await Promise.all([
    queryClient.fetchInfiniteQuery({ ...messagesQuery(id), staleTime: 0 }),
    queryClient.invalidateQueries({ queryKey: conversationKey(id) }),
  ]);
}

/** The hidden model picker's list: empty (and canChoose false) for everyone but staff. */
export const useModelChoice = () =>
  useQuery({
    queryKey: ['/api/models'],
    queryFn: () => api<ModelChoice>('/api/models'),
    staleTime: Infinity,
  });

export async function setConversationModel(id: number, model: string) {
  await api(`/api/conversations/${id}`, 'PUT', { model });
  await queryClient.invalidateQueries({ queryKey: conversationKey(id) });
}

export const useCredits = () =>
  useQuery({
    queryKey: CREDITS_KEY,
    queryFn: async () => (await api<{ credits: number }>('/api/get-credits')).credits,
  });

/** Every visit to the chat page applies a due monthly reset (idempotent on the server). */
export const topUp = () => api('/api/topup', 'POST');

/** True when the user has credits left; false on the 403 "none left". */
export async function hasCredits(): Promise<boolean> {
  try {
    await api('/api/credit-check', 'POST');
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) return false;
    throw new Error('Unexpected error during credit check.');
  }
}

export async function createConversation(characterId: number, chatMode: string, model?: string) {
  const created = await api<{ id: number }>('/api/conversations', 'POST', {
    characterId,
    chatMode,
    model,
  });
  return created.id;
}

export const generateScenario = (id: number, message: string) =>
  api<{ scenario: string }>(`/api/conversations/${id}/generate-scenario`, 'POST', { message });

export const generateOptions = async (conversationId: number) =>
  (await api<{ options: StoryOption[] }>('/api/generate-options', 'POST', { conversationId }))
    .options;

export async function deleteConversation(id: number) {
  await api(`/api/conversations/${id}`, 'DELETE');
  queryClient.removeQueries({ queryKey: conversationKey(id) });
  await refreshLists();
}

export const editMessage = (messageId: number, content: string, conversationId: number) =>
  api<ChatMessageView>(`/api/messages/${messageId}/edit`, 'PUT', { content, conversationId });

/**
 * Rates a stored reply. The server files the pair as it is in the conversation (the user message
 * before the reply), so only the reply is named here.
 */
export const sendFeedback = (reply: { id: number; content: string }, feedback: 'GOOD' | 'BAD') =>
  api('/api/feedback', 'POST', { messageId: reply.id, aiMessage: reply.content, feedback });

/** Conversation list, character chat counts and credits change after every reply. */
export async function refreshLists() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: CONVERSATIONS_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: CHARACTERS_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: CREDITS_KEY }),
  ]);
}

export interface ReplyDone {
  messageId: number;
  message: string;
  userMessageId: number;
}

/**
 * Sends a message and streams the reply (Server-Sent Events): `onAccepted` runs once the server
 * has taken the message (it is stored from then on), `onToken` gets the text as it grows;
 * resolves with the stored reply. Refusals before streaming (403 no credits, 503 no model…)
 * reject with an ApiError carrying the server's status and message.
 */
export async function streamReply(
  path: string,
  body: { message: string; conversationId: number },
  on: { onAccepted?: () => void; onToken: (text: string) => void },
): Promise<ReplyDone> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
  });
  if (!response.ok || !response.body) {
    const data = (await response.json().catch(() => ({}))) as { message?: string };
    throw new ApiError(
      response.status,
      data.message || `${response.status}: ${response.statusText}`,
    );
  }
  on.onAccepted?.();
  const events = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .getReader();
  for (;;) {
    const { value: message, done } = await events.read();
    if (done) break;
    const data = JSON.parse(message.data || 'null') as Record<string, unknown>;
    if (message.event === 'token') on.onToken(String(data.text ?? ''));
    if (message.event === 'done') return data as unknown as ReplyDone;
    if (message.event === 'error') {
      throw new ApiError(Number(data.status) || 502, String(data.message ?? 'The reply failed.'));
    }
  }
  throw new ApiError(502, 'The reply was cut off. Please try again.');
}

/** The endpoint for each mode, as the spec names them. */
export function replyPath(chatMode: string) {
  if (chatMode === 'immersive') return '/api/immersive-chat';
  if (chatMode === 'assistant') return '/api/assistant';
  return '/api/chat';
}
