import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import type { Lorebook } from '../../src/shared/lorebooks/contract';
import { Toaster } from '../../src/web/components/ui/toast';
import { LorebookDialog } from '../../src/web/features/lorebooks/LorebookDialog';
import { apiTestSetup, json } from './api-double';
import { BOOK, entry } from './lorebook-fixtures';

/**
 * Issue 47 part 3: the 'Lorebook' panel. Adding and editing an entry saves the whole book (PUT)
 * with what the user typed, the server's field message shows at its field, and an imported file's
 * entries and warnings appear.
 */

const setup = apiTestSetup();

/** A server holding Mira's book: a PUT stores what it was sent and answers it. */
function lorebookServer(book: Lorebook | null) {
  const server = { book };
  setup.api.on('GET /api/characters/7/lorebook', (_req, _body, res) =>
    json(res, 200, { lorebook: server.book }),
  );
  setup.api.on('PUT /api/characters/7/lorebook', (_req, body, res) => {
    const sent = (body as { lorebook: Lorebook }).lorebook;
    server.book = { ...BOOK, ...sent };
    json(res, 200, { lorebook: server.book });
  });
  return server;
}

const putBodies = () =>
  setup.api.requests
    .filter((r) => r.method === 'PUT')
    .map((r) => (r.body as { lorebook: Lorebook }).lorebook);

function openPanel() {
  render(
    <QueryClientProvider client={setup.client}>
      <LorebookDialog character={{ id: 7, name: 'Mira' }} onClose={() => {}} />
      <Toaster />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('dialog', { name: 'Mira’s lorebook' }));
}

describe('the Lorebook panel', () => {
  it('explains itself when empty, and adds an entry as the first of a new book', async () => {
    lorebookServer(null);
    const panel = openPanel();
    expect(
      await panel.findByText(/Entries whose keywords come up in the chat are added to what/),
    ).toBeTruthy();

    fireEvent.click(panel.getByRole('button', { name: 'Add entry' }));
    const form = within(panel.getByRole('form', { name: 'New entry' }));
    expect(document.activeElement).toBe(form.getByRole('textbox', { name: 'Name (optional)' }));
    fireEvent.change(form.getByRole('textbox', { name: 'Keywords' }), {
      target: { value: ' harbour,  quay ,' },
    });
    fireEvent.change(form.getByRole('textbox', { name: 'Content' }), {
      target: { value: 'The harbour froze once.' },
    });
    fireEvent.click(form.getByRole('switch', { name: 'Only with one of these too' }));
    fireEvent.change(form.getByRole('textbox', { name: 'Secondary keywords' }), {
      target: { value: 'winter' },
    });
    fireEvent.change(form.getByRole('combobox', { name: 'Position' }), {
      target: { value: 'after_char' },
    });
    fireEvent.click(form.getByRole('button', { name: 'Save entry' }));

    const item = await panel.findByTestId('lorebook-entry');
    expect(item.textContent).toContain('harbour');
    expect(item.textContent).toContain('The harbour froze once.');
    const [sent] = putBodies();
    expect(sent!.entries).toHaveLength(1);
    expect(sent!.entries[0]).toMatchObject({
      keys: ['harbour', 'quay'],
      secondary_keys: ['winter'],
      selective: true,
      content: 'The harbour froze once.',
      position: 'after_char',
      enabled: true,
    });
  });

  it('edits an entry and saves the whole book, keeping what the editor does not show', async () => {
    lorebookServer(BOOK);
    const panel = openPanel();
    fireEvent.click(await panel.findByRole('button', { name: 'Edit Lamp' }));
    const form = within(panel.getByRole('form', { name: 'Edit entry' }));
    expect(form.getByRole('textbox', { name: 'Keywords' })).toHaveProperty(
      'value',
      'lighthouse, lamp',
    );
    fireEvent.change(form.getByRole('textbox', { name: 'Content' }), {
      target: { value: 'The lamp has not failed in forty years.' },
    });
    fireEvent.click(form.getByRole('switch', { name: 'Always included' }));
    fireEvent.click(form.getByRole('button', { name: 'Save entry' }));

    await waitFor(() => expect(panel.queryByRole('form')).toBeNull());
    expect(panel.getByText('The lamp has not failed in forty years.')).toBeTruthy();
    const [sent] = putBodies();
    expect(sent).toMatchObject({ name: 'Coast lore', scan_depth: 4, token_budget: 512 });
    expect(sent!.entries).toEqual([
      entry({
        name: 'Lamp',
        keys: ['lighthouse', 'lamp'],
        content: 'The lamp has not failed in forty years.',
        constant: true,
      }),
    ]);
  });

  it('shows the server’s message at its field and keeps the editor open', async () => {
    lorebookServer(BOOK);
    setup.api.on('PUT /api/characters/7/lorebook', (_req, _body, res) =>
      json(res, 400, {
        message: 'A key can be at most 100 characters.',
        issues: [
          { path: 'lorebook.entries.0.keys.1', message: 'A key can be at most 100 characters.' },
        ],
      }),
    );
    const panel = openPanel();
    fireEvent.click(await panel.findByRole('button', { name: 'Edit Lamp' }));
    const form = within(panel.getByRole('form', { name: 'Edit entry' }));
    fireEvent.change(form.getByRole('textbox', { name: 'Keywords' }), {
      target: { value: `lamp, ${'x'.repeat(101)}` },
    });
    fireEvent.click(form.getByRole('button', { name: 'Save entry' }));

    expect((await form.findByRole('alert')).textContent).toBe(
      'A key can be at most 100 characters.',
    );
    expect(form.getByRole('textbox', { name: 'Keywords' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('imports a file: its entries appended and the server’s warnings shown', async () => {
    lorebookServer(BOOK);
    setup.api.on('POST /api/characters/7/lorebook/import', (_req, _body, res) =>
      json(res, 200, {
        lorebook: {
          ...BOOK,
          entries: [...BOOK.entries, entry({ id: 2, keys: ['harbour'], content: 'It froze.' })],
        },
        warnings: ['Entry 2 used a position Reverie does not have: it goes before the character.'],
      }),
    );
    const panel = openPanel();
    await panel.findByText('Lamp');
    // Node's own File: the test's requests go through Node's fetch, which cannot read jsdom's.
    const file = new NodeFile(['{"entries":{}}'], 'world.json', { type: 'application/json' });
    fireEvent.change(panel.getByLabelText('Lorebook file'), { target: { files: [file] } });

    const warning = await panel.findByText(/Entry 2 used a position Reverie does not have/);
    expect(warning.closest('[role="status"]')).toBeTruthy();
    expect(panel.getAllByTestId('lorebook-entry')).toHaveLength(2);
    expect(panel.getByText('It froze.')).toBeTruthy();
    expect(await screen.findByText('1 entry imported')).toBeTruthy();
    // The file went as a multipart upload, field `file`.
    const upload = setup.api.requests.find((r) => r.method === 'POST');
    expect(String(upload!.body)).toMatch(/^--.+\r\nContent-Disposition: form-data; name="file"/);
  });

  it('leaves an entry’s editor on Escape before the panel', async () => {
    lorebookServer(BOOK);
    const panel = openPanel();
    fireEvent.click(await panel.findByRole('button', { name: 'Edit Lamp' }));
    fireEvent.keyDown(panel.getByRole('textbox', { name: 'Content' }), { key: 'Escape' });
    await waitFor(() => expect(panel.queryByRole('form')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Mira’s lorebook' })).toBeTruthy();
  });
});
