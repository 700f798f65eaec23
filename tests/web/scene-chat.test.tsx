import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SceneMember, ThreadMessageView } from '../../src/shared/chat/contract';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { chooseNextSpeaker } from '../../src/web/features/chat/scenes/next-speaker';
import { apiTestSetup, eventStream, json } from './api-double';
import { answerChatReads, CONVERSATION, mira, threadMessage } from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * A group scene's conversation (issue 51): each character message under its speaker's name, the
 * 'Here now' bar (its toggles move characters in and out; who answers next, with the arrow keys;
 * a chosen character's turn and 'Let them talk', their cost said before), and what each sends.
 */

const THEO = 5;
const ADA = 6;
const characters = [
  { id: mira.id, name: 'Mira' },
  { id: THEO, name: 'Theo' },
  { id: ADA, name: 'Ada' },
].map((c) => ({
  ...c,
  avatarUrl: null,
  avatarColor: 'sunset',
  removedByModeration: false,
  conversationCount: 1,
}));

const setup = apiTestSetup();
let stored: ThreadMessageView[];
let members: SceneMember[];

const spoken = (id: number, content: string, speakerId: number, parentId: number | null) => ({
  ...threadMessage(id, 'ai', content, { parentId }),
  speakerId,
});

beforeAll(async () => {
  // The scenes' chunk, compiled once here: its first compile can outlast findBy's wait.
  await import('../../src/web/features/chat/scenes/scene-parts');
});
beforeEach(() => {
  stored = [
    spoken(9, 'Welcome aboard.', mira.id, null),
    threadMessage(10, 'user', 'Who keeps the lamp?', { parentId: 9 }),
    spoken(11, 'I do, most nights.', THEO, 10),
    spoken(12, 'I used to.', 99, 11),
  ];
  members = [
    { characterId: mira.id, present: true },
    { characterId: THEO, present: true },
    { characterId: ADA, present: false },
  ];
  // The choice of who answers next is kept per conversation while the page lives.
  chooseNextSpeaker(CONVERSATION, null);
  answerChatReads(setup.api, () => stored);
  setup.api.on('GET /api/characters', (_req, _body, res) => json(res, 200, characters));
  setup.api.on(`GET /api/conversations/${CONVERSATION}`, (_req, _body, res) =>
    json(res, 200, {
      id: CONVERSATION,
      characterId: mira.id,
      characterIds: members.map((m) => m.characterId),
      members,
      chatMode: 'texting',
      scenario: null,
      personaId: null,
      autoPlayReplies: false,
      currentOptions: [],
      model: null,
    }),
  );
});

async function openScene() {
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
  const bar = await screen.findByRole('region', { name: 'Here now' });
  await within(bar).findByRole('radio', { name: 'Theo' });
  return bar;
}

const message = (id: number) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`)!;
/** The speaker's name above a message (the avatar beside it is hidden from screen readers). */
const speakerOf = (id: number) =>
  within(message(id)).queryByTestId('speaker')?.querySelector(':scope > :not([aria-hidden])')
    ?.textContent;
const requests = (method: string, path: string) =>
  setup.api.requests.filter((r) => r.method === method && r.path === path).map((r) => r.body);
const nextSpeaker = () => screen.getByRole('radiogroup', { name: 'Answers next' });
const checked = () =>
  within(nextSpeaker())
    .getAllByRole('radio')
    .filter((r) => r.getAttribute('aria-checked') === 'true')
    .map((r) => r.textContent);

/** A reply streamed as the server streams one: accepted, its words, then the stored reply. */
function streamReply(res: ServerResponse, reply: ThreadMessageView & { speakerId: number }) {
  const events = eventStream(res);
  events.send('accepted', { userMessageId: reply.parentId, replyId: `run-${reply.id}` });
  events.send('token', { text: reply.content });
  stored = [...stored, reply];
  events.send('done', {
    messageId: reply.id,
    message: reply.content,
    userMessageId: reply.parentId,
    lore: [],
    speakerId: reply.speakerId,
  });
  events.end();
}

describe('a group scene', () => {
  it("shows each character message under its speaker's name, a removed one's too", async () => {
    await openScene();
    await waitFor(() => expect(speakerOf(11)).toBe('Theo'));
    expect(speakerOf(9)).toBe('Mira');
    expect(speakerOf(12)).toBe('A removed character');
    // Read before the words: the name comes first in the message.
    expect(message(11).firstElementChild).toBe(within(message(11)).getByTestId('speaker'));
    expect(speakerOf(10)).toBeUndefined();
  });

  it("moves characters in and out from 'Here now', and shows the server's refusal", async () => {
    const bar = await openScene();
    const theo = within(bar).getByRole('button', { name: 'Theo' });
    const ada = within(bar).getByRole('button', { name: 'Ada' });
    expect(theo.getAttribute('aria-pressed')).toBe('true');
    expect(ada.getAttribute('aria-pressed')).toBe('false');
    setup.api.on(`PUT /api/conversations/${CONVERSATION}/present`, (_req, body, res) => {
      const here = (body as { characterIds: number[] }).characterIds;
      members = members.map((m) => ({ ...m, present: here.includes(m.characterId) }));
      json(res, 200, { members });
    });
    fireEvent.click(theo);
    await waitFor(() => expect(theo.getAttribute('aria-pressed')).toBe('false'));
    fireEvent.click(ada);
    await waitFor(() => expect(ada.getAttribute('aria-pressed')).toBe('true'));
    expect(requests('PUT', `/api/conversations/${CONVERSATION}/present`)).toEqual([
      { characterIds: [mira.id] },
      { characterIds: [mira.id, ADA] },
    ]);
    // Only those here now can be chosen to answer.
    expect(
      within(nextSpeaker())
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['Scene decides', 'Mira', 'Ada']);

    const refusal = 'Keep at least one character in the scene.';
    setup.api.on(`PUT /api/conversations/${CONVERSATION}/present`, (_req, _body, res) =>
      json(res, 400, { message: refusal }),
    );
    fireEvent.click(within(bar).getByRole('button', { name: 'Mira' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(within(bar).getByRole('button', { name: 'Mira' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('sends the chosen speaker with the next message, then lets the scene decide again', async () => {
    await openScene();
    await waitFor(() => expect(checked()).toEqual(['Scene decides']));
    // One Tab stop, on the choice; the arrow keys move it.
    const decides = within(nextSpeaker()).getByRole('radio', { name: 'Scene decides' });
    expect(decides.tabIndex).toBe(0);
    decides.focus();
    fireEvent.keyDown(decides, { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(checked()).toEqual(['Theo']);
    expect(document.activeElement?.textContent).toBe('Theo');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(checked()).toEqual(['Scene decides']);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(checked()).toEqual(['Theo']);

    setup.api.on('POST /api/chat', (_req, _body, res) =>
      streamReply(res, spoken(14, 'Aye.', THEO, 13)),
    );
    const box = screen.getByPlaceholderText('Message the scene...');
    fireEvent.change(box, { target: { value: 'Theo, is the lamp lit?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(requests('POST', '/api/chat')).toHaveLength(1));
    expect(requests('POST', '/api/chat')[0]).toMatchObject({
      message: 'Theo, is the lamp lit?',
      conversationId: CONVERSATION,
      speakerId: THEO,
    });
    // The new reply names its speaker as soon as it is stored.
    await waitFor(() => expect(speakerOf(14)).toBe('Theo'));
    expect(checked()).toEqual(['Scene decides']);
  });

  it('names the character answering while its reply is still being written', async () => {
    await openScene();
    await waitFor(() => expect(speakerOf(11)).toBe('Theo'));
    const labels = () => screen.getAllByTestId('speaker').map((e) => e.textContent);
    const before = labels().length;
    let finish = () => {};
    setup.api.on('POST /api/chat', (_req, _body, res) => {
      const events = eventStream(res);
      events.send('accepted', { userMessageId: 13, replyId: 'run-14', speakerId: THEO });
      events.send('token', { text: 'Aye, the lamp' });
      finish = () => {
        const reply = spoken(14, 'Aye, the lamp is lit.', THEO, 13);
        stored = [...stored, reply];
        events.send('done', {
          messageId: 14,
          message: reply.content,
          userMessageId: 13,
          lore: [],
          speakerId: THEO,
        });
        events.end();
      };
    });
    const box = screen.getByPlaceholderText('Message the scene...');
    fireEvent.change(box, { target: { value: 'Is the lamp lit?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    try {
      // Said by the run's `accepted` event, above the reply on its way (texting: its dots).
      await waitFor(() => expect(labels()).toHaveLength(before + 1));
      expect(labels().at(-1)).toMatch(/Theo$/);
      expect(document.querySelector('[data-message-id="14"]')).toBeNull(); // not stored yet
    } finally {
      finish();
    }
    await waitFor(() => expect(speakerOf(14)).toBe('Theo'));
  });

  it("takes a chosen character's turn, and two turns with 'Let them talk', saying the cost", async () => {
    const bar = await openScene();
    await waitFor(() => expect(within(bar).getByRole('radio', { name: 'Theo' })).toBeTruthy());
    fireEvent.click(within(bar).getByRole('radio', { name: 'Theo' }));
    const turns: number[] = [];
    let next = 13;
    setup.api.on(`POST /api/conversations/${CONVERSATION}/turn`, (_req, body, res) => {
      const { speakerId } = body as { speakerId: number };
      turns.push(speakerId);
      const parentId = stored.at(-1)!.id;
      streamReply(res, spoken(next++, `Turn of ${speakerId}.`, speakerId, parentId));
    });

    const speaks = within(bar).getByRole('button', { name: 'Theo speaks · 1 message' });
    fireEvent.click(speaks);
    await waitFor(() => expect(speakerOf(13)).toBe('Theo'));
    expect(turns).toEqual([THEO]);

    fireEvent.click(
      within(bar).getByRole('button', { name: 'Let them talk (Theo, then Mira) · 2 messages' }),
    );
    await waitFor(() => expect(speakerOf(15)).toBe('Mira'));
    expect(speakerOf(14)).toBe('Theo');
    expect(turns).toEqual([THEO, THEO, mira.id]);
    // No message of the user's was sent.
    expect(requests('POST', '/api/chat')).toHaveLength(0);
  });

  it('asks a new version of a reply of the character chosen, else of the same speaker', async () => {
    await openScene();
    const asked: unknown[] = [];
    for (const id of [12, 14]) {
      setup.api.on(`POST /api/messages/${id}/regenerate`, (_req, body, res) => {
        asked.push(body);
        const speakerId = (body as { speakerId?: number } | undefined)?.speakerId ?? 99;
        stored = stored.slice(0, -1);
        streamReply(res, spoken(13 + asked.length, 'Again.', speakerId, 11));
      });
    }
    const regenerate = () =>
      fireEvent.click(
        within(message(stored.at(-1)!.id)).getByRole('button', { name: /^Regenerate/ }),
      );

    regenerate();
    await waitFor(() => expect(speakerOf(14)).toBe('A removed character'));
    // No body: the server keeps the reply's speaker.
    expect(asked).toEqual([undefined]);

    fireEvent.click(screen.getByRole('radio', { name: 'Theo' }));
    regenerate();
    await waitFor(() => expect(speakerOf(15)).toBe('Theo'));
    expect(asked).toEqual([undefined, { speakerId: THEO }]);
    expect(checked()).toEqual(['Scene decides']);
  });
});
