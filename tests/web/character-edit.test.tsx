import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Character } from '../../src/shared/characters/contract';
import { Toaster } from '../../src/web/components/ui/toast';
import { EditCharacterForm } from '../../src/web/features/characters/EditCharacterForm';
import { apiTestSetup, json } from './api-double';

/**
 * Issue 45: one place to edit a character. The edit page holds what the settings screen held
 * (switches, directness, preferences, roles) and saves it with the rest in one request; Cancel
 * leaves without saving.
 */

const setup = apiTestSetup();
beforeEach(() => window.history.replaceState(null, '', '/edit/7'));

const SELENE: Character = {
  id: 7,
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  type: 'companion',
  gender: 'female',
  personality: 'Playful and literate; teases gently and quotes poetry at midnight.',
  avatarImage: null,
  avatarUrl: null,
  avatarColor: 'ocean',
  settings: { emojis: true, actionMessages: true },
  directnessLevel: 2,
  sexualPreferences: ['Romance'],
  roles: [],
  includeRoles: false,
  removedByModeration: false,
  voice: null,
  greetings: [],
  creatorNotes: null,
  tags: [],
  creator: null,
  scenario: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderEdit() {
  return render(
    <QueryClientProvider client={setup.client}>
      <EditCharacterForm character={SELENE} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('the edit page', () => {
  it('holds the chat settings beside the character', () => {
    renderEdit();
    expect(screen.getByRole('heading', { name: 'How Selene chats' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Enable Emojis' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Enable Action Messages' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Directness' })).toBeTruthy();
    const chips = screen.getByRole('group', { name: 'Sexual preferences' });
    expect(
      within(chips).getByRole('button', { name: 'Romance' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(screen.getByLabelText('Include character roles/professions')).toBeTruthy();
  });

  it('saves the character and its settings in one request', async () => {
    setup.api.on('PUT /api/characters/7', (_req, body, res) =>
      json(res, 200, { ...SELENE, ...(body as object) }),
    );
    setup.api.on('GET /api/characters', (_req, _body, res) => json(res, 200, []));
    renderEdit();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Selene Nightsong' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Enable Emojis' }));
    fireEvent.click(screen.getByRole('button', { name: 'Humor' }));
    fireEvent.click(screen.getByLabelText('Include character roles/professions'));
    fireEvent.click(screen.getByRole('button', { name: 'Update Character' }));

    await waitFor(() => expect(window.location.pathname).toBe('/chat'));
    const puts = setup.api.requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.body).toMatchObject({
      name: 'Selene Nightsong',
      avatarColor: 'ocean',
      settings: { emojis: false, actionMessages: true },
      directnessLevel: 2,
      sexualPreferences: ['Romance', 'Humor'],
      includeRoles: true,
    });
    expect(await screen.findByText('Selene Nightsong has been updated!')).toBeTruthy();
  });

  it('Cancel goes back where the user came from, saving nothing (changes discarded, unasked)', async () => {
    window.history.replaceState(null, '', '/chat/3?character=7');
    window.history.pushState(null, '', '/edit/7');
    renderEdit();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Not saved' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Enable Emojis' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(window.location.pathname).toBe('/chat/3'));
    // Nothing written (reading the voices on offer is not saving).
    expect(setup.api.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('Cancel on a page opened on its own leads to the character’s chat', async () => {
    const withNavigation = window as { navigation?: { canGoBack: boolean } };
    withNavigation.navigation = { canGoBack: false };
    try {
      renderEdit();
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(window.location.search).toBe('?character=7'));
      expect(window.location.pathname).toBe('/chat');
    } finally {
      delete withNavigation.navigation;
    }
  });

  it('opened at its chat settings, puts the focus on their heading', () => {
    window.history.replaceState(null, '', '/edit/7#chat-settings');
    renderEdit();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'How Selene chats' }));
  });
});
