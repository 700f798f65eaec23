import {
  act,
  fireEvent,
  render,
  renderHook,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Character } from '../../src/shared/characters/contract';
import type { ThreadMessageView } from '../../src/shared/chat/contract';
import type { Notice } from '../../src/shared/safety/contract';
import {
  ADULTS_ONLY_PAUSED_MESSAGE,
  aiDisclosureText,
  crisisNoticeText,
  DEFAULT_CRISIS_RESOURCES,
} from '../../src/shared/safety/rules';
import { flattenPages, messagesKey, useMessages } from '../../src/web/features/chat-data/api';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { NoticeCard, type SafetyNotice } from '../../src/web/features/chat/NoticeCard';
import { ThreadNotice } from '../../src/web/features/chat/ThreadNotice';
import { noticesKey } from '../../src/web/features/chat/notices';
import { streamReply } from '../../src/web/features/chat/stream-reply';
import { useSendMessage } from '../../src/web/features/chat/use-send-message';
import { apiTestSetup, eventStream, json } from './api-double';
import { withAppProviders } from './providers';
import { OUT_OF_CREDITS_MESSAGE } from '../../src/shared/chat/rules';

/**
 * The companion-app law in the chat (decision 0042): the notices a reply stream sends before
 * the reply reach the thread at once and then its cache; a reply withheld for safety shows as
 * stored; a paused account's 403 is no lack of credits.
 */

const CONVERSATION = 7;
const CHARACTER = 3;
const hello: ThreadMessageView = {
  id: 10,
  conversationId: CONVERSATION,
  attachments: [],
  sender: 'ai',
  content: 'Hi there',
  createdAt: '2026-01-01T00:00:00.000Z',
  parentId: null,
  siblingIndex: 1,
  siblingCount: 1,
  siblingIds: [10],
  lore: [],
};
/** What the server stores instead of a reply it withheld (its words are the server's). */
const WITHHELD_REPLY_TEXT = '(This reply was withheld.)';
const notice = (id: number, kind: Notice['kind'], afterMessageId: number | null): Notice => ({
  id,
  kind,
  text:
    kind === 'crisis'
      ? crisisNoticeText('Mira')
      : kind === 'adults-only'
        ? ADULTS_ONLY_PAUSED_MESSAGE
        : aiDisclosureText('Mira'),
  ...(kind === 'crisis' ? { resources: [...DEFAULT_CRISIS_RESOURCES] } : {}),
  shownAt: '2026-01-01T00:00:00.000Z',
  afterMessageId,
});

const setup = apiTestSetup();
beforeAll(() => {
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView ??= () => undefined;
});
beforeEach(() => {
  window.sessionStorage.clear();
  setup.api.on('POST /api/credit-check', (_req, _body, res) => json(res, 200, { ok: true }));
  setup.api.on(`GET /api/conversations/${CONVERSATION}`, (_req, _body, res) =>
    json(res, 200, {
      id: CONVERSATION,
      characterId: CHARACTER,
      chatMode: 'assistant',
      scenario: null,
      currentOptions: [],
      model: null,
    }),
  );
  setup.api.on(`GET /api/conversations/${CONVERSATION}/messages`, (_req, _body, res) =>
    json(res, 200, [hello]),
  );
  setup.api.on(`GET /api/conversations/${CONVERSATION}/notices`, (_req, _body, res) =>
    json(res, 200, []),
  );
  // Messages typed without credits, kept by the server (none yet).
  setup.api.on('GET /api/unanswered', (_req, _body, res) => json(res, 200, { messages: [] }));
});
// Runs before apiTestSetup()'s wait for the loads and its cleanup (Vitest runs afterEach hooks
// last-registered first); a toast that comes later is dismissed after the test (setup.ts).
afterEach(() => {
  for (const button of screen.queryAllByLabelText('Dismiss notification')) {
    fireEvent.click(button);
  }
});

describe('the reply stream', () => {
  it('hands each notice to the UI, in order, before the first token', async () => {
    setup.api.on('POST /api/chat', (_req, _body, res) => {
      const stream = eventStream(res);
      stream.send('accepted', { userMessageId: 11 });
      stream.send('notice', notice(1, 'ai-disclosure', 11));
      stream.send('notice', notice(2, 'crisis', 11));
      stream.send('token', { text: 'I am here.' });
      stream.send('done', { messageId: 12, message: 'I am here.', userMessageId: 11 });
      stream.end();
    });
    const seen: string[] = [];
    const done = await streamReply(
      '/api/chat',
      { message: 'hi', conversationId: CONVERSATION },
      {
        onAccepted: () => seen.push('accepted'),
        onNotice: (n) => seen.push(`notice ${n.kind}`),
        onToken: (t) => seen.push(`token ${t}`),
      },
    );
    expect(seen).toEqual(['accepted', 'notice ai-disclosure', 'notice crisis', 'token I am here.']);
    expect(done).toEqual({ messageId: 12, message: 'I am here.', userMessageId: 11 });
  });
});

/** The send hook with the thread's messages and notices as the cache has them. */
function renderSend() {
  setup.client.setQueryData(
    messagesKey(CONVERSATION),
    { pages: [[hello]], pageParams: [0] },
    { updatedAt: Date.now() },
  );
  setup.client.setQueryData(noticesKey(CONVERSATION), [], { updatedAt: Date.now() });
  const outOfCredits: string[] = [];
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
      }),
      thread: flattenPages(useMessages(CONVERSATION).data?.pages).map((m) => m.content),
    }),
    { wrapper: withAppProviders(setup.client) },
  );
  return { ...view, outOfCredits };
}

describe('sending with notices', () => {
  it('shows the notices while the reply streams, then keeps them in the cache', async () => {
    let finish = () => undefined as void;
    setup.api.on('POST /api/assistant', (_req, _body, res) => {
      const stream = eventStream(res);
      stream.send('accepted', { userMessageId: 11 });
      stream.send('notice', notice(5, 'crisis', 11));
      stream.send('token', { text: 'Please reach out.' });
      finish = () => {
        stream.send('done', { messageId: 12, message: 'Please reach out.', userMessageId: 11 });
        stream.end();
      };
    });
    const { result } = renderSend();
    let sent!: Promise<boolean>;
    act(() => {
      sent = result.current.send.send('i want to kill myself tonight');
    });
    // On screen at once, above the growing reply.
    await waitFor(() => expect(result.current.send.notices.map((n) => n.id)).toEqual([5]));
    expect(result.current.send.streaming).toBe('Please reach out.');
    act(() => finish());
    await act(async () => expect(await sent).toBe(true));
    // The reply is stored: the stream's notices are gone, the cache has them after the message.
    expect(result.current.send.notices).toEqual([]);
    expect(setup.client.getQueryData<Notice[]>(noticesKey(CONVERSATION))).toEqual([
      notice(5, 'crisis', 11),
    ]);
    expect(result.current.thread).toEqual([
      'Hi there',
      'i want to kill myself tonight',
      'Please reach out.',
    ]);
  });

  it('shows what was stored when the streamed reply was withheld', async () => {
    setup.api.on('POST /api/assistant', (_req, _body, res) => {
      const stream = eventStream(res);
      stream.send('accepted', { userMessageId: 11 });
      stream.send('token', { text: 'Something it must not say' });
      stream.send('done', { messageId: 12, message: WITHHELD_REPLY_TEXT, userMessageId: 11 });
      stream.end();
    });
    const { result } = renderSend();
    await act(async () => {
      expect(await result.current.send.send('tell me how')).toBe(true);
    });
    expect(result.current.send.streaming).toBeNull();
    expect(result.current.thread).toEqual(['Hi there', 'tell me how', WITHHELD_REPLY_TEXT]);
  });

  it('a paused account: no out-of-credits dialog, the status is read again, the text goes back', async () => {
    setup.api.on('POST /api/assistant', (_req, _body, res) =>
      json(res, 403, { message: ADULTS_ONLY_PAUSED_MESSAGE }),
    );
    const { result, outOfCredits } = renderSend();
    setup.client.setQueryData(['/api/safety/status'], { chatPaused: false, message: null });
    let sent!: boolean;
    await act(async () => {
      sent = await result.current.send.send("I'm 15 and in ninth grade");
    });
    expect(sent).toBe(false); // the text goes back to where it was typed
    expect(outOfCredits).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull(); // no error toast either
    // The pause and the conversation's notices are stale now: asked again when shown.
    expect(setup.client.getQueryState(['/api/safety/status'])?.isInvalidated).toBe(true);
    expect(setup.client.getQueryState(noticesKey(CONVERSATION))?.isInvalidated).toBe(true);
  });

  it('a paused account found by the credit check: no out-of-credits dialog either', async () => {
    setup.api.on('POST /api/credit-check', (_req, _body, res) =>
      json(res, 403, { message: ADULTS_ONLY_PAUSED_MESSAGE }),
    );
    const { result, outOfCredits } = renderSend();
    await act(async () => {
      expect(await result.current.send.send('hello?')).toBe(false);
    });
    expect(outOfCredits).toEqual([]);
    expect(setup.api.requests.map((r) => r.path)).not.toContain('/api/assistant');
  });
});

const mira = {
  id: CHARACTER,
  name: 'Mira',
  description: 'A lighthouse keeper.',
  avatarUrl: null,
  avatarColor: 'sunset',
  directnessLevel: 3,
  greetings: [],
} as unknown as Character;

/** The chat for one conversation, as the chat page shows it. */
function renderChat(status: { chatPaused: boolean; message: string | null }) {
  setup.api.on('GET /api/models', (_req, _body, res) =>
    json(res, 200, {
      available: true,
      staff: false,
      canChoose: false,
      models: [],
      defaultModel: null,
    }),
  );
  setup.api.on('GET /api/safety/status', (_req, _body, res) => json(res, 200, status));
  const Providers = withAppProviders(setup.client);
  return render(
    <Providers>
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
}

describe('the chat', () => {
  it('a 403 for a paused account shows the banner and the notice, not the credits dialog', async () => {
    const status = { chatPaused: false, message: null as string | null };
    let notices: Notice[] = [];
    setup.api.on(`GET /api/conversations/${CONVERSATION}/notices`, (_req, _body, res) =>
      json(res, 200, notices),
    );
    setup.api.on('POST /api/assistant', (_req, _body, res) => {
      // The server pauses the account and notes why in the thread.
      status.chatPaused = true;
      status.message = ADULTS_ONLY_PAUSED_MESSAGE;
      notices = [notice(9, 'adults-only', hello.id)];
      json(res, 403, { message: ADULTS_ONLY_PAUSED_MESSAGE });
    });
    renderChat(status);
    const box = await screen.findByRole('textbox', { name: 'Message Mira' });
    fireEvent.change(box, { target: { value: "I'm 15 and in ninth grade" } });
    fireEvent.keyDown(box, { key: 'Enter' });

    const banner = await screen.findByTestId('chat-paused');
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.textContent).toContain(ADULTS_ONLY_PAUSED_MESSAGE);
    expect(
      within(banner)
        .getByRole('link', { name: /Account/ })
        .getAttribute('href'),
    ).toBe('/account');
    expect(
      within(banner)
        .getByRole('link', { name: /Contact/ })
        .getAttribute('href'),
    ).toBe('/contact');
    const card = await screen.findByTestId('notice-adults-only');
    expect(card.getAttribute('role')).toBe('status');
    // The box is gone, and nothing offers to ask for a reply.
    expect(screen.queryByRole('textbox', { name: 'Message Mira' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText('Out of Credits')).toBeNull();
  });

  it('the notice shows even when the thread was still loading its notices as the 403 came', async () => {
    // Under load the conversation's first read of its notices can still be on its way when the
    // server pauses the account: that read answers from before the pause, and must not stand.
    const status = { chatPaused: false, message: null as string | null };
    let notices: Notice[] = [];
    let held: (() => void) | null = null;
    setup.api.on(`GET /api/conversations/${CONVERSATION}/notices`, (_req, _body, res) => {
      const answer = notices;
      if (held === null) held = () => json(res, 200, answer);
      else json(res, 200, answer);
    });
    setup.api.on('POST /api/assistant', (_req, _body, res) => {
      status.chatPaused = true;
      status.message = ADULTS_ONLY_PAUSED_MESSAGE;
      notices = [notice(9, 'adults-only', hello.id)];
      json(res, 403, { message: ADULTS_ONLY_PAUSED_MESSAGE });
    });
    renderChat(status);
    const box = await screen.findByRole('textbox', { name: 'Message Mira' });
    await waitFor(() => expect(held).not.toBeNull());
    fireEvent.change(box, { target: { value: "I'm 15 and in ninth grade" } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByTestId('chat-paused');
    // The read from before the pause answers only now, with no notice in it.
    act(() => held!());
    expect(await screen.findByTestId('notice-adults-only')).toBeTruthy();
  });

  it('the 403 of no credits left still opens the out-of-credits dialog', async () => {
    setup.api.on('POST /api/assistant', (_req, _body, res) =>
      json(res, 403, { message: OUT_OF_CREDITS_MESSAGE }),
    );
    renderChat({ chatPaused: false, message: null });
    const box = await screen.findByRole('textbox', { name: 'Message Mira' });
    fireEvent.change(box, { target: { value: 'Still there?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    const dialog = await screen.findByRole('dialog', { name: 'Out of Credits' });
    expect(screen.queryByTestId('chat-paused')).toBeNull();
    // The words were offered to the server to keep (nothing went to the model).
    await waitFor(() =>
      expect(
        setup.api.requests.find((r) => r.path === '/api/unanswered' && r.method === 'POST')?.body,
      ).toMatchObject({ content: 'Still there?' }),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Got it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('places each notice after its message, the top ones first, and leaves out other branches', async () => {
    setup.api.on(`GET /api/conversations/${CONVERSATION}/notices`, (_req, _body, res) =>
      json(res, 200, [
        notice(1, 'ai-disclosure', null),
        notice(2, 'crisis', hello.id),
        notice(3, 'crisis', 999), // on another branch
      ]),
    );
    renderChat({ chatPaused: false, message: null });
    const crisis = await screen.findByTestId('notice-crisis');
    const disclosure = screen.getByTestId('notice-ai-disclosure');
    const reply = document.querySelector(`[data-message-id="${hello.id}"]`)!;
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(follows(disclosure, reply)).toBe(true);
    expect(follows(reply, crisis)).toBe(true);
    expect(screen.getAllByTestId('notice-crisis')).toHaveLength(1);
    // Not a message: no toolbar of its own.
    expect(within(crisis).queryByRole('button')).toBeNull();
  });
});

describe('the notice cards', () => {
  it('a crisis notice: its text, big links to call, text and chat, then how we handle this', () => {
    render(<NoticeCard notice={notice(1, 'crisis', 10) as SafetyNotice} />);
    const card = screen.getByRole('status');
    expect(card.textContent).toContain(crisisNoticeText('Mira'));
    const links = within(card).getAllByRole('link');
    expect(links.map((l) => [l.textContent?.trim(), l.getAttribute('href')])).toEqual([
      ['Call 988', 'tel:988'],
      ['Text 988', 'sms:988'],
      ['Chat online (opens in a new tab)', 'https://988lifeline.org/chat'],
      ['findahelpline.com (opens in a new tab)', 'https://findahelpline.com/'],
      ['How we handle this', '/safety'],
    ]);
    for (const link of links.filter((l) => l.getAttribute('target'))) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('a crisis notice never links to anything but a web address', () => {
    const odd: SafetyNotice = {
      ...(notice(1, 'crisis', 10) as SafetyNotice),
      resources: [{ name: 'Odd', phone: '+1 (555) 010-9999', url: 'javascript:alert(1)' }],
    };
    render(<NoticeCard notice={odd} />);
    const hrefs = screen.getAllByRole('link').map((l) => l.getAttribute('href'));
    expect(hrefs).toEqual(['tel:+15550109999', '/safety']);
  });

  it('the "not a human" notice: its text and an AI mark, announced, drawn without the notices\' chunk', () => {
    // Drawn at once: no Suspense, as every conversation shows it.
    render(<ThreadNotice notice={notice(1, 'ai-disclosure', null)} />);
    const card = screen.getByRole('status');
    expect(card.textContent).toBe(`AI${aiDisclosureText('Mira')}`);
    expect(within(card).queryByRole('link')).toBeNull();
  });
});
