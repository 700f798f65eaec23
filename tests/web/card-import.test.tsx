import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Route, Switch } from 'wouter';
import type { ReadCardResponse } from '../../src/shared/character-cards/contract';
import { FLASH_KEY, Toaster } from '../../src/web/components/ui/toast';
import { SESSION_KEY } from '../../src/web/features/auth/session';
import { ImportCharacterButton } from '../../src/web/features/character-cards/ImportCharacterButton';
import { queryClient } from '../../src/web/lib/query-client';
import CreateCharacterPage from '../../src/web/pages/CreateCharacterPage';
import { v2Card } from '../support/card-fixtures';
import { json, startApiDouble } from './api-double';

/**
 * Issue 47: 'Import character'. A chosen card goes to the server as a multipart upload and the
 * Create Character form opens filled in with what it answered, its warnings on top and an
 * over-long text whole, saying how much to cut; the create sends the card's extras and lorebook.
 * A card the server refuses leaves the user in the dialog with the server's reason.
 */

let api: Awaited<ReturnType<typeof startApiDouble>>;
beforeAll(async () => {
  api = await startApiDouble();
});
afterAll(() => api.close());
beforeEach(() => {
  api.reset();
  queryClient.clear();
  queryClient.setQueryData(SESSION_KEY, {
    id: 'u1',
    email: 'reader@example.com',
    name: 'Reader',
    emailVerified: true,
  });
  window.history.replaceState(null, '', '/chat');
});

const LONG_DESCRIPTION = `${'A lighthouse keeper on a stormy coast. '.repeat(4)}`.trim();
const WARNING = `The description is ${LONG_DESCRIPTION.length} characters, ${LONG_DESCRIPTION.length - 100} over Reverie’s limit of 100: shorten it before saving.`;

const READING: ReadCardResponse = {
  draft: {
    name: 'Mira',
    description: LONG_DESCRIPTION,
    personality: 'Patient, dry humour, fond of tea.',
    greetings: ['Come in out of the rain, {{user}}.', 'The kettle is on.'],
    extras: { scenario: 'A storm.', tags: ['coast'], x_unknown_field: { kept: ['as', 'is'] } },
  },
  lorebook: {
    name: 'Coast lore',
    description: '',
    scan_depth: 4,
    token_budget: 512,
    recursive_scanning: false,
    extensions: {},
    entries: [],
  },
  avatarUploadId: 'abcdefgh1234.png',
  avatarUrl: '/avatars/abcdefgh1234.png',
  warnings: [WARNING],
};

function renderApp() {
  return render(
    <QueryClientProvider client={queryClient}>
      <Switch>
        <Route path="/create" component={CreateCharacterPage} />
        <Route>
          <ImportCharacterButton />
        </Route>
      </Switch>
      <Toaster />
    </QueryClientProvider>,
  );
}

// Node's own File: the test's requests go through Node's fetch, which cannot read jsdom's.
const cardFile = () =>
  new NodeFile([JSON.stringify(v2Card)], 'mira.json', {
    type: 'application/json',
  }) as unknown as File;

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Import character' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import character' });
  expect(within(dialog).getByText(/a \.png, \.json or \.charx file up to 20 MB/)).toBeTruthy();
  // Reached by the keyboard: the dialog opens on its one button.
  const choose = within(dialog).getByRole('button', { name: 'Choose a file' });
  await waitFor(() => expect(document.activeElement).toBe(choose));
  const input = within(dialog).getByLabelText<HTMLInputElement>('Character card file');
  expect(input.accept).toBe('.png,.json,.charx,image/png,application/json');
  return { dialog, input };
}

const reads = () => api.requests.filter((r) => r.path === '/api/character-cards/read');

describe('importing a character card', () => {
  it('reads a chosen card and opens the create form filled in, then creates with all of it', async () => {
    api.on('POST /api/character-cards/read', (_req, _body, res) => json(res, 200, READING));
    api.on('POST /api/characters', (_req, _body, res) => json(res, 201, { id: 7, name: 'Mira' }));
    renderApp();
    const { input } = await openDialog();
    fireEvent.change(input, { target: { files: [cardFile()] } });

    // The file went as a multipart upload, field `file`.
    await waitFor(() => expect(reads()).toHaveLength(1));
    expect(String(reads()[0]!.body)).toMatch(
      /^--.+\r\nContent-Disposition: form-data; name="file"/,
    );

    // The create form, filled in; the warnings first.
    const form = await screen.findByRole('form', { name: 'Character details' });
    expect(window.location.pathname).toBe('/create');
    expect(within(form).getByRole('status').textContent).toContain(WARNING);
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe(
      'Mira',
    );
    const description = within(form).getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Description',
    });
    // Whole, never cut, with how much to cut.
    expect(description.value).toBe(LONG_DESCRIPTION);
    expect(description.getAttribute('aria-invalid')).toBe('true');
    const over = LONG_DESCRIPTION.length - 100;
    expect(
      within(form).getByText(`${over} characters over the limit of 100: cut them to save.`),
    ).toBeTruthy();
    expect(
      within(form).getByRole<HTMLTextAreaElement>('textbox', { name: /^Personality/ }).value,
    ).toBe('Patient, dry humour, fond of tea.');
    expect(within(form).getByRole<HTMLTextAreaElement>('textbox', { name: 'Greeting' }).value).toBe(
      'Come in out of the rain, {{user}}.',
    );
    expect(
      within(form).getByRole<HTMLTextAreaElement>('textbox', { name: 'Alternative greeting 1' })
        .value,
    ).toBe('The kettle is on.');
    // The card's image, stored by the read, as the avatar.
    expect(form.querySelector('img')?.getAttribute('src')).toBe('/avatars/abcdefgh1234.png');
    // Cards have no gender: the form asks.
    const gender = within(form).getByRole<HTMLSelectElement>('combobox', { name: 'Gender' });
    expect(gender.value).toBe('');

    fireEvent.change(description, { target: { value: 'A lighthouse keeper on a stormy coast.' } });
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('false'));
    fireEvent.change(gender, { target: { value: 'female' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create Character' }));

    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/api/characters')).toHaveLength(1),
    );
    const created = api.requests.find((r) => r.path === '/api/characters')!.body as Record<
      string,
      unknown
    >;
    expect(created).toMatchObject({
      name: 'Mira',
      description: 'A lighthouse keeper on a stormy coast.',
      gender: 'female',
      personality: 'Patient, dry humour, fond of tea.',
      avatarImage: 'abcdefgh1234.png',
      greetings: ['Come in out of the rain, {{user}}.', 'The kettle is on.'],
      extras: READING.draft.extras,
      lorebook: READING.lorebook,
    });
    // Then the form navigates in full to the chat (jsdom does not follow), whose page tells the
    // user. Waited for here: a toast saved for the next page after this test had ended showed in
    // a later test's page instead.
    await waitFor(() => expect(window.sessionStorage.getItem(FLASH_KEY)).toContain('Mira'));
    cleanup();
    render(<Toaster />);
    expect(await screen.findByText('Mira has been added to your collection.')).toBeTruthy();
  });

  it('shows the server’s reason in the dialog and changes nothing else', async () => {
    api.on('POST /api/character-cards/read', (_req, _body, res) =>
      json(res, 400, { message: 'This PNG has no character card in it.' }),
    );
    renderApp();
    const { dialog } = await openDialog();
    // Dropped this time.
    fireEvent.drop(within(dialog).getByTestId('card-drop-zone'), {
      dataTransfer: { files: [cardFile()] },
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This PNG has no character card in it.',
    );
    expect(window.location.pathname).toBe('/chat');
    expect(screen.queryByRole('form', { name: 'Character details' })).toBeNull();

    // A file too big: the 413's own message.
    api.on('POST /api/character-cards/read', (_req, _body, res) =>
      json(res, 413, { message: 'This file is over 20 MB.' }),
    );
    fireEvent.change(within(dialog).getByLabelText('Character card file'), {
      target: { files: [cardFile()] },
    });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('This file is over 20 MB.'),
    );
    expect(reads()).toHaveLength(2);
    expect(api.requests.filter((r) => r.path === '/api/characters')).toHaveLength(0);
  });

  it('opens the usual empty page when /create is reached without the card', async () => {
    api.on('POST /api/character-cards/read', (_req, _body, res) => json(res, 200, READING));
    const first = renderApp();
    const { input } = await openDialog();
    fireEvent.change(input, { target: { files: [cardFile()] } });
    await screen.findByRole('form', { name: 'Character details' });
    first.unmount();
    // A link or a typed address: no card in the history entry, so nothing of it is shown.
    window.history.replaceState(null, '', '/create');
    renderApp();
    expect(await screen.findByRole('button', { name: /manually/ })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Character details' })).toBeNull();
    expect(document.body.textContent).not.toContain('Mira');
  });

  it('gives a card Reverie exported its own settings back', async () => {
    const exported: ReadCardResponse = {
      ...READING,
      draft: {
        ...READING.draft,
        description: 'A lighthouse keeper on a stormy coast.',
        reverie: {
          gender: 'male',
          type: 'companion',
          directnessLevel: 4,
          sexualPreferences: ['Romance'],
          settings: { emojis: false, actionMessages: true },
        },
      },
      warnings: [],
    };
    api.on('POST /api/character-cards/read', (_req, _body, res) => json(res, 200, exported));
    api.on('POST /api/characters', (_req, _body, res) => json(res, 201, { id: 8, name: 'Mira' }));
    renderApp();
    const { input } = await openDialog();
    fireEvent.change(input, { target: { files: [cardFile()] } });
    const form = await screen.findByRole('form', { name: 'Character details' });
    // No warnings, no list of them.
    expect(within(form).queryByRole('status')).toBeNull();
    expect(within(form).getByRole<HTMLSelectElement>('combobox', { name: 'Gender' }).value).toBe(
      'male',
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Create Character' }));
    await waitFor(() =>
      expect(api.requests.filter((r) => r.path === '/api/characters')).toHaveLength(1),
    );
    expect(api.requests.find((r) => r.path === '/api/characters')!.body).toMatchObject({
      gender: 'male',
      directnessLevel: 4,
      sexualPreferences: ['Romance'],
      settings: { emojis: false, actionMessages: true },
    });
  });
});
