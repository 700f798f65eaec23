import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CharacterListItem } from '../../src/shared/characters/contract';
import type { ConversationSummary } from '../../src/shared/chat/contract';
import { ChatSidebar } from '../../src/web/features/chat/ChatSidebar';
import { apiTestSetup, json } from './api-double';
import { withAppProviders } from './providers';

/**
 * Group scenes in the chat's sidebar (issue 51): 'New group scene' (2 to 5 of the user's
 * characters and a mode; Start creates the scene and opens it as any conversation opens; the
 * server's refusal in a toast; Escape gives the focus back), and a scene's row in Recent Chats
 * with its characters' avatars, named for screen readers.
 */

const character = (id: number, name: string) =>
  ({
    id,
    name,
    avatarUrl: null,
    avatarColor: 'sunset',
    removedByModeration: false,
    conversationCount: 0,
  }) as unknown as CharacterListItem;
const cast = [
  character(1, 'Mira'),
  character(2, 'Theo'),
  character(3, 'Ada'),
  character(4, 'Juno'),
  character(5, 'Kai'),
  character(6, 'Lena'),
];
const summary = (id: number, extra: Partial<ConversationSummary> = {}): ConversationSummary => ({
  id,
  characterId: 1,
  title: `Chat ${id}`,
  lastMessage: 'Hello',
  unread: false,
  leafId: 0,
  message_count: 1,
  chatMode: 'texting',
  model: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const setup = apiTestSetup();
let listed: ConversationSummary[];
let closed: number;

beforeAll(async () => {
  // The scenes' chunk and the dialog's, compiled once here: a first compile can outlast findBy.
  await import('../../src/web/features/chat/scenes/scene-parts');
  await import('../../src/web/features/chat/scenes/NewSceneDialog');
});
beforeEach(() => {
  // Each test starts on the app's first page, whatever the one before it left.
  window.history.replaceState(null, '', '/');
  listed = [];
  closed = 0;
  setup.api.on('GET /api/characters', (_req, _body, res) => json(res, 200, cast));
  setup.api.on('GET /api/conversations', (_req, _body, res) =>
    json(res, 200, { conversations: listed, nextCursor: null }),
  );
});

function renderSidebar(characters = cast) {
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <ChatSidebar
        characters={{ data: characters, isError: false }}
        selectedId={null}
        activeConversationId={null}
        onSelect={() => undefined}
        onDelete={() => undefined}
        onDeletedActive={() => undefined}
        close={() => closed++}
      />
    </Providers>,
  );
}

async function openDialog() {
  const button = screen.getByRole('button', { name: 'New group scene' });
  button.focus();
  fireEvent.click(button);
  const dialog = await screen.findByRole('dialog', { name: 'New group scene' });
  // The characters as the sidebar's list has them (the same query).
  await within(dialog).findByRole('checkbox', { name: 'Mira' });
  return { button, dialog };
}

const pick = (dialog: HTMLElement, name: string) =>
  fireEvent.click(within(dialog).getByRole('checkbox', { name }));
const startButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Start' }) as HTMLButtonElement;

describe("'New group scene'", () => {
  it('is offered only with two characters or more', () => {
    renderSidebar([cast[0]!]);
    expect(screen.queryByRole('button', { name: 'New group scene' })).toBeNull();
    cleanup();
    renderSidebar();
    expect(screen.getByRole('button', { name: 'New group scene' })).toBeTruthy();
  });

  it('takes 2 to 5 characters, saying why Start waits, and Escape gives the focus back', async () => {
    renderSidebar();
    const { button, dialog } = await openDialog();
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(6);
    expect(startButton(dialog).disabled).toBe(true);
    const reason = () => within(dialog).getByRole('status').textContent;
    expect(reason()).toBe('Choose at least 2 characters (0 chosen).');
    // The reason is Start's description: a screen reader hears it on the button.
    expect(startButton(dialog).getAttribute('aria-describedby')).toBe(
      within(dialog).getByRole('status').id,
    );

    pick(dialog, 'Mira');
    expect(startButton(dialog).disabled).toBe(true);
    pick(dialog, 'Theo');
    expect(startButton(dialog).disabled).toBe(false);
    expect(reason()).toBe('2 characters chosen.');
    for (const name of ['Ada', 'Juno', 'Kai']) pick(dialog, name);
    expect(startButton(dialog).disabled).toBe(false);
    pick(dialog, 'Lena');
    expect(startButton(dialog).disabled).toBe(true);
    expect(reason()).toBe('A group scene has at most 5 characters (6 chosen).');

    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(setup.api.requests.some((r) => r.method === 'POST')).toBe(false);
  });

  it('starts the scene with the characters in the order picked, then opens it', async () => {
    setup.api.on('POST /api/conversations', (_req, _body, res) => json(res, 201, { id: 42 }));
    setup.api.on('GET /api/conversations/42', (_req, _body, res) =>
      json(res, 200, { ...summary(42, { characterId: 3, characterIds: [3, 1] }) }),
    );
    renderSidebar();
    const { dialog } = await openDialog();
    pick(dialog, 'Ada');
    pick(dialog, 'Mira');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Story' }));
    fireEvent.click(startButton(dialog));

    await waitFor(() => expect(window.location.pathname).toBe('/chat/42'));
    expect(window.location.search).toBe('?character=3');
    const created = setup.api.requests.filter(
      (r) => r.method === 'POST' && r.path === '/api/conversations',
    );
    expect(created.map((r) => r.body)).toEqual([{ characterIds: [3, 1], chatMode: 'immersive' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The sidebar closes on a phone, as when any conversation is opened.
    expect(closed).toBe(1);
  });

  it("shows the server's refusal and stays open", async () => {
    const refused = 'Each character joins a scene once.';
    setup.api.on('POST /api/conversations', (_req, _body, res) =>
      json(res, 400, { message: refused }),
    );
    renderSidebar();
    const { dialog } = await openDialog();
    pick(dialog, 'Mira');
    pick(dialog, 'Theo');
    fireEvent.click(startButton(dialog));
    expect(await within(dialog).findByText(refused)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'New group scene' })).toBe(dialog);
    expect(window.location.pathname).toBe('/');
  });
});

describe('a group scene in Recent Chats', () => {
  it("shows its characters' avatars, three then '+n', and names them all", async () => {
    listed = [summary(8, { characterIds: [1, 2, 3, 4] }), summary(9)];
    renderSidebar();
    const group = await screen.findByRole('img', {
      name: 'Group scene with Mira, Theo, Ada and Juno',
    });
    expect(group.textContent).toBe('MTA+1');
    // The row links to the conversation as any other, with its first character.
    expect(group.closest('a')?.getAttribute('href')).toBe('/chat/8?character=1');
    // A conversation with one character keeps its one avatar and its name.
    const single = screen.getByRole('link', { name: /Chat 9/ });
    expect(within(single).queryByRole('img')).toBeNull();
    expect(single.textContent).toContain('Mira');
  });

  it('names a character deleted since as a removed character', async () => {
    listed = [summary(8, { characterIds: [1, 99] })];
    renderSidebar();
    expect(
      await screen.findByRole('img', { name: 'Group scene with Mira and A removed character' }),
    ).toBeTruthy();
  });
});
