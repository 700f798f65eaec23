import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ThreadMessageView } from '../../src/shared/chat/contract';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { ConversationPersonaButton } from '../../src/web/features/chat/ConversationHeaderActions';
import { eventStream, json, startApiDouble } from './api-double';
import { answerChatReads, CONVERSATION, mira, threadMessage } from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * 'Listen' on the character's messages and the conversation's auto-play switch (issue 50 part 1):
 * there only when the server says voice replies are configured, the cost said before the press,
 * the audio asked for the message pressed, the server's refusal shown. jsdom plays no sound:
 * only what it lacks (play, pause, object URLs) is stood in for; the audio is real bytes from
 * the API double.
 */

let apiDouble: Awaited<ReturnType<typeof startApiDouble>>;
let client: QueryClient;
let stored: ThreadMessageView[];
/** Each test's reply is a new message: the page keeps what it has heard, for a replay. */
let replyId = 100;
const MP3 = Buffer.from([0xff, 0xfb, 0x90, 0x64, ...new Array<number>(200).fill(0)]);
const play = vi.fn<() => Promise<void>>();

beforeAll(async () => {
  apiDouble = await startApiDouble();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => play());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  URL.createObjectURL = () => 'blob:speech';
  URL.revokeObjectURL = () => undefined;
});
afterAll(() => {
  vi.restoreAllMocks();
  return apiDouble.close();
});
beforeEach(() => {
  apiDouble.reset();
  play.mockReset().mockResolvedValue(undefined);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  replyId += 2;
  stored = [
    threadMessage(replyId - 1, 'user', 'Sing for me'),
    threadMessage(replyId, 'ai', 'La la la', { parentId: replyId - 1 }),
  ];
  answerChatReads(apiDouble, () => stored);
  apiDouble.on('GET /api/user-profile', (_req, _body, res) => json(res, 200, { personaCount: 0 }));
});
afterEach(async () => {
  await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  for (const button of screen.queryAllByRole('button', { name: 'Stop' })) fireEvent.click(button);
  for (const button of screen.queryAllByLabelText('Dismiss notification')) fireEvent.click(button);
  cleanup();
});

function siteStatus(voiceReplies: boolean, speechCredits = 0) {
  apiDouble.on('GET /api/site/status', (_req, _body, res) =>
    json(res, 200, {
      announcement: null,
      maintenance: { enabled: false, message: '' },
      features: { voiceInput: false, transcriptionCredits: 0, voiceReplies, speechCredits },
    }),
  );
}

const audio = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'audio/mpeg' });
  res.end(MP3);
};
const speechRequests = () =>
  apiDouble.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/speech'));
const creditReads = () => apiDouble.requests.filter((r) => r.path === '/api/get-credits').length;

async function openChat() {
  const Providers = withAppProviders(client);
  render(
    <Providers>
      <ConversationPersonaButton conversationId={CONVERSATION} />
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
  await screen.findByText('La la la');
  await waitFor(() =>
    expect(apiDouble.requests.some((r) => r.path === '/api/site/status')).toBe(true),
  );
}
const inMessage = (id: number) =>
  within(document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!);

describe('Listen', () => {
  it('is absent when the server has no voice replies', async () => {
    siteStatus(false);
    await openChat();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: /^Listen/ })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Auto-play replies' })).toBeNull();
  });

  it('is on the character’s messages only, with its cost', async () => {
    siteStatus(true, 2);
    await openChat();
    await inMessage(replyId).findByRole('button', { name: 'Listen (2 messages)' });
    expect(inMessage(replyId - 1).queryByRole('button', { name: /^Listen/ })).toBeNull();
  });

  it('reads the message pressed aloud, stops, and plays it again without asking twice', async () => {
    siteStatus(true);
    apiDouble.on(`POST /api/messages/${replyId}/speech`, (_req, _body, res) => audio(res));
    await openChat();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const creditsRead = creditReads();
    fireEvent.click(await inMessage(replyId).findByRole('button', { name: 'Listen' }));
    const stop = await inMessage(replyId).findByRole('button', { name: 'Stop' });
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(speechRequests().map((r) => r.path)).toEqual([`/api/messages/${replyId}/speech`]);
    // Free: the credits left are not read again.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(creditReads()).toBe(creditsRead);
    fireEvent.click(stop);
    fireEvent.click(await inMessage(replyId).findByRole('button', { name: 'Listen' }));
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
    expect(speechRequests()).toHaveLength(1);
  });

  it('reads the credits left again when Listen costs some', async () => {
    apiDouble.on(`POST /api/messages/${replyId}/speech`, (_req, _body, res) => audio(res));
    siteStatus(true, 2);
    await openChat();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const before = creditReads();
    expect(before).toBeGreaterThan(0);
    fireEvent.click(await inMessage(replyId).findByRole('button', { name: 'Listen (2 messages)' }));
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(creditReads()).toBeGreaterThan(before));
  });

  it('reads the credits left again after a paid voice stopped midway, once the server has them back', async () => {
    apiDouble.on(`POST /api/messages/${replyId}/speech`, (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.write(MP3); // and the rest never comes
    });
    siteStatus(true, 2);
    await openChat();
    fireEvent.click(await inMessage(replyId).findByRole('button', { name: 'Listen (2 messages)' }));
    await waitFor(() => expect(speechRequests()).toHaveLength(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    fireEvent.click(await inMessage(replyId).findByRole('button', { name: 'Stop' }));
    await inMessage(replyId).findByRole('button', { name: 'Listen (2 messages)' });
    await waitFor(() => expect(client.isFetching()).toBe(0));
    const atStop = creditReads();
    // Not at once (the server has not seen the listener go yet), but a moment later.
    await waitFor(() => expect(creditReads()).toBeGreaterThan(atStop), { timeout: 3_000 });
  });

  it('shows the server’s message when the voice cannot be made', async () => {
    siteStatus(true);
    apiDouble.on(`POST /api/messages/${replyId}/speech`, (_req, _body, res) =>
      json(res, 503, { message: 'Voice replies are not configured.' }),
    );
    await openChat();
    fireEvent.click(await inMessage(replyId).findByRole('button', { name: 'Listen' }));
    expect(await screen.findByText('Voice replies are not configured.')).toBeTruthy();
    await inMessage(replyId).findByRole('button', { name: 'Listen' });
    expect(play).not.toHaveBeenCalled();
  });

  it('says so when the voice stops before the end', async () => {
    siteStatus(true);
    apiDouble.on(`POST /api/messages/${replyId}/speech`, (_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      res.write(MP3, () => res.destroy());
    });
    await openChat();
    fireEvent.click(await inMessage(replyId).findByRole('button', { name: 'Listen' }));
    expect(
      await screen.findByText('The voice stopped before the end. Please try again.'),
    ).toBeTruthy();
  });
});

describe('auto-play', () => {
  function answerReplies() {
    apiDouble.on(`PUT /api/conversations/${CONVERSATION}`, (_req, body, res) =>
      json(res, 200, {
        id: CONVERSATION,
        characterId: mira.id,
        chatMode: 'assistant',
        scenario: null,
        personaId: null,
        currentOptions: [],
        model: null,
        title: 'Mira',
        lastMessage: null,
        message_count: 2,
        updatedAt: '2026-01-01T00:00:00.000Z',
        ...(body as object),
      }),
    );
    apiDouble.on('POST /api/assistant', (_req, _body, res) => {
      const stream = eventStream(res);
      stream.send('accepted', { userMessageId: replyId + 1, replyId: 'r1' });
      stream.send('token', { text: 'Here I am.' });
      stream.send('done', {
        messageId: replyId + 2,
        message: 'Here I am.',
        userMessageId: replyId + 1,
        lore: [],
      });
      stream.end();
    });
    apiDouble.on(`POST /api/messages/${replyId + 2}/speech`, (_req, _body, res) => audio(res));
  }

  async function switchOnAndSend() {
    siteStatus(true);
    answerReplies();
    await openChat();
    const toggle = await screen.findByRole('switch', { name: 'Auto-play replies' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    const put = apiDouble.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ autoPlayReplies: true });
    fireEvent.change(screen.getByPlaceholderText('Message Mira...'), {
      target: { value: 'Are you there?' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
  }

  it('reads a finished reply aloud once the switch is on', async () => {
    await switchOnAndSend();
    await waitFor(() =>
      expect(speechRequests().map((r) => r.path)).toEqual([`/api/messages/${replyId + 2}/speech`]),
    );
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    await screen.findByText('Here I am.');
  });

  it('asks for a press when the browser refuses to play by itself', async () => {
    play.mockRejectedValue(new DOMException('No gesture', 'NotAllowedError'));
    await switchOnAndSend();
    expect(
      await screen.findByText(
        'Your browser did not let the reply play by itself. Press Listen to hear it.',
      ),
    ).toBeTruthy();
  });
});
