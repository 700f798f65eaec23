import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Memory } from '../../src/shared/memories/contract';
import type { Persona } from '../../src/shared/personas/contract';
import { Toaster } from '../../src/web/components/ui/toast';
import { LorebookDialog } from '../../src/web/features/lorebooks/LorebookDialog';
import { MemoriesDialog } from '../../src/web/features/memories/MemoriesDialog';
import { PersonasDialog } from '../../src/web/features/personas/PersonasDialog';
import { queryClient } from '../../src/web/lib/query-client';
import { apiTestSetup, json } from './api-double';
import { BOOK } from './lorebook-fixtures';
import { signInDialogWith } from './sign-in-dialog';

/**
 * A button pressed from the keyboard keeps the focus while what it started is on its way: it
 * says it is busy (aria-disabled) and a second press sends nothing, but it is not disabled,
 * which would drop the focus to the page's body, so a keyboard or screen reader user is still
 * on it when the answer, or the error, comes. A part that goes away (an editor, a question)
 * gives the focus back to the button that opened it.
 */

const setup = apiTestSetup();
/** Answers held until the test lets each go. */
let held: ServerResponse[];
beforeEach(() => {
  held = [];
});

const focused = () => document.activeElement;
const dismissToasts = () => {
  for (const button of screen.queryAllByLabelText('Dismiss notification')) fireEvent.click(button);
};

/** A memory the user added by hand. */
const note = (id: number, content: string): Memory => ({
  id,
  content,
  pinned: false,
  source: 'manual',
  conversationId: null,
  messageId: null,
  conversationTitle: null,
  inPrompt: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** A panel drawn as the chat page draws it, with the toasts; returns it once open. */
async function openPanel(panel: ReactNode, name: string) {
  render(
    <QueryClientProvider client={setup.client}>
      {panel}
      <Toaster />
    </QueryClientProvider>,
  );
  return within(await screen.findByRole('dialog', { name }));
}

describe('the sign-in form', () => {
  const ADA = { id: 'u1', email: 'ada@example.com', name: 'Ada', emailVerified: true };

  beforeEach(() => {
    queryClient.clear();
    setup.api.on('GET /api/auth-config', (_req, _body, res) =>
      json(res, 200, { google: false, googleProviderId: 'google' }),
    );
    setup.api.on('GET /api/auth/get-session', (_req, _body, res) => json(res, 200, null));
    setup.api.on('POST /api/auth/sign-in/email', (_req, _body, res) => void held.push(res));
  });

  it('keeps the focus on Sign In while it checks, sends once, and after a refusal', async () => {
    const form = await signInDialogWith(ADA.email, 'wrong garden');
    const button = form.getByRole('button', { name: 'Sign In' });
    button.focus();
    fireEvent.click(button);

    await waitFor(() => expect(held).toHaveLength(1));
    expect(button.textContent).toBe('Signing in...');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button).not.toHaveProperty('disabled', true);
    expect(focused()).toBe(button);
    fireEvent.click(button);
    fireEvent.click(button);

    json(held[0]!, 401, {
      message: 'Invalid email or password',
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
    expect(await screen.findByText('Sign in failed')).toBeTruthy();
    await waitFor(() => expect(button.textContent).toBe('Sign In'));
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(focused()).toBe(button);
    const signIns = setup.api.requests.filter((r) => r.path === '/api/auth/sign-in/email');
    expect(signIns).toHaveLength(1);
  });
});

describe('the Memories panel', () => {
  const memory = note(3, 'Loves the sea at night');
  let stored: Memory[];

  beforeEach(() => {
    stored = [memory];
    setup.api.on('GET /api/characters/7/memories', (_req, _body, res) =>
      json(res, 200, { memories: stored }),
    );
  });

  async function openRow() {
    const panel = await openPanel(
      <MemoriesDialog character={{ id: 7, name: 'Selene' }} onClose={() => {}} />,
      'What Selene remembers',
    );
    return within((await panel.findByText(memory.content)).closest('li')!);
  }

  const dismissToasts = () => {
    for (const button of screen.queryAllByLabelText('Dismiss notification'))
      fireEvent.click(button);
  };

  it('keeps the focus on Pin while it is saved, sends once, then on Unpin', async () => {
    setup.api.on(`PUT /api/memories/${memory.id}`, (_req, _body, res) => void held.push(res));
    const row = await openRow();
    const pin = row.getByRole('button', { name: 'Pin memory' });
    pin.focus();
    fireEvent.click(pin);

    await waitFor(() => expect(held).toHaveLength(1));
    expect(pin.getAttribute('aria-disabled')).toBe('true');
    expect(focused()).toBe(pin);
    fireEvent.click(pin);

    stored = [{ ...memory, pinned: true }];
    json(held[0]!, 200, { memory: stored[0] });
    await waitFor(() => expect(pin.getAttribute('aria-label')).toBe('Unpin memory'));
    expect(focused()).toBe(pin);
    expect(setup.api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    dismissToasts();
  });

  it('asks before forgetting with the focus on Cancel, and gives it back to Delete', async () => {
    const row = await openRow();
    fireEvent.click(row.getByRole('button', { name: 'Delete memory' }));
    const question = row.getByRole('group', { name: 'Forget this?' });
    expect(focused()).toBe(within(question).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(row.getByRole('button', { name: 'Cancel' }));
    expect(focused()).toBe(row.getByRole('button', { name: 'Delete memory' }));
  });

  it('gives the focus back to Delete when forgetting fails', async () => {
    setup.api.on(`DELETE /api/memories/${memory.id}`, (_req, _body, res) => void held.push(res));
    const row = await openRow();
    fireEvent.click(row.getByRole('button', { name: 'Delete memory' }));
    const forget = row.getByRole('button', { name: 'Forget' });
    forget.focus();
    fireEvent.click(forget);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(forget.textContent).toBe('Deleting...');
    expect(focused()).toBe(forget);

    json(held[0]!, 500, { message: 'Something went wrong' });
    await waitFor(() => expect(focused()).toBe(row.getByRole('button', { name: 'Delete memory' })));
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    dismissToasts();
  });

  it('keeps the focus on Save when an edit fails, and gives it back to Edit on Escape', async () => {
    setup.api.on(`PUT /api/memories/${memory.id}`, (_req, _body, res) => void held.push(res));
    const row = await openRow();
    fireEvent.click(row.getByRole('button', { name: 'Edit memory' }));
    const box = row.getByRole('textbox', { name: 'Edit memory' });
    expect(focused()).toBe(box);
    fireEvent.change(box, { target: { value: 'Loves the sea at dawn' } });
    const save = row.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(focused()).toBe(save);

    json(held[0]!, 400, { message: 'That memory is too long' });
    expect(await screen.findByText('That memory is too long')).toBeTruthy();
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBeNull());
    expect(focused()).toBe(save);
    expect((box as HTMLTextAreaElement).value).toBe('Loves the sea at dawn');
    dismissToasts();

    fireEvent.keyDown(box, { key: 'Escape' });
    await waitFor(() => expect(row.queryByRole('textbox', { name: 'Edit memory' })).toBeNull());
    expect(focused()).toBe(row.getByRole('button', { name: 'Edit memory' }));
  });
});

describe('a lorebook entry', () => {
  const book = BOOK;
  const lamp = BOOK.entries[0]!;

  async function openEntry() {
    setup.api.on('GET /api/characters/7/lorebook', (_req, _body, res) =>
      json(res, 200, { lorebook: book }),
    );
    setup.api.on('PUT /api/characters/7/lorebook', (_req, _body, res) => void held.push(res));
    const panel = await openPanel(
      <LorebookDialog character={{ id: 7, name: 'Mira' }} onClose={() => {}} />,
      'Mira’s lorebook',
    );
    return within((await panel.findByText('The lamp never fails.')).closest('li')!);
  }

  it('keeps the focus on its switch while the change is saved, and sends it once', async () => {
    const entry = await openEntry();
    const on = entry.getByRole('switch', { name: 'Enabled: Lamp' });
    on.focus();
    fireEvent.click(on);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(on.getAttribute('aria-disabled')).toBe('true');
    expect(focused()).toBe(on);
    fireEvent.click(on);

    json(held[0]!, 200, { lorebook: { ...book, entries: [{ ...lamp, enabled: false }] } });
    await waitFor(() => expect(on.getAttribute('aria-checked')).toBe('false'));
    await waitFor(() => expect(on.getAttribute('aria-disabled')).toBeNull());
    expect(focused()).toBe(on);
    expect(setup.api.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
  });

  it('asks before deleting with the focus on Cancel, and gives it back to Delete', async () => {
    const entry = await openEntry();
    fireEvent.click(entry.getByRole('button', { name: 'Delete Lamp' }));
    const question = entry.getByRole('group', { name: 'Delete Lamp?' });
    expect(focused()).toBe(within(question).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(entry.getByRole('button', { name: 'Cancel' }));
    expect(focused()).toBe(entry.getByRole('button', { name: 'Delete Lamp' }));

    fireEvent.click(entry.getByRole('button', { name: 'Delete Lamp' }));
    const remove = entry.getByRole('button', { name: 'Delete' });
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(focused()).toBe(remove);
    json(held[0]!, 500, { message: 'Something went wrong' });
    await waitFor(() => expect(focused()).toBe(entry.getByRole('button', { name: 'Delete Lamp' })));
    dismissToasts();
  });
});

describe('a persona', () => {
  const profile: Persona = {
    id: null,
    name: 'Ada',
    description: '',
    avatarImage: null,
    avatarUrl: null,
  };
  const vale: Persona = { ...profile, id: 4, name: 'Captain Vale', description: 'A rival' };

  async function openVale() {
    let stored = [profile, vale];
    setup.api.on('GET /api/personas', (_req, _body, res) => json(res, 200, { personas: stored }));
    setup.api.on('DELETE /api/personas/4', (_req, _body, res) => void held.push(res));
    const panel = await openPanel(<PersonasDialog onClose={() => {}} />, 'Personas');
    const row = within((await panel.findByText('Captain Vale')).closest('li')!);
    return { panel, row, deleted: () => (stored = [profile]) };
  }

  it('asks before deleting, named by its question, and gives the focus back on Cancel', async () => {
    const { row } = await openVale();
    fireEvent.click(row.getByRole('button', { name: 'Delete Captain Vale' }));
    const question = row.getByRole('group', {
      name: 'Delete Captain Vale? Chats that use it go on as your profile.',
    });
    expect(focused()).toBe(within(question).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(focused()).toBe(row.getByRole('button', { name: 'Delete Captain Vale' })),
    );
  });

  it('keeps the focus on Delete while it works, back to the row’s Delete when refused, then to Add persona', async () => {
    const { panel, row, deleted } = await openVale();
    fireEvent.click(row.getByRole('button', { name: 'Delete Captain Vale' }));
    const remove = row.getByRole('button', { name: 'Delete' });
    remove.focus();
    fireEvent.click(remove);
    await waitFor(() => expect(held).toHaveLength(1));
    expect(remove.getAttribute('aria-disabled')).toBe('true');
    expect(focused()).toBe(remove);
    fireEvent.click(remove);

    json(held[0]!, 500, { message: 'Something went wrong' });
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    await waitFor(() =>
      expect(focused()).toBe(row.getByRole('button', { name: 'Delete Captain Vale' })),
    );
    dismissToasts();

    fireEvent.click(row.getByRole('button', { name: 'Delete Captain Vale' }));
    fireEvent.click(row.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(held).toHaveLength(2));
    deleted();
    json(held[1]!, 200, { success: true });
    await waitFor(() => expect(panel.queryByText('Captain Vale')).toBeNull());
    await waitFor(() => expect(focused()).toBe(panel.getByRole('button', { name: 'Add persona' })));
    expect(setup.api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(2);
    dismissToasts();
  });
});

describe('after a delete, the focus', () => {
  it('goes to the next memory’s Delete, then the one before’s, then the box for a new one', async () => {
    let stored = [note(1, 'Loves the sea'), note(2, 'Hates mornings'), note(3, 'Has a cat')];
    setup.api.on('GET /api/characters/7/memories', (_req, _body, res) =>
      json(res, 200, { memories: stored }),
    );
    for (const { id } of stored)
      setup.api.on(`DELETE /api/memories/${id}`, (_req, _body, res) => {
        stored = stored.filter((m) => m.id !== id);
        json(res, 200, { success: true });
      });
    const panel = await openPanel(
      <MemoriesDialog character={{ id: 7, name: 'Selene' }} onClose={() => {}} />,
      'What Selene remembers',
    );
    const rowOf = async (text: string) => within((await panel.findByText(text)).closest('li')!);
    const forget = async (text: string) => {
      const row = await rowOf(text);
      fireEvent.click(row.getByRole('button', { name: 'Delete memory' }));
      const answer = row.getByRole('button', { name: 'Forget' });
      answer.focus();
      fireEvent.click(answer);
      await waitFor(() => expect(panel.queryByText(text)).toBeNull());
      dismissToasts();
    };

    await forget('Hates mornings');
    const third = await rowOf('Has a cat');
    await waitFor(() =>
      expect(focused()).toBe(third.getByRole('button', { name: 'Delete memory' })),
    );

    await forget('Has a cat');
    const first = await rowOf('Loves the sea');
    await waitFor(() =>
      expect(focused()).toBe(first.getByRole('button', { name: 'Delete memory' })),
    );

    await forget('Loves the sea');
    await waitFor(() => expect(focused()).toBe(panel.getByRole('textbox', { name: 'New memory' })));
  });

  it('goes to the next lorebook entry’s Delete, or the one before’s, then to Add entry', async () => {
    const lamp = BOOK.entries[0]!;
    let book = {
      ...BOOK,
      entries: [
        lamp,
        { ...lamp, id: 2, name: 'Harbour', content: 'The harbour froze once.' },
        { ...lamp, id: 3, name: 'Cove', content: 'The cove hides a boat.' },
      ],
    };
    setup.api.on('GET /api/characters/7/lorebook', (_req, _body, res) =>
      json(res, 200, { lorebook: book }),
    );
    setup.api.on('PUT /api/characters/7/lorebook', (_req, body, res) => {
      book = (body as { lorebook: typeof book }).lorebook;
      json(res, 200, { lorebook: book });
    });
    const panel = await openPanel(
      <LorebookDialog character={{ id: 7, name: 'Mira' }} onClose={() => {}} />,
      'Mira’s lorebook',
    );
    const remove = async (name: string) => {
      fireEvent.click(await panel.findByRole('button', { name: `Delete ${name}` }));
      const answer = panel.getByRole('button', { name: 'Delete' });
      answer.focus();
      fireEvent.click(answer);
      await waitFor(() =>
        expect(panel.queryByRole('button', { name: `Delete ${name}` })).toBeNull(),
      );
      dismissToasts();
    };

    // One question at a time, naming its entry: asking about Lamp closes Cove's.
    fireEvent.click(await panel.findByRole('button', { name: 'Delete Cove' }));
    expect(panel.getByRole('group', { name: 'Delete Cove?' })).toBeTruthy();
    fireEvent.click(panel.getByRole('button', { name: 'Delete Lamp' }));
    expect(panel.getAllByRole('group').map((g) => g.textContent)).toEqual([
      'Delete Lamp?CancelDelete',
    ]);
    fireEvent.click(within(panel.getByRole('group')).getByRole('button', { name: 'Cancel' }));

    await remove('Lamp');
    await waitFor(() =>
      expect(focused()).toBe(panel.getByRole('button', { name: 'Delete Harbour' })),
    );
    await remove('Cove');
    await waitFor(() =>
      expect(focused()).toBe(panel.getByRole('button', { name: 'Delete Harbour' })),
    );
    await remove('Harbour');
    await waitFor(() => expect(focused()).toBe(panel.getByRole('button', { name: 'Add entry' })));
  });

  it('goes to the next persona’s Delete', async () => {
    const ada: Persona = {
      id: null,
      name: 'Ada',
      description: '',
      avatarImage: null,
      avatarUrl: null,
    };
    const vale: Persona = { ...ada, id: 4, name: 'Captain Vale' };
    const wren: Persona = { ...ada, id: 5, name: 'Wren' };
    let stored = [ada, vale, wren];
    setup.api.on('GET /api/personas', (_req, _body, res) => json(res, 200, { personas: stored }));
    setup.api.on('DELETE /api/personas/4', (_req, _body, res) => {
      stored = [ada, wren];
      json(res, 200, { success: true });
    });
    const panel = await openPanel(<PersonasDialog onClose={() => {}} />, 'Personas');
    fireEvent.click(await panel.findByRole('button', { name: 'Delete Captain Vale' }));
    const answer = panel.getByRole('button', { name: 'Delete' });
    answer.focus();
    fireEvent.click(answer);
    await waitFor(() => expect(panel.queryByText('Captain Vale')).toBeNull());
    await waitFor(() => expect(focused()).toBe(panel.getByRole('button', { name: 'Delete Wren' })));
    dismissToasts();
  });
});
