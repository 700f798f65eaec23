import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Character } from '../../src/shared/characters/contract';
import type { ThreadMessageView } from '../../src/shared/chat/contract';
import { continuationJoin } from '../../src/shared/chat/rules';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { apiTestSetup, eventStream, json } from './api-double';
import { withAppProviders } from './providers';

/**
 * Continue and Regenerate on a reply already on screen (issue 45, defect 1): the reply stays
 * where it is while its request runs, a continuation grows it in place, and the new-chat splash
 * ('Starting your fantasy') never stands in for it.
 */

const CONVERSATION = 7;
const CHARACTER = 3;
const at = '2026-01-01T00:00:00.000Z';
const question: ThreadMessageView = {
  id: 9,
  conversationId: CONVERSATION,
  attachments: [],
  sender: 'user',
  content: 'Tell me a story',
  createdAt: at,
  parentId: null,
  siblingIndex: 1,
  siblingCount: 1,
  siblingIds: [9],
  lore: [],
};
const ORIGINAL = 'Once upon a time';
const reply: ThreadMessageView = {
  ...question,
  id: 10,
  sender: 'ai',
  content: ORIGINAL,
  parentId: 9,
  siblingIds: [10],
};
const mira = {
  id: CHARACTER,
  name: 'Mira',
  description: 'A lighthouse keeper.',
  avatarUrl: null,
  avatarColor: 'sunset',
  directnessLevel: 3,
  greetings: [],
} as unknown as Character;

const setup = apiTestSetup();
/** What the stand-in's thread holds (what a reload of the messages answers). */
let stored: ThreadMessageView[];
beforeAll(() => {
  // jsdom lays nothing out.
  Element.prototype.scrollIntoView ??= () => undefined;
});
beforeEach(() => {
  window.sessionStorage.clear();
  stored = [question, reply];
  setup.api.on('POST /api/credit-check', (_req, _body, res) => json(res, 200, { creditsLeft: 5 }));
  setup.api.on('GET /api/models', (_req, _body, res) =>
    json(res, 200, {
      available: true,
      staff: false,
      canChoose: false,
      models: [],
      defaultModel: null,
    }),
  );
  setup.api.on('GET /api/safety/status', (_req, _body, res) =>
    json(res, 200, { chatPaused: false, message: null }),
  );
  setup.api.on(`GET /api/conversations/${CONVERSATION}/notices`, (_req, _body, res) =>
    json(res, 200, []),
  );
  setup.api.on(`GET /api/conversations/${CONVERSATION}/messages`, (_req, _body, res) =>
    json(res, 200, stored),
  );
});
// Runs before apiTestSetup()'s wait for the loads and its cleanup (Vitest runs afterEach hooks
// last-registered first); a toast that comes later is dismissed after the test (setup.ts).
afterEach(() => {
  for (const button of screen.queryAllByLabelText('Dismiss notification')) {
    fireEvent.click(button);
  }
});

/** The chat page's conversation, in `chatMode`, with the question and its reply loaded. */
async function openChat(chatMode = 'assistant') {
  setup.api.on(`GET /api/conversations/${CONVERSATION}`, (_req, _body, res) =>
    json(res, 200, {
      id: CONVERSATION,
      characterId: CHARACTER,
      chatMode,
      scenario: null,
      currentOptions: [],
      model: null,
    }),
  );
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
  const { content } = stored.find((m) => m.id === reply.id)!;
  await waitFor(() => expect(shownReply()?.textContent).toContain(content.split('\n')[0]));
}

const shownReply = () => document.querySelector<HTMLElement>(`[data-message-id="${reply.id}"]`);
/** Words of the reply as they read on screen (bubbles and paragraphs run together). */
const replyText = () => shownReply()?.querySelector('.message-text')?.parentElement?.textContent;
const splash = () => screen.queryByText('Starting your fantasy');

/** A reply stream held open: the test sends its events one by one. */
function holdStream(route: string) {
  const held: { stream?: ReturnType<typeof eventStream> } = {};
  setup.api.on(route, (_req, _body, res) => {
    held.stream = eventStream(res);
  });
  return {
    opened: () => waitFor(() => expect(held.stream).toBeDefined()),
    send: (event: string, data: unknown) => act(() => void held.stream!.send(event, data)),
    end: () => act(() => held.stream!.end()),
  };
}

describe('Continue', () => {
  it('keeps the reply on screen and grows it as the continuation streams, with no splash', async () => {
    const stream = holdStream(`POST /api/messages/${reply.id}/continue`);
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    await stream.opened();
    // The request is on its way: the reply stays as it was, and nothing stands in for it.
    expect(shownReply()?.textContent).toContain(ORIGINAL);
    expect(splash()).toBeNull();

    stream.send('accepted', { userMessageId: question.id, replyId: 'run-1' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(shownReply()?.textContent).toContain(ORIGINAL);
    expect(splash()).toBeNull();

    stream.send('token', { text: 'there was' });
    // Joined as the server joins it: a space between the words.
    const grown = ORIGINAL + continuationJoin(ORIGINAL, 'there was');
    await waitFor(() => expect(replyText()).toBe(grown));
    expect(splash()).toBeNull();
    stream.send('token', { text: ' a lighthouse.' });
    await waitFor(() => expect(replyText()).toBe(`${grown} a lighthouse.`));
    expect(splash()).toBeNull();
    // One reply on screen, in its own place: no second bubble below it.
    expect(screen.getAllByTestId('message-ai')).toHaveLength(1);
    expect(screen.queryByRole('status', { name: 'Typing' })).toBeNull();

    const final = 'Once upon a time there was a lighthouse.';
    stored = [question, { ...reply, content: final }];
    stream.send('done', { messageId: reply.id, message: final, userMessageId: question.id });
    stream.end();
    await waitFor(() => expect(setup.client.isMutating()).toBe(0));
    expect(replyText()).toBe(final);
    expect(splash()).toBeNull();
    // Asked again once it is over.
    expect(screen.getByRole('button', { name: /^Continue/ })).toHaveProperty('disabled', false);
  });

  it('a continuation that starts a new line is shown as the server stores it', async () => {
    const stream = holdStream(`POST /api/messages/${reply.id}/continue`);
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    await stream.opened();
    stream.send('accepted', { userMessageId: question.id, replyId: 'run-1' });
    // The server trims what the model wrote, then joins it to the reply.
    stream.send('token', { text: '\n\nthere' });
    const final = ORIGINAL + continuationJoin(ORIGINAL, 'there');
    await waitFor(() => expect(replyText()).toBe(final));
    stream.send('done', { messageId: reply.id, message: final, userMessageId: question.id });
    stream.end();
    await waitFor(() => expect(setup.client.isMutating()).toBe(0));
    expect(replyText()).toBe(final);
  });

  it('puts the reply back as it was when the continuation fails, and says why', async () => {
    const stream = holdStream(`POST /api/messages/${reply.id}/continue`);
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    await stream.opened();
    stream.send('accepted', { userMessageId: question.id, replyId: 'run-1' });
    stream.send('token', { text: 'there was' });
    await waitFor(() => expect(replyText()).toContain('there was'));
    stream.send('error', { status: 502, message: 'The model stopped answering.' });
    stream.end();
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('The model stopped answering.'),
    );
    await waitFor(() => expect(replyText()).toBe(ORIGINAL));
    expect(splash()).toBeNull();
    await waitFor(() => expect(setup.client.isMutating()).toBe(0));
    expect(replyText()).toBe(ORIGINAL);
  });

  it('grows a texting reply in its bubbles, keeping the ones already shown', async () => {
    stored = [question, { ...reply, content: 'hey you\n\nmissed you' }];
    const stream = holdStream(`POST /api/messages/${reply.id}/continue`);
    await openChat('texting');
    const bubbles = () =>
      [...shownReply()!.querySelectorAll('.message-text')].map((b) => b.textContent);
    await waitFor(() => expect(bubbles()).toEqual(['hey you', 'missed you']));
    fireEvent.click(screen.getByRole('button', { name: /^Continue/ }));
    await stream.opened();
    stream.send('accepted', { userMessageId: question.id, replyId: 'run-1' });
    expect(bubbles()).toEqual(['hey you', 'missed you']);
    stream.send('token', { text: ' today\n\nwhat are' });
    await waitFor(() => expect(bubbles()).toEqual(['hey you', 'missed you today', 'what are']));
    expect(splash()).toBeNull();
    const final = 'hey you\n\nmissed you today\n\nwhat are you up to?';
    stored = [question, { ...reply, content: final }];
    stream.send('token', { text: ' you up to?' });
    stream.send('done', { messageId: reply.id, message: final, userMessageId: question.id });
    stream.end();
    await waitFor(() => expect(setup.client.isMutating()).toBe(0));
    // All of it at once: the bubbles already read are not taken away and revealed again.
    expect(bubbles()).toEqual(['hey you', 'missed you today', 'what are you up to?']);
  });
});

describe('Regenerate', () => {
  it('keeps the reply until the server takes the request, then streams the new one, with no splash', async () => {
    const stream = holdStream(`POST /api/messages/${reply.id}/regenerate`);
    await openChat();
    fireEvent.click(screen.getByRole('button', { name: /^Regenerate/ }));
    await stream.opened();
    expect(shownReply()?.textContent).toContain(ORIGINAL);
    expect(splash()).toBeNull();
    stream.send('accepted', { userMessageId: question.id, replyId: 'run-1' });
    // The server has it: the old version makes way for the new one, typing meanwhile.
    await waitFor(() => expect(shownReply()).toBeNull());
    expect(screen.getByRole('status', { name: 'Typing' })).toBeTruthy();
    expect(splash()).toBeNull();
    stream.send('token', { text: 'Long ago' });
    await waitFor(() => expect(screen.getByText('Long ago')).toBeTruthy());
    expect(splash()).toBeNull();
    const again = { ...reply, id: 11, content: 'Long ago', siblingIds: [10, 11] };
    stored = [question, again];
    stream.send('done', { messageId: 11, message: 'Long ago', userMessageId: question.id });
    stream.end();
    await waitFor(() => expect(setup.client.isMutating()).toBe(0));
    expect(document.querySelector('[data-message-id="11"]')?.textContent).toContain('Long ago');
    expect(splash()).toBeNull();
  });
});
