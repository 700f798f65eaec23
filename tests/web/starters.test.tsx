import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Starter } from '../../src/shared/characters/contract';
import { FLASH_KEY, Toaster } from '../../src/web/components/ui/toast';
import { CHARACTERS_KEY } from '../../src/web/features/characters/api';
import StarterGallery from '../../src/web/features/characters/starters/StarterGallery';
import { apiTestSetup, json } from './api-double';

/**
 * Issue 45: the ready-made characters' gallery. Each card is reached by its one button; adopting
 * sends the starter's id, marks the characters' list for a fresh read and does what a create
 * does; a refused adoption says why, and the keyboard focus stays where it was.
 */

const setup = apiTestSetup();
beforeEach(() => window.sessionStorage.clear());

const STARTERS: Starter[] = [
  {
    id: 'jazz-bartender',
    name: 'Marcus Vale',
    description: 'A 38-year-old bartender and jazz pianist.',
    gender: 'male',
    category: 'Professions',
    avatarUrl: '/art/starter-jazz-bartender.svg',
    avatarColor: 'eclipse',
    tags: ['Flirting', 'Romance'],
  },
  {
    id: 'starship-android',
    name: 'Vesper',
    description: 'An adult navigator android on a long-haul freighter.',
    gender: 'non-binary',
    category: 'Monsters: Sci-Fi & Alien',
    avatarUrl: '/art/starter-starship-android.svg',
    avatarColor: 'space',
    tags: [],
  },
];

function renderGallery() {
  setup.api.on('GET /api/starters', (_req, _body, res) => json(res, 200, { starters: STARTERS }));
  return render(
    <QueryClientProvider client={setup.client}>
      <StarterGallery title="Or start with one of ours" />
      <Toaster />
    </QueryClientProvider>,
  );
}

const adoptions = () => setup.api.requests.filter((r) => r.method === 'POST');

describe('the starter gallery', () => {
  it('shows each starter as a card with its portrait and one button', async () => {
    renderGallery();
    const section = screen.getByRole('region', { name: 'Or start with one of ours' });
    const card = await within(section).findByRole('article', { name: 'Marcus Vale' });
    expect(within(card).getByText('Professions · Male')).toBeTruthy();
    // A portrait beside the name, which says who it is (so the picture itself has no name).
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/art/starter-jazz-bartender.svg');
    expect(within(card).getByRole('list', { name: 'Tags' }).textContent).toBe('FlirtingRomance');
    const button = within(card).getByRole('button', { name: 'Start with Marcus Vale' });
    expect(button.getAttribute('aria-describedby')).toBe(
      within(card).getByText(STARTERS[0]!.description).id,
    );
    expect(screen.getByText('Monsters: Sci-Fi & Alien · Non-binary')).toBeTruthy();
    // Buttons in the page's tab order, one per card.
    expect(screen.getAllByRole('button').map((b) => b.tabIndex)).toEqual([0, 0]);
  });

  it('adopts one starter at a time and does what a create does', async () => {
    let answer!: () => void;
    setup.api.on('POST /api/starters/starship-android/adopt', (_req, _body, res) => {
      answer = () => json(res, 201, { id: 42, name: 'Vesper' });
    });
    setup.client.setQueryData(CHARACTERS_KEY, []);
    renderGallery();
    const button = await screen.findByRole('button', { name: 'Start with Vesper' });
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(adoptions()).toHaveLength(1));
    // On its way: the button says so and keeps the focus; the others do nothing meanwhile.
    expect(button.textContent).toBe('Adding…');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(button);
    fireEvent.click(screen.getByRole('button', { name: 'Start with Marcus Vale' }));
    expect(adoptions()).toHaveLength(1);
    answer();
    // The create flow: the characters' list read again, the toast for the next page.
    await waitFor(() =>
      expect(setup.client.getQueryState(CHARACTERS_KEY)?.isInvalidated).toBe(true),
    );
    expect(JSON.parse(window.sessionStorage.getItem(FLASH_KEY)!)).toEqual({
      title: 'Character created!',
      description: 'Vesper has been added to your collection.',
    });
    expect(adoptions().map((r) => r.path)).toEqual(['/api/starters/starship-android/adopt']);
  });

  it('says why an adoption was refused, and the button works again', async () => {
    setup.api.on('POST /api/starters/jazz-bartender/adopt', (_req, _body, res) =>
      json(res, 429, { message: 'You have generated many characters in a short time.' }),
    );
    renderGallery();
    const button = await screen.findByRole('button', { name: 'Start with Marcus Vale' });
    button.focus();
    fireEvent.click(button);
    const toast = await screen.findByTestId('toast');
    expect(toast.textContent).toContain('Failed to create character');
    expect(toast.textContent).toContain('You have generated many characters in a short time.');
    expect(button.textContent).toBe('Start with Marcus Vale');
    expect(button.getAttribute('aria-disabled')).toBeNull();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    await waitFor(() => expect(adoptions()).toHaveLength(2));
  });

  it('offers to try again when the starters could not be read', async () => {
    setup.api.on('GET /api/starters', (_req, _body, res) => json(res, 500, { message: 'down' }));
    render(
      <QueryClientProvider client={setup.client}>
        <StarterGallery title="Start from a ready-made character" />
      </QueryClientProvider>,
    );
    await screen.findByText('The ready-made characters could not be loaded.');
    setup.api.on('GET /api/starters', (_req, _body, res) => json(res, 200, { starters: STARTERS }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Start with Vesper' })).toBeTruthy();
  });
});
