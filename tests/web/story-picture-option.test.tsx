import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PICTURE_STORY_OPTION } from '../../src/shared/pictures/rules';
import { StoryOptions } from '../../src/web/features/chat/StoryParts';
import { apiTestSetup, json } from './api-double';
import { withAppProviders } from './providers';

/**
 * The model may offer a picture among a story's options (issue 50 part 3): where pictures can be
 * made, choosing that option asks for the picture instead of sending it as the user's move; where
 * they cannot, it is an option like any other.
 */

const setup = apiTestSetup();
beforeEach(() => {
  setup.api.on('POST /api/conversations/7/pictures', (_req, _body, res) =>
    json(res, 200, PICTURE_MESSAGE),
  );
});

const PICTURE_MESSAGE = {
  id: 40,
  conversationId: 7,
  sender: 'ai',
  content: '*sends you a picture*',
  createdAt: '2026-01-01T00:00:00.000Z',
  lore: [],
  attachments: [{ kind: 'image', url: '/api/messages/40/attachments/0', width: 8, height: 8 }],
};

const OPTIONS = ['Light the lamp', 'Climb down', 'Call out', PICTURE_STORY_OPTION].map(
  (option, i) => ({ number: i + 1, option }),
);

function showOptions(pictures: boolean) {
  const chosen: string[] = [];
  const Providers = withAppProviders(setup.client);
  render(
    <Providers>
      <StoryOptions
        options={OPTIONS}
        loading={false}
        waiting={false}
        disabled={false}
        onChoose={async (text) => {
          chosen.push(text);
          return true;
        }}
        onReroll={() => {}}
        picture={pictures ? <span>picture button</span> : undefined}
        conversationId={7}
      />
    </Providers>,
  );
  return chosen;
}

const pictureRequests = () =>
  setup.api.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/pictures'));

describe('the model’s picture option in a story', () => {
  it('asks for the picture, and sends nothing as the user’s move', async () => {
    const chosen = showOptions(true);
    fireEvent.click(screen.getByRole('button', { name: PICTURE_STORY_OPTION }));
    await waitFor(() => expect(pictureRequests()).toHaveLength(1));
    expect(chosen).toEqual([]);
    // Another option is still the user's move.
    fireEvent.click(screen.getByRole('button', { name: 'Climb down' }));
    expect(chosen).toEqual(['Climb down']);
  });

  it('is asked for once while the picture is being made: a second press would be paid for again', async () => {
    let answer = () => {};
    setup.api.on('POST /api/conversations/7/pictures', (_req, _body, res) => {
      answer = () => json(res, 200, PICTURE_MESSAGE);
    });
    showOptions(true);
    const option = screen.getByRole<HTMLButtonElement>('button', { name: PICTURE_STORY_OPTION });
    fireEvent.click(option);
    await waitFor(() => expect(pictureRequests()).toHaveLength(1));
    expect(option.disabled).toBe(true);
    fireEvent.click(option);
    // The other options are the user's moves, and stay open.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Climb down' }).disabled).toBe(
      false,
    );
    answer();
    await waitFor(() => expect(option.disabled).toBe(false));
    expect(pictureRequests()).toHaveLength(1);
  });

  it('is an option like any other where pictures cannot be made', () => {
    const chosen = showOptions(false);
    fireEvent.click(screen.getByRole('button', { name: PICTURE_STORY_OPTION }));
    expect(chosen).toEqual([PICTURE_STORY_OPTION]);
    expect(pictureRequests()).toHaveLength(0);
  });
});
