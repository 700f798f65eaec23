import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { IntimacySlider } from '../../src/web/features/chat/IntimacySlider';
import { json, startApiDouble } from './api-double';
import { mira } from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * The message box's intimacy slider saves the character's directness when released; a level the
 * server did not keep is not left on show.
 */

let apiDouble: Awaited<ReturnType<typeof startApiDouble>>;
let client: QueryClient;
beforeAll(async () => {
  apiDouble = await startApiDouble();
});
afterAll(() => apiDouble.close());
beforeEach(() => {
  apiDouble.reset();
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});
afterEach(async () => {
  await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  cleanup();
});

function Panel() {
  const [level, setLevel] = useState(2);
  return <IntimacySlider characterId={5} level={level} onLevel={setLevel} />;
}

function showSlider() {
  const Providers = withAppProviders(client);
  render(
    <Providers>
      <Panel />
    </Providers>,
  );
  return screen.getByRole('slider');
}

describe('the intimacy slider', () => {
  it('goes back to the character’s level when a new one could not be saved, and says why', async () => {
    apiDouble.on('PUT /api/characters/5', (_req, _body, res) =>
      json(res, 500, { message: 'Could not save the character.' }),
    );
    const slider = showSlider();
    expect(slider.getAttribute('aria-valuenow')).toBe('2');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await screen.findByText('Could not save the character.');
    expect(slider.getAttribute('aria-valuenow')).toBe('2');
  });

  it('keeps a level that was saved, and goes back only as far as it', async () => {
    let fail = false;
    apiDouble.on('PUT /api/characters/5', (_req, body, res) =>
      fail
        ? json(res, 500, { message: 'Could not save the character.' })
        : json(res, 200, { ...mira, id: 5, ...(body as object) }),
    );
    const slider = showSlider();
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await screen.findByText('Directness updated');
    expect(slider.getAttribute('aria-valuenow')).toBe('3');
    fail = true;
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await screen.findByText('Could not save the character.');
    expect(slider.getAttribute('aria-valuenow')).toBe('3');
  });
});
