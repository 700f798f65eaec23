import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadMessageView } from '../../src/shared/chat/contract';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { apiTestSetup } from './api-double';
import { answerChatReads, CONVERSATION, mira, threadMessage } from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * A picture the character sent (issue 50 part 3), in the thread: the image at its stored size
 * under the message (the thread keeps its place while it loads), opened full size from the
 * keyboard, closed with Escape back to where the user was; and a picture message offers neither
 * Regenerate nor Continue (the server refuses both).
 */

const URL_OF_PICTURE = '/api/messages/12/attachments/0';

const setup = apiTestSetup();
let stored: ThreadMessageView[];
beforeAll(async () => {
  // The thread's extras and the viewer, compiled once here: a first compile can outlast findBy.
  await import('../../src/web/features/chat/message-extras');
  await import('../../src/web/features/pictures/PictureViewer');
});
beforeEach(() => {
  stored = [
    threadMessage(9, 'user', 'Show me the lamp'),
    threadMessage(10, 'ai', 'Here it is, burning bright.', { parentId: 9 }),
    threadMessage(11, 'user', 'And a picture of it?', { parentId: 10 }),
    {
      ...threadMessage(12, 'ai', '*sends you a picture*\n\nThe lamp at dusk.', { parentId: 11 }),
      attachments: [{ kind: 'image', url: URL_OF_PICTURE, width: 768, height: 1024 }],
    },
  ];
  answerChatReads(setup.api, () => stored);
});

const shown = (id: number) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
const inMessage = (id: number) => within(shown(id)!);

async function openChat() {
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
  await waitFor(() => expect(shown(12)).not.toBeNull());
}

describe('a picture in the thread', () => {
  it('shows the image at its stored size under the message', async () => {
    await openChat();
    const image = await inMessage(12).findByRole('img', { name: 'A picture from the character' });
    expect(image.getAttribute('src')).toBe(URL_OF_PICTURE);
    expect(image.getAttribute('width')).toBe('768');
    expect(image.getAttribute('height')).toBe('1024');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(inMessage(12).getByText(/The lamp at dusk\./)).toBeTruthy();
    // The other messages carry none.
    expect(inMessage(10).queryByRole('img')).toBeNull();
  });

  it('opens full size from the keyboard, and Escape brings the focus back to it', async () => {
    await openChat();
    const thumbnail = await inMessage(12).findByRole('button', {
      name: 'Open the picture full size',
    });
    thumbnail.focus();
    // Enter on a button is its click (jsdom does not turn one into the other).
    fireEvent.click(thumbnail);

    const viewer = await screen.findByRole('dialog', { name: 'A picture from the character' });
    const full = within(viewer).getByRole('img', { name: 'A picture from the character' });
    expect(full.getAttribute('src')).toBe(URL_OF_PICTURE);
    const download = within(viewer).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(URL_OF_PICTURE);
    expect(download.hasAttribute('download')).toBe(true);
    // The focus is in the viewer, on its Close (the one beside Download; the dialog's corner has
    // the other).
    const closes = within(viewer).getAllByRole('button', { name: 'Close' });
    await waitFor(() => expect(document.activeElement).toBe(closes[0]));
    expect(closes[0]!.textContent).toBe('Close');

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(thumbnail));

    // Opened again, its Close closes it as well.
    fireEvent.click(thumbnail);
    const again = await screen.findByRole('dialog', { name: 'A picture from the character' });
    fireEvent.click(within(again).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(thumbnail));
  });

  it('offers neither Regenerate nor Continue for a picture; a reply keeps Regenerate', async () => {
    await openChat();
    await inMessage(12).findByRole('img', { name: 'A picture from the character' });
    const picture = inMessage(12);
    expect(picture.getByRole('button', { name: 'Copy message' })).toBeTruthy();
    expect(picture.queryByRole('button', { name: /^Regenerate/ })).toBeNull();
    expect(picture.queryByRole('button', { name: /^Continue/ })).toBeNull();
    expect(inMessage(10).getByRole('button', { name: /^Regenerate/ })).toBeTruthy();
  });
});
