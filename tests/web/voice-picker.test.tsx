import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Character } from '../../src/shared/characters/contract';
import type { Voices } from '../../src/shared/voice/contract';
import { Toaster } from '../../src/web/components/ui/toast';
import {
  CreateCharacterForm,
  DEFAULT_EXTRAS,
} from '../../src/web/features/characters/CreateCharacterForm';
import { EditCharacterForm } from '../../src/web/features/characters/EditCharacterForm';
import { apiTestSetup, json } from './api-double';

/**
 * Issue 50 part 1: a voice per character, picked in the create form and on the edit page with a
 * sample to hear, and saved with the rest. Without voice replies configured the forms are as
 * they were.
 */

// The stubs go once the page is unmounted (a sample still playing is paused through the stub,
// not jsdom's missing one): registered before apiTestSetup(), as Vitest runs afterEach hooks
// last-registered first.
afterEach(() => vi.restoreAllMocks());
const setup = apiTestSetup();
/** What the page asked the browser to play, in order (jsdom plays nothing). */
let samples: HTMLMediaElement[];
const played = () => samples.map((sample) => new URL(sample.src).pathname);
beforeEach(() => {
  window.history.replaceState(null, '', '/create');
  samples = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    samples.push(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});

const VOICES: Voices = {
  configured: true,
  voices: [
    { id: 'alloy', label: 'Alloy (warm)' },
    { id: 'nova', label: 'Nova (bright)' },
  ],
  defaultVoice: 'alloy',
  speechCredits: 0,
};
const answerVoices = (voices: Voices) =>
  setup.api.on('GET /api/voices', (_req, _body, res) => json(res, 200, voices));

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
  sexualPreferences: [],
  roles: [],
  includeRoles: false,
  removedByModeration: false,
  voice: 'nova',
  greetings: [],
  creatorNotes: null,
  tags: [],
  creator: null,
  scenario: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderForm(form: 'create' | 'edit') {
  return render(
    <QueryClientProvider client={setup.client}>
      {form === 'create' ? (
        <CreateCharacterForm
          initialBasics={{
            name: 'Mira',
            description: 'A lighthouse keeper on a stormy coast.',
            gender: 'female',
            personality: 'Patient, dry humour, fond of tea.',
          }}
          initialExtras={DEFAULT_EXTRAS}
        />
      ) : (
        <EditCharacterForm character={SELENE} />
      )}
      <Toaster />
    </QueryClientProvider>,
  );
}

const voiceField = () => screen.findByRole<HTMLSelectElement>('combobox', { name: 'Voice' });

describe('the voice picker', () => {
  it('is absent when voice replies are not configured, and the create keeps the default voice', async () => {
    answerVoices({ configured: false, voices: [], defaultVoice: null, speechCredits: 0 });
    setup.api.on('POST /api/characters', (_req, _body, res) =>
      json(res, 201, { id: 9, name: 'Mira' }),
    );
    renderForm('create');
    await waitFor(() =>
      expect(setup.api.requests.some((r) => r.path === '/api/voices')).toBe(true),
    );
    await waitFor(() => expect(setup.client.isFetching()).toBe(0));
    expect(screen.queryByRole('combobox', { name: 'Voice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Play sample' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create Character' }));
    await waitFor(() =>
      expect(setup.api.requests.filter((r) => r.path === '/api/characters')).toHaveLength(1),
    );
    expect(setup.api.requests.find((r) => r.path === '/api/characters')!.body).toMatchObject({
      name: 'Mira',
      voice: null,
    });
  });

  it('offers the default and each voice, and the create sends the one picked', async () => {
    answerVoices(VOICES);
    setup.api.on('POST /api/characters', (_req, _body, res) =>
      json(res, 201, { id: 9, name: 'Mira' }),
    );
    renderForm('create');
    const voice = await voiceField();
    expect(
      within(voice)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Default (Alloy (warm))', 'Alloy (warm)', 'Nova (bright)']);
    expect(voice.value).toBe('');

    fireEvent.change(voice, { target: { value: 'nova' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create Character' }));
    await waitFor(() =>
      expect(setup.api.requests.filter((r) => r.path === '/api/characters')).toHaveLength(1),
    );
    expect(setup.api.requests.find((r) => r.path === '/api/characters')!.body).toMatchObject({
      name: 'Mira',
      voice: 'nova',
    });
  });

  it('shows the character’s stored voice on the edit page and saves a new pick', async () => {
    answerVoices(VOICES);
    setup.api.on('PUT /api/characters/7', (_req, body, res) =>
      json(res, 200, { ...SELENE, ...(body as object) }),
    );
    setup.api.on('GET /api/characters', (_req, _body, res) => json(res, 200, []));
    window.history.replaceState(null, '', '/edit/7');
    renderForm('edit');
    const voice = await voiceField();
    // In the chat settings section, with the character's voice chosen.
    const section = screen.getByRole('region', { name: 'How Selene chats' });
    expect(within(section).getByRole('combobox', { name: 'Voice' })).toBe(voice);
    expect(voice.value).toBe('nova');

    fireEvent.change(voice, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Character' }));
    await waitFor(() => expect(window.location.pathname).toBe('/chat'));
    const puts = setup.api.requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    // Back to the default voice: null.
    expect(puts[0]!.body).toMatchObject({ name: 'Selene', voice: null });
  });

  it('plays a sample of the chosen voice, and stops it', async () => {
    answerVoices(VOICES);
    renderForm('create');
    const voice = await voiceField();

    // The default voice's sample while none is picked.
    fireEvent.click(screen.getByRole('button', { name: 'Play sample' }));
    expect(played()).toEqual(['/api/voices/alloy/sample']);
    const stop = screen.getByRole('button', { name: 'Stop sample' });
    fireEvent.click(stop);
    expect(screen.getByRole('button', { name: 'Play sample' })).toBe(stop);

    fireEvent.change(voice, { target: { value: 'nova' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play sample' }));
    expect(played()).toEqual(['/api/voices/alloy/sample', '/api/voices/nova/sample']);
    expect(screen.getByRole('button', { name: 'Stop sample' })).toBeTruthy();
    // Heard to the end, the button offers it again.
    act(() => void samples.at(-1)!.dispatchEvent(new Event('ended')));
    expect(screen.getByRole('button', { name: 'Play sample' })).toBeTruthy();
  });

  it('says why a sample could not be played, under the field', async () => {
    answerVoices(VOICES);
    setup.api.on('GET /api/voices/nova/sample', (_req, _body, res) =>
      json(res, 429, { message: 'Too many samples. Please wait a minute.' }),
    );
    // The browser could not load the audio: the element reports an error.
    vi.mocked(HTMLMediaElement.prototype.play).mockImplementation(function (
      this: HTMLMediaElement,
    ) {
      this.dispatchEvent(new Event('error'));
      return Promise.reject(new DOMException('No supported source', 'NotSupportedError'));
    });
    renderForm('create');
    fireEvent.change(await voiceField(), { target: { value: 'nova' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play sample' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many samples. Please wait a minute.',
    );
    expect(screen.getByRole('button', { name: 'Play sample' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Voice' }).getAttribute('aria-describedby')).toBe(
      'character-voice-error',
    );
  });
});
