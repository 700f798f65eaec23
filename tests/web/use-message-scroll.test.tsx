import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ThreadMessageView } from '../../src/shared/chat/contract';
import { flattenPages, messagesKey, useMessages } from '../../src/web/features/chat-data/api';
import { addReplyToCache } from '../../src/web/features/chat/message-cache';
import { useMessageScroll } from '../../src/web/features/chat/use-message-scroll';
import { apiTestSetup, json } from './api-double';

const CONVERSATION = 7;
/** jsdom lays nothing out: every line of a message is this tall, and the view shows three. */
const LINE = 100;
const VIEW = 300;

const message = (id: number, content = `Message ${id}`): ThreadMessageView => ({
  id,
  conversationId: CONVERSATION,
  attachments: [],
  sender: id % 2 ? 'user' : 'ai',
  content,
  createdAt: '2026-01-01T00:00:00.000Z',
  parentId: id > 1 ? id - 1 : null,
  siblingIndex: 1,
  siblingCount: 1,
  siblingIds: [id],
  lore: [],
});
/** Sixty stored messages: the newest fifty load first, the ten before them on demand. */
const stored = Array.from({ length: 60 }, (_, i) => message(i + 1));

const setup = apiTestSetup();
beforeEach(() => {
  setup.api.on(`GET /api/conversations/${CONVERSATION}/messages`, (req, _body, res) =>
    json(res, 200, page(req.url)),
  );
});

/** The stand-in's keyset paging: up to `limit` messages before `before`, oldest first. */
function page(url: string | undefined) {
  const query = new URL(url ?? '/', 'http://localhost').searchParams;
  const before = Number(query.get('before') ?? Infinity);
  return stored.filter((m) => m.id < before).slice(-Number(query.get('limit')));
}

/**
 * Gives the list the geometry a browser would: each message (and the reply on its way) is as
 * tall as its lines, the view shows VIEW pixels of it, and scrollTop stays within the list.
 */
function layOut(list: HTMLElement) {
  if (list.dataset.laidOut) return;
  list.dataset.laidOut = 'yes';
  let top = 0;
  const height = () =>
    [...list.querySelectorAll<HTMLElement>('[data-lines]')].reduce(
      (sum, row) => sum + Number(row.dataset.lines) * LINE,
      0,
    );
  const clamp = (value: number) => Math.max(0, Math.min(value, height() - VIEW));
  Object.defineProperty(list, 'scrollHeight', { configurable: true, get: height });
  Object.defineProperty(list, 'clientHeight', { configurable: true, value: VIEW });
  Object.defineProperty(list, 'scrollTop', {
    configurable: true,
    get: () => clamp(top),
    set: (value: number) => (top = clamp(value)),
  });
}

/** The list's bottom marker: scrolled into view at the end, it shows the list's last lines. */
function scrollsToEnd(marker: HTMLElement) {
  marker.scrollIntoView = (options?: boolean | ScrollIntoViewOptions) => {
    expect(options).toEqual({ block: 'end' });
    const list = marker.closest<HTMLElement>('[data-testid="message-scroller"]')!;
    list.scrollTop = list.scrollHeight - list.clientHeight;
  };
}

/** The thread as ChatThread wires the hook: the loaded pages, a reply on its way, the button. */
function Thread({ streaming, mode }: { streaming: string | null; mode: string | null }) {
  const history = useMessages(CONVERSATION);
  const messages = flattenPages(history.data?.pages);
  const { bottom, scroller, loadOlder, onScroll } = useMessageScroll({
    newestId: messages.at(-1)?.id,
    streaming,
    mode,
    oldestId: messages[0]?.id,
    canLoadOlder: history.hasNextPage && !history.isFetchingNextPage,
    fetchOlder: () => void history.fetchNextPage(),
  });
  // Like ChatView, the list shows only once the conversation's mode is known.
  if (mode === null) return <p>Choose how to talk</p>;
  return (
    <div
      data-testid="message-scroller"
      ref={(el) => {
        scroller.current = el;
        if (el) layOut(el);
      }}
      onScroll={onScroll}
    >
      {history.hasNextPage && (
        <button type="button" onClick={loadOlder}>
          Load earlier messages
        </button>
      )}
      {messages.map((m) => (
        <p key={m.id} data-lines={1}>
          {m.content}
        </p>
      ))}
      {streaming && <p data-lines={streaming.split('\n').length}>{streaming}</p>}
      <div
        ref={(el) => {
          bottom.current = el;
          if (el) scrollsToEnd(el);
        }}
      />
    </div>
  );
}

function renderThread(props: { streaming?: string | null; mode?: string | null } = {}) {
  const current = { streaming: null as string | null, mode: 'texting' as string | null, ...props };
  const view = render(
    <QueryClientProvider client={setup.client}>
      <Thread {...current} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    update: (next: { streaming?: string | null; mode?: string | null }) => {
      Object.assign(current, next);
      view.rerender(
        <QueryClientProvider client={setup.client}>
          <Thread {...current} />
        </QueryClientProvider>,
      );
    },
  };
}

const list = () => screen.getByTestId('message-scroller');
/** What the user sees at the top of the view: the message there and how far into it. */
function topOfView() {
  const rows = [...list().querySelectorAll<HTMLElement>('[data-lines]')];
  let y = 0;
  for (const row of rows) {
    const h = Number(row.dataset.lines) * LINE;
    if (list().scrollTop < y + h) return { text: row.textContent, into: list().scrollTop - y };
    y += h;
  }
  return null;
}
/** The messages (wholly or partly) inside the view. */
function inView() {
  const top = list().scrollTop;
  let y = 0;
  const seen: (string | null)[] = [];
  for (const row of list().querySelectorAll<HTMLElement>('[data-lines]')) {
    const h = Number(row.dataset.lines) * LINE;
    if (y + h > top && y < top + VIEW) seen.push(row.textContent);
    y += h;
  }
  return seen;
}
const atBottom = () => list().scrollTop === list().scrollHeight - VIEW;
/** The user drags the list to this position (the browser then fires a scroll event). */
function userScrollsTo(top: number) {
  list().scrollTop = top;
  fireEvent.scroll(list());
}
/** A sent message and its reply are stored and join the loaded pages, as after a real reply. */
const replyArrives = (sent: ThreadMessageView, reply: ThreadMessageView) =>
  Promise.all([
    addReplyToCache(setup.client, CONVERSATION, [sent, reply]),
    screen.findByText(reply.content),
  ]);
const olderRequests = () => setup.api.requests.filter((r) => r.path.includes('before='));

describe('scrolling the messages', () => {
  it('opens at the newest message', async () => {
    renderThread();
    await screen.findByText('Message 60');
    expect(screen.queryByText('Message 10')).toBeNull(); // older ones wait until asked for
    expect(atBottom()).toBe(true);
    expect(topOfView()).toEqual({ text: 'Message 58', into: 0 });
  });

  it('shows the newest message once the mode is known, even when the messages came first', async () => {
    const { update } = renderThread({ mode: null });
    await waitFor(() =>
      expect(setup.client.getQueryState(messagesKey(CONVERSATION))?.status).toBe('success'),
    );

    update({ mode: 'immersive' });
    expect(atBottom()).toBe(true);
    expect(topOfView()?.text).toBe('Message 58');
  });

  it('brings a new message into view, from the bottom or from further up', async () => {
    renderThread();
    await screen.findByText('Message 60');

    await replyArrives(message(61, 'Hello?'), message(62, 'Hi!'));
    expect(atBottom()).toBe(true);
    expect(inView()).toEqual(['Message 60', 'Hello?', 'Hi!']);

    userScrollsTo(1000); // reading back up the thread
    expect(inView()).toEqual(['Message 21', 'Message 22', 'Message 23']);
    await replyArrives(message(63, 'Still there?'), message(64, 'Yes'));
    expect(atBottom()).toBe(true);
    expect(inView()).toEqual(['Hi!', 'Still there?', 'Yes']);
  });

  it('follows a reply as it grows, line by line', async () => {
    const { update } = renderThread();
    await screen.findByText('Message 60');

    for (const text of ['Once', 'Once\nupon', 'Once\nupon\na', 'Once\nupon\na\ntime']) {
      update({ streaming: text });
      expect(atBottom()).toBe(true);
    }
    expect(list().scrollTop).toBe(5100); // fifty messages and four lines, less the view
  });

  it('loads earlier messages near the top and keeps the message being read where it was', async () => {
    renderThread();
    await screen.findByText('Message 60');

    userScrollsTo(400); // well below the top: nothing more is needed yet
    expect(olderRequests()).toHaveLength(0);

    userScrollsTo(50);
    expect(topOfView()).toEqual({ text: 'Message 11', into: 50 });
    await screen.findByText('Message 10');

    expect(olderRequests().map((r) => r.path)).toEqual([
      `/api/conversations/${CONVERSATION}/messages?limit=50&before=11`,
    ]);
    // Ten messages arrived above it; the user is still halfway into the same one.
    expect(topOfView()).toEqual({ text: 'Message 11', into: 50 });
    expect(atBottom()).toBe(false);
  });

  it('asks for earlier messages once while they load, and not at all once all are shown', async () => {
    const waiting: ServerResponse[] = [];
    setup.api.on(`GET /api/conversations/${CONVERSATION}/messages`, (req, _body, res) => {
      if (req.url?.includes('before=')) waiting.push(res);
      else json(res, 200, page(req.url));
    });
    renderThread();
    await screen.findByText('Message 60');

    userScrollsTo(30);
    await waitFor(() => expect(waiting).toHaveLength(1));
    userScrollsTo(0);
    userScrollsTo(20);
    fireEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));

    json(waiting[0]!, 200, page(olderRequests()[0]!.path));
    await screen.findByText('Message 1');
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
    userScrollsTo(0);
    expect(olderRequests()).toHaveLength(1);
  });

  it('keeps the place too when earlier messages come from the button', async () => {
    renderThread();
    await screen.findByText('Message 60');
    userScrollsTo(130); // just short of loading by itself; the button at the top is in view
    expect(olderRequests()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('Message 10');
    expect(topOfView()).toEqual({ text: 'Message 12', into: 30 });
  });
});
