import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadMessageView } from '../../src/shared/chat/contract';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { apiTestSetup, eventStream, json } from './api-double';
import { answerChatReads, CONVERSATION, mira, threadMessage } from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * The message toolbar and branches (issue 45, defects 2, 3 and 8): Regenerate and Continue say
 * their cost on the button; regenerating an earlier reply asks first (later messages move to
 * another branch); the forks count leaves a character's alternative greetings out; after an edit
 * of the user's message a new reply to it is offered.
 */

const at = '2026-01-01T00:00:00.000Z';
const message = (
  id: number,
  sender: 'user' | 'ai',
  parentId: number | null,
  content: string,
  siblingIds = [id],
) => threadMessage(id, sender, content, { parentId, siblingIds });
const q1 = message(9, 'user', null, 'Tell me a story');
const r1 = message(10, 'ai', 9, 'Once upon a time');
const q2 = message(11, 'user', 10, 'And then?');
const r2 = message(12, 'ai', 11, 'The lighthouse went dark.');

const setup = apiTestSetup();
let stored: ThreadMessageView[];
beforeEach(() => {
  window.sessionStorage.clear();
  stored = [q1, r1, q2, r2];
  answerChatReads(setup.api, () => stored);
});
// Runs before apiTestSetup()'s wait for the loads and its cleanup (Vitest runs afterEach hooks
// last-registered first); a toast that comes later is dismissed after the test (setup.ts).
afterEach(() => {
  for (const button of screen.queryAllByLabelText('Dismiss notification')) {
    fireEvent.click(button);
  }
});

async function openChat() {
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
  const last = stored.at(-1)!;
  await waitFor(() => expect(shown(last.id)).not.toBeNull());
}

const shown = (id: number) => document.querySelector<HTMLElement>(`[data-message-id="${id}"]`);
const inMessage = (id: number) => within(shown(id)!);
const regenerateRequests = (id: number) =>
  setup.api.requests.filter(
    (r) => r.method === 'POST' && r.path === `/api/messages/${id}/regenerate`,
  );

/** A regenerate answered at once: the new version `id` of the reply, with `text`. */
function answerRegenerate(
  replyId: number,
  newId: number,
  text: string,
  after: ThreadMessageView[],
) {
  setup.api.on(`POST /api/messages/${replyId}/regenerate`, (_req, _body, res) => {
    const stream = eventStream(res);
    stored = after;
    stream.send('accepted', { userMessageId: stored.at(-2)?.id, replyId: 'run-1' });
    stream.send('token', { text });
    stream.send('done', { messageId: newId, message: text, userMessageId: stored.at(-2)?.id });
    stream.end();
  });
}

describe('the cost on the button', () => {
  it('Regenerate and Continue say they cost 1 message, in words on the button', async () => {
    await openChat();
    const regenerate = inMessage(r2.id).getByRole('button', { name: 'Regenerate (1 message)' });
    const more = inMessage(r2.id).getByRole('button', { name: 'Continue (1 message)' });
    expect(regenerate.textContent).toBe('1 message');
    expect(more.textContent).toBe('1 message');
    // The newest reply's toolbar is always shown; an earlier one's on hover, focus or touch.
    expect(inMessage(r2.id).getByTestId('message-toolbar').className).toContain('opacity-100');
    expect(inMessage(r1.id).getByTestId('message-toolbar').className).toContain('opacity-0');
  });
});

describe('the price of the conversation’s model', () => {
  it('says what a reply on the conversation’s model costs, and offers the models with their prices', async () => {
    const offers = [
      { model: 'house', label: 'House', creditsPerReply: 1 },
      { model: 'deluxe', label: 'Deluxe', creditsPerReply: 3 },
    ];
    setup.api.on('GET /api/models', (_req, _body, res) =>
      json(res, 200, {
        available: true,
        staff: false,
        canChoose: true,
        models: ['house', 'deluxe'],
        offers,
        defaultModel: 'house',
      }),
    );
    setup.api.on(`GET /api/conversations/${CONVERSATION}`, (_req, _body, res) =>
      json(res, 200, {
        id: CONVERSATION,
        characterId: mira.id,
        chatMode: 'assistant',
        scenario: null,
        personaId: null,
        currentOptions: [],
        model: 'deluxe',
      }),
    );
    await openChat();
    await waitFor(() =>
      expect(
        inMessage(r2.id).getByRole('button', { name: 'Regenerate (3 messages)' }),
      ).toBeTruthy(),
    );
    expect(screen.getByTestId('cost-hint').textContent).toMatch(/^Each reply costs 3 messages/);
    const picker = await screen.findByLabelText('Model');
    expect((picker as HTMLSelectElement).value).toBe('deluxe');
    expect([...(picker as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'House · 1 message a reply',
      'Deluxe · 3 messages a reply',
    ]);
  });
});

describe('Regenerate', () => {
  it('regenerates the newest reply at once, without asking', async () => {
    const again = message(13, 'ai', 11, 'The lamp came back on.', [12, 13]);
    answerRegenerate(r2.id, 13, again.content, [q1, r1, q2, again]);
    await openChat();
    fireEvent.click(inMessage(r2.id).getByRole('button', { name: /^Regenerate/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(shown(13)?.textContent).toContain('The lamp came back on.'));
    expect(regenerateRequests(r2.id)).toHaveLength(1);
  });

  it('asks first for an earlier reply, saying what happens and what it costs; Escape cancels', async () => {
    await openChat();
    const button = inMessage(r1.id).getByRole('button', { name: /^Regenerate/ });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate this reply?' });
    expect(dialog.textContent).toContain(
      'Later messages move to another version of this chat; you can switch back with ‹ ›.',
    );
    await waitFor(() =>
      expect(within(dialog).getByTestId('regenerate-cost').textContent).toBe(
        'A new reply costs 1 message · 5 left',
      ),
    );
    const confirm = within(dialog).getByRole('button', { name: 'Regenerate (1 message)' });
    expect(document.activeElement).toBe(confirm);

    fireEvent.keyDown(confirm, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The focus is back on the reply's Regenerate button; nothing was asked of the server.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        inMessage(r1.id).getByRole('button', { name: /^Regenerate/ }),
      ),
    );
    expect(regenerateRequests(r1.id)).toHaveLength(0);
    expect(shown(q2.id)).not.toBeNull();
  });

  it('regenerates an earlier reply once confirmed: the later messages leave with their branch', async () => {
    const again = message(13, 'ai', 9, 'Long ago', [10, 13]);
    answerRegenerate(r1.id, 13, again.content, [q1, again]);
    await openChat();
    fireEvent.click(inMessage(r1.id).getByRole('button', { name: /^Regenerate/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate this reply?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Regenerate (1 message)' }));
    await waitFor(() => expect(shown(13)?.textContent).toContain('Long ago'));
    expect(regenerateRequests(r1.id)).toHaveLength(1);
    expect(shown(q2.id)).toBeNull();
    expect(inMessage(13).getByLabelText('Version 2 of 2')).toBeTruthy();
  });
});

describe('the forks count', () => {
  it('leaves out a character’s alternative greetings', async () => {
    const greeting = message(1, 'ai', null, 'There you are.', [1, 2]);
    stored = [greeting, message(3, 'user', 1, 'Hello'), message(4, 'ai', 3, 'Sit with me.')];
    await openChat();
    // The greeting keeps its ‹ ›, but a new chat has no fork of the user's.
    expect(inMessage(1).getByLabelText('Version 1 of 2')).toBeTruthy();
    expect(screen.queryByTestId('forks-bar')).toBeNull();
  });

  it('counts the forks the user made, in a row of its own above the messages', async () => {
    const greeting = message(1, 'ai', null, 'There you are.', [1, 2]);
    stored = [greeting, message(5, 'user', 1, 'Hello again', [3, 5]), message(6, 'ai', 5, 'Hi.')];
    await openChat();
    const bar = screen.getByTestId('forks-bar');
    // Outside the scrolling list: it covers no message.
    expect(screen.getByTestId('message-scroller').contains(bar)).toBe(false);
    expect((await within(bar).findByTestId('branch-switcher')).textContent).toContain('1 fork');
  });
});

describe('after editing a message', () => {
  async function edit(id: number, text: string) {
    setup.api.on(`PUT /api/messages/${id}/edit`, (_req, _body, res) => {
      stored = stored.map((m) => (m.id === id ? { ...m, content: text } : m));
      json(res, 200, {
        id,
        conversationId: CONVERSATION,
        content: text,
        sender: 'user',
        createdAt: at,
      });
    });
    fireEvent.click(inMessage(id).getByRole('button', { name: 'Edit message' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Edit message' }), {
      target: { value: text },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    return screen.findByRole('group', { name: 'Regenerate the reply' });
  }

  it('offers a new reply to the edited message, with its cost, and regenerates it', async () => {
    const again = message(13, 'ai', 11, 'Then the sea rose.', [12, 13]);
    answerRegenerate(r2.id, 13, again.content, [q1, r1, { ...q2, content: 'What next?' }, again]);
    await openChat();
    const offer = await edit(q2.id, 'What next?');
    expect(offer.textContent).toContain('Regenerate the reply to your edited message? (1 message)');
    // The reply is the newest: nothing moves to another branch.
    expect(offer.textContent).not.toContain('Later messages');
    fireEvent.click(within(offer).getByRole('button', { name: 'Regenerate (1 message)' }));
    await waitFor(() => expect(shown(13)?.textContent).toContain('Then the sea rose.'));
    expect(regenerateRequests(r2.id)).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Regenerate the reply' })).toBeNull();
  });

  it('says where later messages go, and keeping the reply costs nothing', async () => {
    await openChat();
    const offer = await edit(q1.id, 'Tell me a sea story');
    expect(offer.textContent).toContain('Later messages move to another version of this chat');
    fireEvent.click(within(offer).getByRole('button', { name: 'Keep this reply' }));
    await waitFor(() =>
      expect(screen.queryByRole('group', { name: 'Regenerate the reply' })).toBeNull(),
    );
    expect(regenerateRequests(r1.id)).toHaveLength(0);
    expect(shown(q2.id)).not.toBeNull();
  });
});

/** The editor and the dialog are chunks of their own: a busy machine takes a while to load them. */
const LAZY = { timeout: 5000 };

describe('editing a character’s reply', () => {
  const edits = (id: number) =>
    setup.api.requests.filter((r) => r.method === 'PUT' && r.path === `/api/messages/${id}/edit`);
  function answerEdit(id: number) {
    setup.api.on(`PUT /api/messages/${id}/edit`, (_req, body, res) => {
      const { content } = body as { content: string };
      stored = stored.map((m) => (m.id === id ? { ...m, content } : m));
      json(res, 200, { id, conversationId: CONVERSATION, content, sender: 'ai', createdAt: at });
    });
  }

  it('saves the edited text in place, with no offer of a new reply', async () => {
    answerEdit(r1.id);
    await openChat();
    fireEvent.click(inMessage(r1.id).getByRole('button', { name: 'Edit reply' }));
    const box = await screen.findByRole('textbox', { name: 'Edit reply' }, LAZY);
    expect(document.activeElement).toBe(box);
    expect((box as HTMLTextAreaElement).value).toBe('Once upon a time');
    // Only the user's own messages can be saved as a new branch.
    expect(screen.queryByRole('button', { name: 'Save as new branch' })).toBeNull();
    fireEvent.change(box, { target: { value: 'Once, by the sea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Closed once saved (while open, the text box holds the draft).
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit reply' })).toBeNull());
    await waitFor(() => expect(shown(r1.id)?.textContent).toContain('Once, by the sea'));
    expect(edits(r1.id)).toHaveLength(1);
    expect(edits(r1.id)[0]!.body).toMatchObject({
      content: 'Once, by the sea',
      conversationId: CONVERSATION,
    });
    expect(screen.queryByRole('group', { name: 'Regenerate the reply' })).toBeNull();
    // The later messages stay: the reply was edited, not replaced by a new version.
    expect(shown(q2.id)).not.toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        inMessage(r1.id).getByRole('button', { name: 'Edit reply' }),
      ),
    );
  });

  it('Escape leaves the editor unchanged and gives the focus back to Edit', async () => {
    await openChat();
    fireEvent.click(inMessage(r2.id).getByRole('button', { name: 'Edit reply' }));
    const box = await screen.findByRole('textbox', { name: 'Edit reply' }, LAZY);
    fireEvent.change(box, { target: { value: 'Something else' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit reply' })).toBeNull());
    expect(shown(r2.id)?.textContent).toContain('The lighthouse went dark.');
    expect(document.activeElement).toBe(
      inMessage(r2.id).getByRole('button', { name: 'Edit reply' }),
    );
    expect(edits(r2.id)).toHaveLength(0);
  });
});

describe('Remember this', () => {
  const saved = () =>
    setup.api.requests.filter(
      (r) => r.method === 'POST' && r.path === `/api/characters/${mira.id}/memories`,
    );

  it('opens the fact without stage directions, saves what the user wrote', async () => {
    stored = [q1, { ...r1, content: '*smiles softly*  I grew up in   **Lisbon**. *sips tea*' }];
    setup.api.on(`POST /api/characters/${mira.id}/memories`, (_req, body, res) =>
      json(res, 201, { memory: { id: 1, ...(body as object) } }),
    );
    await openChat();
    const button = inMessage(r1.id).getByRole('button', { name: 'Remember this' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Remember this' }, LAZY);
    const fact = within(dialog).getByRole('textbox', { name: 'Memory' }) as HTMLTextAreaElement;
    expect(fact.value).toBe('I grew up in Lisbon.');
    expect(document.activeElement).toBe(fact);
    expect(dialog.textContent).toContain('20 / 4000');
    expect(fact.maxLength).toBe(4000);

    fireEvent.change(fact, { target: { value: 'Mira grew up in Lisbon.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saved()).toHaveLength(1);
    expect(saved()[0]!.body).toEqual({ content: 'Mira grew up in Lisbon.', messageId: r1.id });
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it('Cancel saves nothing and gives the focus back to the button', async () => {
    await openChat();
    const button = inMessage(q2.id).getByRole('button', { name: 'Remember this' });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Remember this' }, LAZY);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(saved()).toHaveLength(0);
  });
});

describe('Report', () => {
  it('reports a reply with a reason and words, says so, and gives the focus back', async () => {
    setup.api.on('POST /api/reports', (_req, _body, res) =>
      json(res, 201, {
        id: 1,
        kind: 'message',
        reason: 'harassment',
        status: 'open',
        createdAt: at,
        outcome: null,
        decidedAt: null,
      }),
    );
    await openChat();
    expect(inMessage(q2.id).queryByRole('button', { name: 'Report' })).toBeNull();
    const report = inMessage(r2.id).getByRole('button', { name: 'Report' });
    fireEvent.click(report);
    const dialog = await screen.findByRole('dialog', { name: 'Report this message' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Choose why you are reporting this.',
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or hate' }));
    fireEvent.change(within(dialog).getByRole('textbox'), {
      target: { value: '  It insulted me.  ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await screen.findByText('Report sent');
    expect(setup.api.requests.find((r) => r.path === '/api/reports')?.body).toEqual({
      messageId: r2.id,
      reason: 'harassment',
      details: 'It insulted me.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(report));
  });
});

describe('a refusal that is not about credits', () => {
  it('shows a removed character’s 403 as it came, not as out of credits', async () => {
    setup.api.on(`POST /api/messages/${r2.id}/regenerate`, (_req, _body, res) =>
      json(res, 403, {
        message: 'This character was removed by moderation and can no longer reply.',
      }),
    );
    await openChat();
    fireEvent.click(inMessage(r2.id).getByRole('button', { name: /^Regenerate/ }));
    await screen.findByText('This character was removed by moderation and can no longer reply.');
    expect(screen.queryByText(/out of credits/i)).toBeNull();
  });
});

describe('a character moderation removed', () => {
  it('keeps the thread readable and says why in the message box’s place', async () => {
    const Providers = withAppProviders(setup.client);
    render(
      <Providers>
        <ChatView
          character={{ ...mira, removedByModeration: true }}
          conversationId={CONVERSATION}
        />
      </Providers>,
    );
    const notice = await screen.findByTestId('character-removed');
    expect(notice.textContent).toContain(
      'This character was removed by moderation and can no longer reply.',
    );
    expect(
      within(notice).getByRole('link', { name: 'Account → Reports' }).getAttribute('href'),
    ).toBe('/account#account-reports');
    await waitFor(() => expect(shown(r2.id)).not.toBeNull());
    expect(screen.queryByPlaceholderText('Message Mira...')).toBeNull();
  });
});
