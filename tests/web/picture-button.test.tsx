import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadMessageView } from '../../src/shared/chat/contract';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { apiTestSetup, json } from './api-double';
import {
  answerChatReads,
  conversationDetail,
  CONVERSATION,
  mira,
  threadMessage,
} from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * 'Send me a picture' in the composer (issue 50 part 3): there only when the server says images
 * are configured, its cost said before it is asked for, a small panel that Escape closes, the
 * request with what the user asked for, the busy state while the picture is made, the picture in
 * the thread once it is stored, and the server's refusal in a toast.
 */

const PICTURES = `/api/conversations/${CONVERSATION}/pictures`;
const REFUSED =
  'This scene cannot be pictured: everyone in a picture must be an adult (18+). Nothing was charged.';

const setup = apiTestSetup();
let stored: ThreadMessageView[];
beforeAll(async () => {
  // The button's chunk, compiled once here: its first compile can outlast findBy's wait.
  await import('../../src/web/features/pictures/PictureButton');
  await import('../../src/web/features/chat/message-extras');
});
beforeEach(() => {
  stored = [
    threadMessage(9, 'user', 'Meet me at the lighthouse'),
    threadMessage(10, 'ai', 'I am on my way.', { parentId: 9 }),
  ];
  answerChatReads(setup.api, () => stored);
});

function siteStatus(features: Record<string, unknown>) {
  setup.api.on('GET /api/site/status', (_req, _body, res) =>
    json(res, 200, {
      announcement: null,
      maintenance: { enabled: false, message: '' },
      features: {
        voiceInput: false,
        transcriptionCredits: 0,
        voiceReplies: false,
        speechCredits: 0,
        ...features,
      },
    }),
  );
}

async function openChat(placeholder = 'Message Mira...') {
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
  await screen.findByPlaceholderText(placeholder);
  await waitFor(() =>
    expect(setup.api.requests.some((r) => r.path === '/api/site/status')).toBe(true),
  );
}

const pictureRequests = () =>
  setup.api.requests.filter((r) => r.method === 'POST' && r.path === PICTURES);
const messageReads = () =>
  setup.api.requests.filter(
    (r) => r.method === 'GET' && r.path.startsWith(`/api/conversations/${CONVERSATION}/messages`),
  ).length;

/** The picture the server stores: the character's message with its image. */
const pictureMessage: ThreadMessageView = {
  ...threadMessage(11, 'ai', '*sends you a picture*\n\nThe lamp at dusk.', { parentId: 10 }),
  attachments: [{ kind: 'image', url: '/api/messages/11/attachments/0', width: 1024, height: 768 }],
};

async function openPanel() {
  const button = await screen.findByRole('button', { name: 'Send me a picture' });
  fireEvent.click(button);
  const panel = screen.getByRole('dialog', { name: 'Send me a picture' });
  const field = within(panel).getByRole('textbox', { name: 'What should it show? (optional)' });
  return { button, panel, field };
}

describe("'Send me a picture'", () => {
  it('says what it costs; the panel takes the focus, and Escape closes it and gives it back', async () => {
    siteStatus({ pictures: true, pictureCredits: 5 });
    await openChat();
    const { button, panel, field } = await openPanel();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('placeholder')).toBe('e.g. you at the beach at sunset');
    expect(field.getAttribute('maxlength')).toBe('500');
    expect(
      within(panel).getByRole('button', { name: 'Send me a picture · 5 messages' }),
    ).toBeTruthy();

    fireEvent.keyDown(field, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Send me a picture' })).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    // Nothing was asked of the server.
    expect(pictureRequests()).toHaveLength(0);
  });

  it('says no cost when pictures are free', async () => {
    siteStatus({ pictures: true, pictureCredits: 0 });
    await openChat();
    const { panel } = await openPanel();
    expect(
      within(panel)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Send me a picture']);
  });

  it('asks for the picture on Enter, is busy while it is made, then shows it in the thread', async () => {
    siteStatus({ pictures: true, pictureCredits: 5 });
    // The answer is held until the test has seen the busy state.
    let pending: ServerResponse | null = null;
    setup.api.on(`POST ${PICTURES}`, (_req, _body, res) => {
      pending = res;
    });
    await openChat();
    const readsBefore = messageReads();
    const { button, field } = await openPanel();
    fireEvent.change(field, { target: { value: '  you on the gallery at dusk ' } });
    fireEvent.keyDown(field, { key: 'Enter' });

    // The panel is gone and the button is busy, keeping the focus; the user is told who is at it.
    expect(screen.queryByRole('dialog', { name: 'Send me a picture' })).toBeNull();
    const busy = await screen.findByRole('button', { name: 'Making a picture…' });
    expect(busy).toBe(button);
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(busy);
    expect(screen.getByText('Mira is making a picture…')).toBeTruthy();
    // Pressed again meanwhile, it asks nothing more.
    fireEvent.click(busy);
    expect(screen.queryByRole('dialog', { name: 'Send me a picture' })).toBeNull();

    await waitFor(() => expect(pending).not.toBeNull());
    expect(pictureRequests()).toHaveLength(1);
    expect(pictureRequests()[0]!.body).toEqual({ prompt: 'you on the gallery at dusk' });
    stored = [...stored, pictureMessage];
    json(pending!, 200, pictureMessage);

    // The thread is loaded again, with the picture under the character's message.
    const picture = await screen.findByRole('img', { name: 'A picture from the character' });
    expect(picture.getAttribute('src')).toBe('/api/messages/11/attachments/0');
    expect(messageReads()).toBeGreaterThan(readsBefore);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send me a picture' })).toBe(button),
    );
    expect(screen.queryByText('Mira is making a picture…')).toBeNull();
    // The field starts empty for the next one.
    fireEvent.click(button);
    expect(
      (screen.getByRole('textbox', { name: 'What should it show? (optional)' }) as HTMLInputElement)
        .value,
    ).toBe('');
  });

  it("shows the server's refusal in a toast and adds nothing to the thread", async () => {
    siteStatus({ pictures: true, pictureCredits: 5 });
    setup.api.on(`POST ${PICTURES}`, (_req, _body, res) => json(res, 400, { message: REFUSED }));
    await openChat();
    const { panel } = await openPanel();
    // No words: the scene speaks for itself.
    fireEvent.click(within(panel).getByRole('button', { name: 'Send me a picture · 5 messages' }));

    expect(await screen.findByText(REFUSED)).toBeTruthy();
    expect(pictureRequests()).toHaveLength(1);
    expect(pictureRequests()[0]!.body).toEqual({});
    expect(await screen.findByRole('button', { name: 'Send me a picture' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'A picture from the character' })).toBeNull();
  });
  it('is offered above a story’s options too', async () => {
    siteStatus({ pictures: true, pictureCredits: 5 });
    setup.api.on(`GET /api/conversations/${CONVERSATION}`, (_req, _body, res) =>
      json(res, 200, {
        id: CONVERSATION,
        characterId: mira.id,
        chatMode: 'immersive',
        scenario: 'A storm over the harbour.',
        personaId: null,
        autoPlayReplies: false,
        currentOptions: [
          { number: 1, option: 'Light the lamp' },
          { number: 2, option: 'Bar the door' },
        ],
        model: null,
      }),
    );
    const Providers = withAppProviders(setup.client);
    render(
      <Providers>
        <ChatView character={mira} conversationId={CONVERSATION} />
      </Providers>,
    );
    expect(await screen.findByRole('button', { name: 'Light the lamp' })).toBeTruthy();
    const { field } = await openPanel();
    expect(document.activeElement).toBe(field);
  });

  // Last: the button's chunk has been drawn by then, so its absence is not a chunk on its way.
  it('is absent when the server has no images, and from a server that does not say', async () => {
    siteStatus({ pictures: false, pictureCredits: 5 });
    await openChat();
    await waitFor(() => expect(setup.client.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: 'Send me a picture' })).toBeNull();
    cleanup();

    // An older server: no `pictures` in its answer.
    setup.client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    siteStatus({});
    await openChat();
    await waitFor(() => expect(setup.client.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: 'Send me a picture' })).toBeNull();
  });

  it('is absent from a group scene, where the server sends no pictures', async () => {
    siteStatus({ pictures: true, pictureCredits: 5 });
    setup.api.on(`GET /api/conversations/${CONVERSATION}`, (_req, _body, res) =>
      json(
        res,
        200,
        conversationDetail({
          characterIds: [mira.id, mira.id + 1],
          members: [
            { characterId: mira.id, present: true },
            { characterId: mira.id + 1, present: true },
          ],
        }),
      ),
    );
    // (A scene's messages go to the scene.)
    await openChat('Message the scene...');
    await waitFor(() => expect(setup.client.isFetching()).toBe(0));
    expect(screen.queryByRole('button', { name: 'Send me a picture' })).toBeNull();
  });
});
