import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Memory } from '../../src/shared/memories/contract';
import { Toaster } from '../../src/web/components/ui/toast';
import { MemoriesDialog } from '../../src/web/features/memories/MemoriesDialog';
import { apiTestSetup, json } from './api-double';

/**
 * Issue 46 part 8: the Memories panel shows which memories the next reply leaves out (the
 * server's `inPrompt`), a pinned one plainly, and the marks follow a change.
 */

const setup = apiTestSetup();

const memory = (id: number, content: string, pinned: boolean, inPrompt: boolean): Memory => ({
  id,
  content,
  pinned,
  source: 'manual',
  conversationId: null,
  messageId: null,
  conversationTitle: null,
  inPrompt,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** A server holding Selene's memories; pinning one brings it into the next reply. */
function memoriesServer(list: Memory[]) {
  const server = { list: [...list] };
  setup.api.on('GET /api/characters/7/memories', (_req, _body, res) =>
    json(res, 200, { memories: server.list }),
  );
  for (const m of list) {
    setup.api.on(`PUT /api/memories/${m.id}`, (_req, body, res) => {
      const { pinned } = body as { pinned: boolean };
      server.list = server.list.map((x) => (x.id === m.id ? { ...x, pinned, inPrompt: true } : x));
      json(res, 200, { memory: server.list.find((x) => x.id === m.id) });
    });
  }
  return server;
}

function openPanel() {
  render(
    <QueryClientProvider client={setup.client}>
      <MemoriesDialog character={{ id: 7, name: 'Selene' }} onClose={() => {}} />
      <Toaster />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'What Selene remembers' }));
}

/** The list item that shows `content`. */
const itemOf = async (panel: ReturnType<typeof within>, content: string) =>
  within((await panel.findByText(content)).closest('li')!);

const LEFT_OUT = /Not in the next reply: too many memories for the model’s window\./;

describe('the Memories panel', () => {
  it('marks a memory the next reply leaves out, and a pinned one plainly', async () => {
    memoriesServer([
      memory(1, 'Riley takes their coffee black.', true, true),
      memory(2, 'Riley keeps bees.', true, false),
      memory(3, 'They met in Paris.', false, true),
      memory(4, 'Riley once lived by the sea.', false, false),
    ]);
    const panel = openPanel();

    const carried = await itemOf(panel, 'They met in Paris.');
    expect(carried.queryByText(LEFT_OUT)).toBeNull();
    expect(carried.queryByText(/not in the next reply/i)).toBeNull();

    const left = await itemOf(panel, 'Riley once lived by the sea.');
    expect(left.getByText(LEFT_OUT)).toBeTruthy();

    const pinnedLeft = await itemOf(panel, 'Riley keeps bees.');
    expect(pinnedLeft.getByText('Pinned, but not in the next reply.')).toBeTruthy();
    expect(pinnedLeft.getByText(/Unpin or shorten some so this one fits\./)).toBeTruthy();

    const pinnedCarried = await itemOf(panel, 'Riley takes their coffee black.');
    expect(pinnedCarried.queryByText(/not in the next reply/i)).toBeNull();
  });

  it('reads the list again after a change, so the marks stay true', async () => {
    memoriesServer([memory(4, 'Riley once lived by the sea.', false, false)]);
    const panel = openPanel();
    const item = await itemOf(panel, 'Riley once lived by the sea.');
    expect(item.getByText(LEFT_OUT)).toBeTruthy();

    fireEvent.click(item.getByRole('button', { name: 'Pin memory' }));
    await waitFor(() => expect(item.queryByText(LEFT_OUT)).toBeNull());
    expect(item.queryByText(/not in the next reply/i)).toBeNull();
    expect(
      setup.api.requests.filter(
        (r) => r.method === 'GET' && r.path === '/api/characters/7/memories',
      ),
    ).toHaveLength(2);
  });
});
