import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChatMessageView } from '../../src/shared/chat/contract';
import { flattenPages, messagesKey, useMessages } from '../../src/web/features/chat-data/api';
import { useUnanswered } from '../../src/web/features/chat/unanswered';
import { useSendMessage, type SendContext } from '../../src/web/features/chat/use-send-message';
import { apiTestSetup, eventStream, json } from './api-double';
import { withAppProviders } from './providers';
import { OUT_OF_CREDITS_MESSAGE } from '../../src/shared/chat/rules';

const setup = apiTestSetup();
beforeEach(() => {
  window.sessionStorage.clear();
  setup.api.on('POST /api/credit-check', (_req, _body, res) => json(res, 200, { ok: true }));
  setup.api.on('GET /api/conversations/7', (_req, _body, res) =>
    json(res, 200, { id: 7, chatMode: 'assistant' }),
  );
  setup.api.on('GET /api/conversations/7/messages', (_req, _body, res) => json(res, 200, [hello]));
  // What the server keeps of messages typed without credits (it answers every tab alike).
  const kept: { id: number; content: string; afterId: number }[] = [];
  setup.api.on('GET /api/unanswered', (_req, _body, res) => json(res, 200, { messages: kept }));
  setup.api.on('POST /api/unanswered', (_req, body, res) => {
    const message = { ...(body as { content: string; afterId: number }), id: kept.length + 1 };
    kept.push(message);
    json(res, 201, {
      ...message,
      characterId: CHARACTER,
      conversationId: CONVERSATION,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
  });
});

const CONVERSATION = 7;
const CHARACTER = 3;
const hello: ChatMessageView = {
  id: 10,
  conversationId: CONVERSATION,
  attachments: [],
  sender: 'ai',
  content: 'Hi there',
  createdAt: '2026-01-01T00:00:00.000Z',
  lore: [],
};

/** The chat as the user sees it: the send hook, the loaded messages and what was kept unsent. */
function renderChat(overrides: Partial<SendContext> = {}) {
  // Loaded on an earlier visit (long enough ago to be asked for again when the thread mounts).
  setup.client.setQueryData(
    messagesKey(CONVERSATION),
    { pages: [[hello]], pageParams: [0] },
    { updatedAt: Date.now() - 60_000 },
  );
  const outOfCredits: string[] = [];
  const wrapper = withAppProviders(setup.client);
  const view = renderHook(
    () => ({
      send: useSendMessage({
        characterId: CHARACTER,
        activeId: CONVERSATION,
        mode: 'assistant',
        scenario: null,
        newestStoredId: hello.id,
        pickedModel: null,
        shownId: { current: CONVERSATION },
        onCreated: () => undefined,
        onReplied: () => undefined,
        onOutOfCredits: () => outOfCredits.push('shown'),
        ...overrides,
      }),
      thread: flattenPages(useMessages(CONVERSATION).data?.pages).map((m) => m.content),
      unanswered: useUnanswered({ characterId: CHARACTER, conversationId: CONVERSATION }).map(
        (m) => m.content,
      ),
    }),
    { wrapper },
  );
  return { ...view, outOfCredits };
}

describe('sending a message', () => {
  it('shows typing only once the server has accepted the message', async () => {
    let accept = () => undefined as void;
    setup.api.on('POST /api/assistant', (_req, _body, res) => {
      accept = () => {
        const stream = eventStream(res);
        stream.send('accepted', { userMessageId: 11 });
        accept = () => {
          stream.send('done', { messageId: 12, message: 'Hi', userMessageId: 11 });
          stream.end();
        };
      };
    });
    const { result } = renderChat();
    await waitFor(() => expect(setup.api.requests).toHaveLength(2));
    let sent!: Promise<boolean>;
    act(() => {
      sent = result.current.send.send('Hello?');
    });
    await waitFor(() =>
      expect(setup.api.requests.some((r) => r.path === '/api/assistant')).toBe(true),
    );
    // Sent, but the server has not said a word yet: the message waits, nobody is typing.
    expect(result.current.send.pending?.content).toBe('Hello?');
    expect(result.current.send.streaming).toBeNull();
    act(() => accept());
    await waitFor(() => expect(result.current.send.streaming).toBe(''));
    act(() => accept());
    await act(async () => expect(await sent).toBe(true));
  });

  it('grows the reply token by token, then shows the stored pair without reloading', async () => {
    let finish = () => undefined as void;
    setup.api.on('POST /api/assistant', (_req, _body, res) => {
      const stream = eventStream(res);
      stream.send('token', { text: 'Good ' });
      stream.send('token', { text: 'morning' });
      finish = () => {
        stream.send('done', { messageId: 12, message: 'Good morning', userMessageId: 11 });
        stream.end();
      };
    });
    const { result } = renderChat();
    // The thread's own first load, before anything is sent.
    await waitFor(() => expect(setup.api.requests).toHaveLength(2));
    const before = setup.api.requests.length;

    let sent!: Promise<boolean>;
    act(() => {
      sent = result.current.send.send('  Hello!  ');
    });
    await waitFor(() => expect(result.current.send.streaming).toBe('Good morning'));
    expect(result.current.send.pending?.content).toBe('  Hello!  ');
    expect(result.current.send.busy).toBe(true);

    act(() => finish());
    await act(async () => expect(await sent).toBe(true));
    expect(result.current.send.streaming).toBeNull();
    expect(result.current.send.pending).toBeNull();
    expect(result.current.thread).toEqual(['Hi there', 'Hello!', 'Good morning']);
    expect(result.current.send.fresh).toBe(12);
    // The pair came with the reply: no page of messages was fetched again.
    const during = setup.api.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    // The check asks for none left as a 200 (?empty=ok): no failed request for a normal state.
    expect(during).toEqual(['POST /api/credit-check?empty=ok', 'POST /api/assistant']);
    expect(setup.api.requests.find((r) => r.path === '/api/assistant')?.body).toEqual({
      message: '  Hello!  ',
      conversationId: CONVERSATION,
    });
  });

  it('gives a refused message back to the box and says why', async () => {
    setup.api.on('POST /api/assistant', (_req, _body, res) =>
      json(res, 503, { message: 'No language model is configured' }),
    );
    const { result } = renderChat();

    let sent!: boolean;
    await act(async () => {
      sent = await result.current.send.send('Are you there?');
    });
    expect(sent).toBe(false); // false: the text goes back where it was typed
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('No language model is configured'),
    );
    expect(result.current.send.pending).toBeNull();
    expect(result.current.thread).toEqual(['Hi there']);
  });

  it('keeps the message in the thread, unanswered, when the reply finds no credits left', async () => {
    setup.api.on('POST /api/assistant', (_req, _body, res) =>
      json(res, 403, { message: OUT_OF_CREDITS_MESSAGE }),
    );
    const { result, outOfCredits } = renderChat();

    let sent!: boolean;
    await act(async () => {
      sent = await result.current.send.send('Still there?');
    });
    expect(sent).toBe(true); // the box is cleared: the words are kept in the thread instead
    expect(outOfCredits).toEqual(['shown']);
    await waitFor(() => expect(result.current.unanswered).toContain('Still there?'));
  });

  it('does not call the model at all when the credit check says none are left', async () => {
    setup.api.on('POST /api/credit-check', (_req, _body, res) =>
      json(res, 403, { message: OUT_OF_CREDITS_MESSAGE }),
    );
    const { result, outOfCredits } = renderChat();

    await act(async () => {
      expect(await result.current.send.send('Hello?')).toBe(true);
    });
    expect(outOfCredits).toEqual(['shown']);
    await waitFor(() => expect(result.current.unanswered).toContain('Hello?'));
    expect(setup.api.requests.map((r) => r.path)).not.toContain('/api/assistant');
  });

  it('keeps a message the server took even when its reply fails midway', async () => {
    setup.api.on('POST /api/assistant', (_req, _body, res) => {
      const stream = eventStream(res);
      stream.send('token', { text: 'Well' });
      stream.send('error', { status: 502, message: 'The model stopped answering.' });
      stream.end();
    });
    const stored = { ...hello, id: 11, sender: 'user' as const, content: 'Tell me more' };
    setup.api.on('GET /api/conversations/7/messages', (_req, _body, res) =>
      json(res, 200, [hello, stored]),
    );
    const { result } = renderChat();

    await act(async () => {
      expect(await result.current.send.send('Tell me more')).toBe(true);
    });
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('The model stopped answering.'),
    );
    expect(result.current.thread).toEqual(['Hi there', 'Tell me more']);
  });

  it('sends only once when the user presses send twice', async () => {
    setup.api.on('POST /api/assistant', (_req, _body, res) => {
      const stream = eventStream(res);
      stream.send('done', { messageId: 12, message: 'Once', userMessageId: 11 });
      stream.end();
    });
    const { result } = renderChat();
    await act(async () => {
      const results = await Promise.all([
        result.current.send.send('Hi'),
        result.current.send.send('Hi'),
      ]);
      expect(results).toEqual([true, false]);
    });
    expect(setup.api.requests.filter((r) => r.path === '/api/assistant')).toHaveLength(1);
  });
});
