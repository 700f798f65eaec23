import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ThreadMessageView } from '../../src/shared/chat/contract';
import { ChatView } from '../../src/web/features/chat/ChatView';
import { apiTestSetup, json } from './api-double';
import { answerChatReads, CONVERSATION, mira, threadMessage } from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * Saving an edited reply takes a moment on a slow connection: meanwhile its button says
 * "Saving…", a second press sends nothing more, and the text stays as sent until it is done. A failed save leaves the editor open with
 * the draft and the focus on Save, to try again.
 */

const setup = apiTestSetup();
const question = threadMessage(1, 'user', 'Tell me a story', { parentId: null, siblingIds: [1] });
const reply = threadMessage(2, 'ai', 'Once upon a time', { parentId: 1, siblingIds: [2] });
let stored: ThreadMessageView[];
/** The edit requests' answers, held until the test lets each go. */
let held: ServerResponse[];

beforeEach(() => {
  stored = [question, reply];
  held = [];
  answerChatReads(setup.api, () => stored);
  setup.api.on(`PUT /api/messages/${reply.id}/edit`, (_req, _body, res) => void held.push(res));
});
afterEach(() => {
  // A failed save's notice stays until dismissed; the next test starts without it.
  for (const button of screen.queryAllByLabelText('Dismiss notification')) fireEvent.click(button);
});

const edits = () =>
  setup.api.requests.filter((r) => r.method === 'PUT' && r.path.endsWith('/edit'));

async function editReply(text: string) {
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <ChatView character={mira} conversationId={CONVERSATION} />
    </Providers>,
  );
  const message = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`[data-message-id="${reply.id}"]`);
    expect(found).not.toBeNull();
    return found!;
  });
  fireEvent.click(within(message).getByRole('button', { name: 'Edit reply' }));
  const box = await screen.findByRole('textbox', { name: 'Edit reply' }, { timeout: 5000 });
  fireEvent.change(box, { target: { value: text } });
  return box as HTMLTextAreaElement;
}

it('sends one edit however often Save is pressed while it is on its way', async () => {
  await editReply('Once, by the sea');
  const save = screen.getByRole('button', { name: 'Save' });
  fireEvent.click(save);
  await waitFor(() => expect(held).toHaveLength(1));
  expect(save.textContent).toBe('Saving…');
  expect(save.getAttribute('aria-disabled')).toBe('true');
  // Still focusable (not disabled): a failed save leaves the focus where it was.
  expect((save as HTMLButtonElement).disabled).toBe(false);
  // The text being saved is what is shown: read-only, and Escape and Cancel wait for the save.
  const box = screen.getByRole('textbox', { name: 'Edit reply' }) as HTMLTextAreaElement;
  expect(box.readOnly).toBe(true);
  fireEvent.keyDown(box, { key: 'Escape' });
  fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.getByRole('textbox', { name: 'Edit reply' })).toBe(box);
  fireEvent.click(save);
  fireEvent.click(save);
  // Long enough for a second request to arrive, were one sent.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(edits()).toHaveLength(1);

  stored = [question, { ...reply, content: 'Once, by the sea' }];
  json(held[0]!, 200, { id: reply.id, conversationId: CONVERSATION, content: 'Once, by the sea' });
  await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit reply' })).toBeNull());
  expect(edits()).toHaveLength(1);
});

it('after a failed save keeps the draft and the focus on Save, which sends again', async () => {
  const box = await editReply('Once, by the sea');
  const save = screen.getByRole('button', { name: 'Save' });
  save.focus();
  fireEvent.click(save);
  await waitFor(() => expect(held).toHaveLength(1));
  json(held[0]!, 500, { message: 'Something went wrong' });

  await waitFor(() => expect(save.textContent).toBe('Save'));
  expect(save.getAttribute('aria-disabled')).toBeNull();
  expect(box.readOnly).toBe(false);
  expect(box.value).toBe('Once, by the sea');
  expect(document.activeElement).toBe(save);
  fireEvent.click(save);
  await waitFor(() => expect(held).toHaveLength(2));
  json(held[1]!, 200, { id: reply.id, conversationId: CONVERSATION, content: 'Once, by the sea' });
  await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Edit reply' })).toBeNull());
});
