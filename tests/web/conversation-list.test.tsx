import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ConversationDetail, ConversationSummary } from '../../src/shared/chat/contract';
import { useDeleteCharacter } from '../../src/web/features/characters/mutations';
import { useConversations } from '../../src/web/features/chat-data/api';
import { listedConversations } from '../../src/web/features/chat-data/conversation-list';
import {
  useCreateConversation,
  useDeleteConversation,
  useEditMessage,
  useReply,
} from '../../src/web/features/chat/mutations';
import { RecentChats } from '../../src/web/features/chat/RecentChats';
import { apiTestSetup, eventStream, json } from './api-double';

/**
 * The sidebar's paged conversation list (decision 0016): pages load newest first, more as the
 * end of the list comes near, and every write that changes a conversation edits the loaded
 * pages instead of fetching them all again.
 */

const setup = apiTestSetup();
/** The server's conversations. */
let stored: ConversationDetail[];

const minutes = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString();
const conversation = (id: number): ConversationDetail => ({
  id,
  characterId: (id % 3) + 1,
  title: `Chat ${id}`,
  lastMessage: `Last words of ${id}`,
  message_count: 2,
  unread: false,
  leafId: 0,
  chatMode: 'assistant',
  model: null,
  updatedAt: minutes(id),
  scenario: null,
  personaId: null,
  autoPlayReplies: false,
  currentOptions: [],
});
const newestFirst = (a: ConversationSummary, b: ConversationSummary) =>
  a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1;
const find = (id: number) => stored.find((c) => c.id === id)!;

/** Lists `stored` as the server would: keyset pages, the cursor being the last one's place. */
function serveList(hold?: (release: () => void) => void) {
  setup.api.on('GET /api/conversations', (req, _body, res) => {
    const query = new URL(req.url!, 'http://x').searchParams;
    const limit = Number(query.get('limit'));
    const [time, id] = (query.get('before') ?? '~').split('~');
    const after = [...stored]
      .sort(newestFirst)
      .filter((c) => !time || c.updatedAt < time || (c.updatedAt === time && c.id < Number(id)));
    const conversations = after
      .slice(0, limit)
      .map(({ scenario: _s, currentOptions: _o, ...summary }) => summary);
    const last = conversations.at(-1);
    const answer = () =>
      json(res, 200, {
        conversations,
        nextCursor: after.length > limit && last ? `${last.updatedAt}~${last.id}` : null,
      });
    if (hold) hold(answer);
    else answer();
  });
}

/** Each conversation's detail, as stored now. */
function serveDetails() {
  for (let id = 1; id <= 60; id++) {
    setup.api.on(`GET /api/conversations/${id}`, (_req, _body, res) => {
      const found = stored.find((c) => c.id === id);
      if (found) json(res, 200, found);
      else json(res, 404, { message: 'Conversation not found' });
    });
    setup.api.on(`GET /api/conversations/${id}/messages`, (_req, _body, res) => json(res, 200, []));
  }
}

const listRequests = () =>
  setup.api.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/api/conversations?'));

beforeEach(() => {
  stored = Array.from({ length: 45 }, (_, i) => conversation(i + 1));
  serveDetails();
  setup.api.on('GET /api/characters', (_req, _body, res) => json(res, 200, []));
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={setup.client}>{children}</QueryClientProvider>
);

/** The list as the sidebar has it, with the chat writes that change it. */
async function renderList({ pages }: { pages: 1 | 2 }) {
  serveList();
  const view = renderHook(
    () => {
      const list = useConversations();
      return {
        list,
        ids: listedConversations(list.data).map((c) => c.id),
        shown: listedConversations(list.data),
        reply: useReply(),
        create: useCreateConversation(),
        remove: useDeleteConversation(),
        edit: useEditMessage(),
        deleteCharacter: useDeleteCharacter(),
      };
    },
    { wrapper },
  );
  await waitFor(() => expect(view.result.current.list.isSuccess).toBe(true));
  if (pages === 2) {
    await act(() => view.result.current.list.fetchNextPage());
    await waitFor(() => expect(view.result.current.ids).toHaveLength(45));
  }
  return view;
}

const range = (from: number, to: number) =>
  Array.from({ length: from - to + 1 }, (_, i) => from - i);

describe('loading the list', () => {
  it('asks for the newest 30, then the page after the last one shown', async () => {
    const { result } = await renderList({ pages: 1 });
    expect(result.current.ids).toEqual(range(45, 16));
    expect(result.current.list.hasNextPage).toBe(true);

    await act(() => result.current.list.fetchNextPage());
    await waitFor(() => expect(result.current.ids).toEqual(range(45, 1)));
    expect(result.current.list.hasNextPage).toBe(false);
    expect(listRequests().map((r) => r.path)).toEqual([
      '/api/conversations?limit=30',
      `/api/conversations?limit=30&before=${encodeURIComponent(`${minutes(16)}~16`)}`,
    ]);
  });
});

describe('Recent Chats', () => {
  /** IntersectionObserver as a browser would have it; the test says when the end is in view. */
  let observers: { callback: IntersectionObserverCallback; target?: Element; live: boolean }[];
  beforeEach(() => {
    observers = [];
    globalThis.IntersectionObserver = class {
      private entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, live: true };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        this.entry.live = false;
      }
    } as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });
  const scrollEndIntoView = () => {
    for (const o of observers.filter((o) => o.live && o.target)) {
      o.callback(
        [{ isIntersecting: true, target: o.target } as IntersectionObserverEntry],
        o as unknown as IntersectionObserver,
      );
    }
  };
  const renderSidebar = () =>
    render(<RecentChats activeId={null} onOpen={() => {}} onDeletedActive={() => {}} />, {
      wrapper,
    });
  const links = () => screen.getByRole('region', { name: 'Recent Chats' }).querySelectorAll('a');

  it('loads the next page when the end of the list scrolls near, saying it is loading', async () => {
    let release = () => {};
    let held = false;
    serveList((answer) => {
      if (!held && listRequests().length === 2) {
        held = true;
        release = answer;
      } else answer();
    });
    renderSidebar();
    expect(screen.getByRole('status')).toHaveProperty(
      'textContent',
      expect.stringContaining('Loading chats...'),
    );
    await waitFor(() => expect(links()).toHaveLength(30));
    const more = screen.getByRole('button', { name: 'Show more chats' });

    act(() => scrollEndIntoView());
    await waitFor(() => expect(more.textContent).toContain('Loading more chats...'));
    expect(more.getAttribute('aria-disabled')).toBe('true');
    act(() => scrollEndIntoView()); // still in view while loading: asks only once
    // The button says "loading" as the fetch starts, before the request reaches the double.
    await waitFor(() => expect(held).toBe(true));
    act(() => release());

    await waitFor(() => expect(links()).toHaveLength(45));
    expect(screen.queryByRole('button', { name: /more chats/ })).toBeNull();
    expect(listRequests()).toHaveLength(2);
  });

  it('says the chats could not be loaded, not that there are none, and tries again', async () => {
    let failing = true;
    setup.api.on('GET /api/conversations', (_req, _body, res) =>
      failing
        ? json(res, 500, { message: 'Something went wrong' })
        : json(res, 200, { conversations: [conversation(1)], nextCursor: null }),
    );
    renderSidebar();
    expect(await screen.findByText('Could not load your chats.', { exact: false })).toBeTruthy();
    expect(screen.queryByText('No conversations yet.')).toBeNull();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(links()).toHaveLength(1));
    expect(screen.queryByText('Could not load your chats.', { exact: false })).toBeNull();
  });

  it('can be paged from the keyboard: the button loads more and focus moves on to them', async () => {
    serveList();
    renderSidebar();
    await waitFor(() => expect(links()).toHaveLength(30));
    const more = screen.getByRole('button', { name: 'Show more chats' });
    more.focus();
    fireEvent.click(more);

    await waitFor(() => expect(links()).toHaveLength(45));
    expect(document.activeElement).toBe(links()[30]);
    expect(links()[30]!.textContent).toContain('Chat 15');
  });
});

describe('the loaded pages follow each write', () => {
  it('a reply moves its conversation to the top with its new preview', async () => {
    const { result } = await renderList({ pages: 2 });
    setup.api.on('POST /api/assistant', (_req, _body, res: ServerResponse) => {
      Object.assign(find(3), { lastMessage: 'Good morning', updatedAt: minutes(100) });
      const stream = eventStream(res);
      stream.send('done', { messageId: 12, message: 'Good morning', userMessageId: 11 });
      stream.end();
    });
    const before = listRequests().length;

    await act(async () => {
      await result.current.reply.mutateAsync({
        conversationId: 3,
        mode: 'assistant',
        action: { kind: 'send', text: 'Hello', after: 0 },
        onAccepted: () => {},
        onToken: () => {},
      });
    });
    await waitFor(() => expect(result.current.ids[0]).toBe(3));
    expect(result.current.shown[0]!.lastMessage).toBe('Good morning');
    expect(result.current.ids).toEqual([3, ...range(45, 4), 2, 1]);
    expect(listRequests()).toHaveLength(before); // no page was fetched again
  });

  it('a reply in a conversation on a page not loaded yet puts it on top, and only there', async () => {
    const { result } = await renderList({ pages: 1 });
    setup.api.on('POST /api/assistant', (_req, _body, res: ServerResponse) => {
      Object.assign(find(5), { lastMessage: 'Back again', updatedAt: minutes(100) });
      const stream = eventStream(res);
      stream.send('done', { messageId: 12, message: 'Back again', userMessageId: 11 });
      stream.end();
    });
    await act(async () => {
      await result.current.reply.mutateAsync({
        conversationId: 5,
        mode: 'assistant',
        action: { kind: 'send', text: 'Hi', after: 0 },
        onAccepted: () => {},
        onToken: () => {},
      });
    });
    await waitFor(() => expect(result.current.ids[0]).toBe(5));

    await act(() => result.current.list.fetchNextPage());
    await waitFor(() => expect(result.current.ids).toHaveLength(45));
    expect(result.current.ids).toEqual([5, ...range(45, 6), 4, 3, 2, 1]);
    const pages = result.current.list.data!.pages.map((p) => p.conversations.map((c) => c.id));
    expect(pages.flat().filter((id) => id === 5)).toHaveLength(1);
  });

  it('a new conversation joins at the top as soon as it is created', async () => {
    const { result } = await renderList({ pages: 1 });
    setup.api.on('POST /api/conversations', (_req, _body, res) => {
      stored.push({ ...conversation(46), title: 'New conversation', lastMessage: null });
      json(res, 201, { id: 46 });
    });
    await act(() => result.current.create.mutateAsync({ characterId: 1, chatMode: 'assistant' }));
    await waitFor(() => expect(result.current.ids[0]).toBe(46));
    expect(result.current.shown[0]!.title).toBe('New conversation');
    expect(result.current.ids).toHaveLength(31);
  });

  it('an edited message changes the preview in place', async () => {
    const { result } = await renderList({ pages: 1 });
    setup.api.on('PUT /api/messages/9/edit', (_req, _body, res) => {
      find(40).lastMessage = 'Edited words';
      json(res, 200, {});
    });
    await act(() =>
      result.current.edit.mutateAsync({ messageId: 9, text: 'x', conversationId: 40 }),
    );
    await waitFor(() => expect(result.current.shown[5]!.lastMessage).toBe('Edited words'));
    expect(result.current.ids).toEqual(range(45, 16));
  });

  it('a deleted conversation leaves the list', async () => {
    const { result } = await renderList({ pages: 2 });
    setup.api.on('DELETE /api/conversations/44', (_req, _body, res) => {
      stored = stored.filter((c) => c.id !== 44);
      json(res, 200, { success: true });
    });
    const before = listRequests().length;
    await act(() => result.current.remove.mutateAsync({ id: 44, forget: true }));
    await waitFor(() => expect(result.current.ids).toEqual([45, ...range(43, 1)]));
    expect(listRequests()).toHaveLength(before);
  });

  it('a deleted character’s conversations leave the list, or stay as Character deleted', async () => {
    const { result } = await renderList({ pages: 2 });
    setup.api.on('DELETE /api/characters/1/conversations', (_req, _body, res) =>
      json(res, 200, { success: true, deleted: 15 }),
    );
    for (const id of [1, 2]) {
      setup.api.on(`DELETE /api/characters/${id}`, (_req, _body, res) =>
        json(res, 200, { success: true }),
      );
    }
    await act(() => result.current.deleteCharacter.mutateAsync({ id: 1, withConversations: true }));
    await waitFor(() => expect(result.current.ids).toHaveLength(30));
    expect(result.current.shown.some((c) => c.characterId === 1)).toBe(false);

    await act(() =>
      result.current.deleteCharacter.mutateAsync({ id: 2, withConversations: false }),
    );
    const kept = () => result.current.shown.filter((c) => c.id % 3 === 1);
    await waitFor(() => expect(kept().every((c) => c.characterId === null)).toBe(true));
    expect(kept()).toHaveLength(15);
  });
});

describe('Recent Chats: each conversation’s mode, search and rename (issue 45)', () => {
  beforeAll(() => {});
  const modes = ['texting', 'assistant', 'immersive', 'message'] as const;
  beforeEach(() => {
    stored = Array.from({ length: 4 }, (_, i) => ({
      ...conversation(i + 1),
      chatMode: modes[i]!,
    }));
    stored[0]!.lastMessage = 'The lighthouse keeper waved';
  });

  /** The list, and searches as the server answers them: title or last message, with a snippet. */
  function serveListAndSearch() {
    setup.api.on('GET /api/conversations', (req, _body, res) => {
      const words = new URL(req.url!, 'http://x').searchParams.get('query')?.toLowerCase();
      const summaries = [...stored]
        .sort(newestFirst)
        .map(({ scenario: _s, currentOptions: _o, ...summary }) => summary);
      if (!words) return json(res, 200, { conversations: summaries, nextCursor: null });
      const found = summaries
        .filter((c) => `${c.title} ${c.lastMessage}`.toLowerCase().includes(words))
        .map((c) => ({
          ...c,
          snippet: c.lastMessage?.toLowerCase().includes(words) ? c.lastMessage : null,
        }));
      json(res, 200, { conversations: found, nextCursor: null });
    });
  }
  const renderSidebar = () =>
    render(<RecentChats activeId={null} onOpen={() => {}} onDeletedActive={() => {}} />, {
      wrapper,
    });
  const rows = () =>
    [...screen.getByRole('region', { name: 'Recent Chats' }).querySelectorAll('li')].map(
      (li) => li.textContent,
    );
  const searches = () =>
    setup.api.requests.filter(
      (r) => r.path.startsWith('/api/conversations?') && r.path.includes('query='),
    );

  it('shows each conversation’s mode as the mode chooser names it', async () => {
    serveListAndSearch();
    renderSidebar();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const labels = screen.getAllByTestId('mode-label').map((l) => l.textContent);
    // Newest first: 4 (an older Texting), 3 (Story), 2 (Assistant), 1 (Texting).
    expect(labels).toEqual(['Texting', 'Story', 'Assistant', 'Texting']);
  });

  it('searches once typing pauses, shows the words around each match, and clears', async () => {
    serveListAndSearch();
    renderSidebar();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const box = screen.getByRole('searchbox', { name: 'Search chats' });
    fireEvent.change(box, { target: { value: 'l' } });
    fireEvent.change(box, { target: { value: 'lig' } });
    fireEvent.change(box, { target: { value: 'lighthouse ' } });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Searching chats...'),
    );
    await waitFor(() => expect(rows()).toHaveLength(1));
    // One request, for the trimmed words the user stopped at.
    expect(searches().map((r) => r.path)).toEqual(['/api/conversations?limit=30&query=lighthouse']);
    expect(rows()[0]).toContain('Chat 1');
    const snippet = screen.getByTestId('snippet');
    expect(snippet.textContent).toBe('The lighthouse keeper waved');
    expect(snippet.querySelector('strong')!.textContent).toBe('lighthouse');
    expect(screen.getByRole('status').textContent).toBe('1 conversation matches');

    fireEvent.change(box, { target: { value: 'nowhere at all' } });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'No conversations match “nowhere at all”.',
      ),
    );
    expect(rows()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((box as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(box);
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  it('finds by title too, and Escape in the box empties it', async () => {
    serveListAndSearch();
    renderSidebar();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const box = screen.getByRole('searchbox', { name: 'Search chats' });
    fireEvent.change(box, { target: { value: 'CHAT 3' } });
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]).toContain('Chat 3');
    expect(screen.queryByTestId('snippet')).toBeNull();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(rows()).toHaveLength(4));
  });

  /** Opens a row's menu and picks Rename; answers the name field. */
  async function startRename(title: string) {
    const options = screen.getByRole('button', { name: `Options for conversation ${title}` });
    await act(async () => {
      fireEvent.keyDown(options, { key: 'Enter' });
    });
    const rename = await screen.findByRole('menuitem', { name: 'Rename' });
    await act(async () => {
      fireEvent.click(rename);
    });
    const field = await screen.findByRole('textbox', { name: 'Conversation name' });
    await waitFor(() => expect(document.activeElement).toBe(field));
    return field as HTMLInputElement;
  }
  const optionsOf = (title: string) =>
    screen.getByRole('button', { name: `Options for conversation ${title}` });

  it('renames from the row’s menu: Enter saves, and the focus goes back to the menu’s button', async () => {
    serveListAndSearch();
    setup.api.on('PUT /api/conversations/2', (_req, body, res) => {
      Object.assign(find(2), { title: (body as { title: string }).title });
      json(res, 200, find(2));
    });
    renderSidebar();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const field = await startRename('Chat 2');
    expect(field.value).toBe('Chat 2');

    fireEvent.change(field, { target: { value: '  Plans for the weekend ' } });
    fireEvent.submit(field.form!);
    await waitFor(() => expect(rows()[2]).toContain('Plans for the weekend'));
    expect(setup.api.requests.find((r) => r.method === 'PUT')!.body).toEqual({
      title: 'Plans for the weekend',
    });
    await waitFor(() => expect(document.activeElement).toBe(optionsOf('Plans for the weekend')));
    // The list was edited in place, not fetched again.
    expect(setup.api.requests.filter((r) => r.path === '/api/conversations?limit=30')).toHaveLength(
      1,
    );
  });

  it('leaves the name as it was on Escape, and says why an empty name is not saved', async () => {
    serveListAndSearch();
    renderSidebar();
    await waitFor(() => expect(rows()).toHaveLength(4));
    let field = await startRename('Chat 3');
    fireEvent.change(field, { target: { value: 'Something else' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(optionsOf('Chat 3')));
    expect(rows()[1]).toContain('Chat 3');

    field = await startRename('Chat 3');
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.submit(field.form!);
    expect(screen.getByRole('alert').textContent).toBe('Please give the conversation a name.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(setup.api.requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
