import type { InfiniteData } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary, ThreadMessageView } from '../../src/shared/chat/contract';
import { messagesKey } from '../../src/web/features/chat-data/api';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { RecentChats } from '../../src/web/features/chat/RecentChats';
import { apiTestSetup, json } from './api-double';
import {
  answerChatReads,
  CONVERSATION,
  conversationDetail,
  mira,
  threadMessage,
} from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * Unread conversations (issue 52 part 4): Recent Chats marks the conversations with messages the
 * user has not seen; the one on screen is marked read up to its newest message while the page is
 * visible, not while it is hidden, and the app icon's badge counts what is left unread.
 */

const OTHER = 8;
const summary = (id: number, unread: boolean): ConversationSummary => ({
  id,
  characterId: mira.id,
  title: `Chat ${id}`,
  lastMessage: 'Hi',
  message_count: 2,
  chatMode: 'assistant',
  model: null,
  updatedAt: `2026-01-01T00:0${id}:00.000Z`,
  unread,
  leafId: 10,
});

const setup = apiTestSetup();
let stored: ThreadMessageView[];
let visibility: DocumentVisibilityState;
let unreadLeft: number;
const setAppBadge = vi.fn(async (_count?: number) => undefined);

beforeAll(async () => {
  // The read mark's chunk, compiled once here: its first compile can outlast a wait.
  await import('../../src/web/features/chat/read-mark');
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => visibility,
  });
  Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: setAppBadge });
});
afterAll(() => {
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(navigator, 'setAppBadge');
});
beforeEach(() => {
  setAppBadge.mockClear();
  window.sessionStorage.clear();
  visibility = 'visible';
  unreadLeft = 1;
  stored = [threadMessage(9, 'user', 'Are you there?'), threadMessage(10, 'ai', 'Always.')];
  answerChatReads(setup.api, () => stored);
  setup.api.on(`GET /api/conversations/${CONVERSATION}`, (_req, _body, res) =>
    json(res, 200, conversationDetail({ ...summary(CONVERSATION, true), leafId: 10 })),
  );
  setup.api.on('GET /api/conversations', (_req, _body, res) =>
    json(res, 200, {
      conversations: [summary(OTHER, true), summary(CONVERSATION, true)],
      nextCursor: null,
    }),
  );
  setup.api.on('GET /api/characters', (_req, _body, res) => json(res, 200, [mira]));
  setup.api.on(`POST /api/conversations/${CONVERSATION}/read`, (_req, _body, res) =>
    json(res, 200, { unreadConversations: unreadLeft }),
  );
});

const marks = () =>
  setup.api.requests.filter(
    (r) => r.method === 'POST' && r.path === `/api/conversations/${CONVERSATION}/read`,
  );
const row = (id: number) => within(screen.getByRole('link', { name: new RegExp(`^Chat ${id}`) }));

async function openChat() {
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <RecentChats activeId={CONVERSATION} onOpen={() => {}} onDeletedActive={() => {}} />
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
  await screen.findByText('Always.');
  await screen.findByRole('link', { name: /^Chat 8/ });
}

describe('unread conversations', () => {
  it('marks the shown conversation read up to its newest message while the page is visible', async () => {
    await openChat();
    await waitFor(() => expect(marks().map((r) => r.body)).toEqual([{ upTo: 10 }]));
    // Its mark leaves Recent Chats; the other conversation's stays.
    await waitFor(() =>
      expect(row(CONVERSATION).queryByRole('img', { name: 'Unread' })).toBeNull(),
    );
    expect(row(OTHER).getByRole('img', { name: 'Unread' })).toBeTruthy();
    // The badge: the loaded list's two, then what the server counts after the mark.
    expect(setAppBadge).toHaveBeenCalledWith(2);
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(1));
  });

  it('leaves a conversation opened in a hidden page unread until the page is seen', async () => {
    visibility = 'hidden';
    unreadLeft = 0;
    await openChat();
    expect(row(CONVERSATION).getByRole('img', { name: 'Unread' })).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(marks()).toHaveLength(0);

    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(marks().map((r) => r.body)).toEqual([{ upTo: 10 }]));
    await waitFor(() =>
      expect(row(CONVERSATION).queryByRole('img', { name: 'Unread' })).toBeNull(),
    );
    await waitFor(() => expect(setAppBadge).toHaveBeenLastCalledWith(0));
  });

  it('marks nothing already seen, and a reply stored while the user watches at once', async () => {
    setup.api.on(`GET /api/conversations/${CONVERSATION}`, (_req, _body, res) =>
      json(res, 200, conversationDetail({ ...summary(CONVERSATION, false), leafId: 10 })),
    );
    await openChat();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(marks()).toHaveLength(0);

    // The reply's pair joins the cached pages as a send stores it (message-cache.ts).
    act(() =>
      setup.client.setQueryData<InfiniteData<ThreadMessageView[]>>(
        messagesKey(CONVERSATION),
        (data) => ({
          ...data!,
          pages: [
            [
              ...data!.pages[0]!,
              threadMessage(11, 'user', 'Tell me more.'),
              threadMessage(12, 'ai', 'Gladly.'),
            ],
          ],
        }),
      ),
    );
    await screen.findByText('Gladly.');
    await waitFor(() => expect(marks().map((r) => r.body)).toEqual([{ upTo: 12 }]));
  });
});
