import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoreMark, ThreadMessageView } from '../../src/shared/chat/contract';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { apiTestSetup, eventStream } from './api-double';
import { answerChatReads, CONVERSATION, mira, threadMessage } from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * The reply's 'lore' marker (issue 47 part 3): a reply whose prompt carried lorebook entries says
 * so under it, and lists their names on demand; a streamed reply shows it once stored, with no
 * page of messages fetched again.
 */

const LAMP: LoreMark = { id: 1, name: 'Lamp' };
const HARBOUR: LoreMark = { id: 'harbour', name: 'harbour' };

const message = (id: number, sender: 'user' | 'ai', content: string, lore: LoreMark[] = []) =>
  threadMessage(id, sender, content, { parentId: id > 9 ? id - 1 : null, lore });

const setup = apiTestSetup();
let stored: ThreadMessageView[];
beforeAll(async () => {
  // The marker's chunk, compiled once here: its first compile can outlast findBy's wait.
  await import('../../src/web/features/chat/LoreMarker');
});
beforeEach(() => {
  window.sessionStorage.clear();
  answerChatReads(setup.api, () => stored);
});

async function openChat() {
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
  await waitFor(() => expect(shown(stored.at(-1)!.id)).not.toBeNull());
}

const shown = (id: number) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
const inMessage = (id: number) => within(shown(id)!);
const messageReads = () =>
  setup.api.requests.filter(
    (r) => r.method === 'GET' && r.path === `/api/conversations/${CONVERSATION}/messages`,
  ).length;

describe('the lore marker', () => {
  it('marks a reply that used lore, lists the entries on demand, and closes on Escape', async () => {
    stored = [
      message(9, 'user', 'Is the lamp lit in this storm?'),
      message(10, 'ai', 'It has not failed in forty years.', [LAMP, HARBOUR]),
    ];
    await openChat();

    const marker = await inMessage(10).findByRole('button', { name: 'Lore used: 2 entries' });
    expect(marker.textContent).toBe('Lore · 2');
    expect(marker.getAttribute('aria-expanded')).toBe('false');
    expect(inMessage(10).queryByRole('region', { name: 'Lore used' })).toBeNull();

    fireEvent.click(marker);
    const list = inMessage(10).getByRole('region', { name: 'Lore used' });
    expect(marker.getAttribute('aria-expanded')).toBe('true');
    expect(list.textContent).toContain('Entries from the lorebook this reply used:');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lamp', 'harbour']);

    // Escape closes it, and the focus is back on the marker.
    fireEvent.keyDown(list, { key: 'Escape' });
    expect(inMessage(10).queryByRole('region', { name: 'Lore used' })).toBeNull();
    expect(document.activeElement).toBe(marker);
    // The marker toggles as well.
    fireEvent.click(marker);
    expect(inMessage(10).getByRole('region', { name: 'Lore used' })).toBeTruthy();
    fireEvent.click(marker);
    expect(inMessage(10).queryByRole('region', { name: 'Lore used' })).toBeNull();
  });

  it('says "entry" for one, and marks neither the user’s messages nor a reply without lore', async () => {
    stored = [
      message(9, 'user', 'Is the lamp lit in this storm?'),
      message(10, 'ai', 'It is.', [LAMP]),
      message(11, 'user', 'Shall I put the kettle on?'),
      message(12, 'ai', 'Please do.'),
    ];
    await openChat();
    expect(await inMessage(10).findByRole('button', { name: 'Lore used: 1 entry' })).toHaveProperty(
      'textContent',
      'Lore · 1',
    );
    expect(screen.getAllByTestId('lore-marker')).toHaveLength(1);
    expect(inMessage(12).queryByTestId('lore-marker')).toBeNull();
  });

  it('shows on a streamed reply once it is stored, with no messages fetched again', async () => {
    stored = [message(9, 'user', 'Hello'), message(10, 'ai', 'Hi there')];
    setup.api.on('POST /api/assistant', (_req, _body, res) => {
      const stream = eventStream(res);
      stream.send('accepted', { userMessageId: 11, replyId: 'run-1' });
      stream.send('token', { text: 'It has not failed' });
      stored = [
        ...stored,
        message(11, 'user', 'Is the lamp lit in this storm?'),
        message(12, 'ai', 'It has not failed in forty years.', [LAMP]),
      ];
      stream.send('done', {
        messageId: 12,
        message: 'It has not failed in forty years.',
        userMessageId: 11,
        lore: [LAMP],
      });
      stream.end();
    });
    await openChat();
    const readsBefore = messageReads();
    const box = await screen.findByRole('textbox', { name: 'Message Mira' });
    fireEvent.change(box, { target: { value: 'Is the lamp lit in this storm?' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    await waitFor(() => expect(shown(12)).not.toBeNull());
    const marker = await inMessage(12).findByRole('button', { name: 'Lore used: 1 entry' });
    fireEvent.click(marker);
    expect(
      within(inMessage(12).getByRole('region', { name: 'Lore used' })).getByRole('listitem')
        .textContent,
    ).toBe('Lamp');
    // The user's message carries none.
    expect(inMessage(11).queryByTestId('lore-marker')).toBeNull();
    await waitFor(() => expect(setup.client.isMutating()).toBe(0));
    expect(messageReads()).toBe(readsBefore);
  });
});
