import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { IntimacySlider } from '../../src/web/features/chat/IntimacySlider';
import { apiTestSetup, json } from './api-double';
import { mira } from './chat-view-double';
import { withAppProviders } from './providers';

/**
 * The message box's intimacy slider saves the character's directness when released; a level the
 * server did not keep is not left on show.
 */

const setup = apiTestSetup();

function Panel() {
  const [level, setLevel] = useState(2);
  return <IntimacySlider characterId={5} level={level} onLevel={setLevel} />;
}

function showSlider() {
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <Panel />
    </Providers>,
  );
  return screen.getByRole('slider');
}

describe('the intimacy slider', () => {
  it('goes back to the character’s level when a new one could not be saved, and says why', async () => {
    setup.api.on('PUT /api/characters/5', (_req, _body, res) =>
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
    setup.api.on('PUT /api/characters/5', (_req, body, res) =>
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
