import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoryOption } from '../../src/shared/chat/contract';
import { useConversation } from '../../src/web/features/chat-data/api';
import { useStoryOptions } from '../../src/web/features/chat/use-story-options';
import { queryClient as appQueryClient } from '../../src/web/lib/query-client';
import { json, startApiDouble } from './api-double';
import { withAppProviders } from './providers';
import { OUT_OF_CREDITS_MESSAGE } from '../../src/shared/chat/rules';

const STORY = 7;
const OTHER_STORY = 8;
const four = (...texts: string[]): StoryOption[] =>
  texts.map((option, i) => ({ number: i + 1, option }));
const opening = four('Open the door', 'Call out', 'Hide', 'Wait');
const otherOpening = four('Sail north', 'Sail south', 'Drop anchor', 'Sleep');
const afterReply = four('Step inside', 'Light a candle', 'Run', 'Whisper her name');

let apiDouble: Awaited<ReturnType<typeof startApiDouble>>;
/** What the server has stored on each story as its current options. */
let storedOptions: Map<number, StoryOption[]>;
let client: QueryClient;
/** The credits the account has left, as GET /api/get-credits answers. */
let creditsLeft: number;

beforeAll(async () => {
  apiDouble = await startApiDouble();
});
afterAll(() => apiDouble.close());
beforeEach(() => {
  apiDouble.reset();
  creditsLeft = 5;
  apiDouble.on('GET /api/get-credits', (_req, _body, res) =>
    json(res, 200, { credits: creditsLeft }),
  );
  storedOptions = new Map([
    [STORY, opening],
    [OTHER_STORY, otherOpening],
  ]);
  for (const id of [STORY, OTHER_STORY]) {
    apiDouble.on(`GET /api/conversations/${id}`, (_req, _body, res) =>
      json(res, 200, { id, chatMode: 'immersive', currentOptions: storedOptions.get(id) }),
    );
  }
});
afterEach(async () => {
  try {
    // Nothing from this test may reach the stand-in during the next one.
    await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  } finally {
    // Toasts outlive a test (they stay five seconds): dismiss them as a user would.
    for (const button of screen.queryAllByLabelText('Dismiss notification')) {
      fireEvent.click(button);
    }
    cleanup();
  }
});

/** The server makes the next options when the test says so, storing them on the story. */
function optionsOnDemand() {
  const waiting: { id: number; res: ServerResponse }[] = [];
  apiDouble.on('POST /api/generate-options', (_req, body, res) => {
    waiting.push({ id: (body as { conversationId: number }).conversationId, res });
  });
  return {
    answer: async (id: number, status: number, options: StoryOption[] = []) => {
      await waitFor(() => expect(waiting.some((w) => w.id === id)).toBe(true));
      const { res } = waiting.splice(
        waiting.findIndex((w) => w.id === id),
        1,
      )[0]!;
      if (status === 200) storedOptions.set(id, options);
      json(
        res,
        status,
        status === 200 ? { options } : { message: status === 403 ? OUT_OF_CREDITS_MESSAGE : 'No' },
      );
    },
  };
}

/**
 * The story bar as ChatView drives it: the conversation on screen, its stored options, and a
 * switch to another conversation (which resets the options, as opening a new route does).
 */
function renderStory() {
  // The app's cache defaults (stored options stay fresh for minutes unless a write says otherwise).
  client = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
  const shownId = { current: STORY as number | null };
  const outOfCredits: string[] = [];
  const wrapper = withAppProviders(client);
  const view = renderHook(
    ({ id }: { id: number }) => {
      const conversation = useConversation(id);
      const story = useStoryOptions({
        shownId,
        stored: conversation.data?.currentOptions,
        onOutOfCredits: () => outOfCredits.push('shown'),
      });
      return { ...story, shown: story.options.map((o) => o.option) };
    },
    { wrapper, initialProps: { id: STORY } },
  );
  const switchTo = (id: number) => {
    act(() => {
      shownId.current = id;
      view.result.current.reset();
    });
    view.rerender({ id });
  };
  return { ...view, outOfCredits, switchTo };
}

const generateRequests = () =>
  apiDouble.requests.filter((r) => r.path === '/api/generate-options').map((r) => r.body);

describe('story options', () => {
  it('shows the four options stored on the story when it opens', async () => {
    const { result } = renderStory();
    expect(result.current.shown).toEqual([]);
    await waitFor(() => expect(result.current.shown).toEqual(opening.map((o) => o.option)));
    expect(result.current.loadingFor).toBeNull();
  });

  it('after a reply, is generating for that story, then shows the four new options', async () => {
    const server = optionsOnDemand();
    const { result, switchTo } = renderStory();
    await waitFor(() => expect(result.current.shown).toHaveLength(4));

    let loaded!: Promise<void>;
    act(() => {
      loaded = result.current.load(STORY);
    });
    expect(result.current.loadingFor).toBe(STORY);
    await server.answer(STORY, 200, afterReply);
    await act(() => loaded);

    expect(result.current.shown).toEqual(afterReply.map((o) => o.option));
    expect(result.current.loadingFor).toBeNull();
    expect(generateRequests()).toEqual([{ conversationId: STORY }]);
    // They are the story's stored options now: leaving and coming back shows them again.
    switchTo(OTHER_STORY);
    await waitFor(() => expect(result.current.shown).toEqual(otherOpening.map((o) => o.option)));
    switchTo(STORY);
    await waitFor(() => expect(result.current.shown).toEqual(afterReply.map((o) => o.option)));
  });

  it('a reroll replaces the options with another four', async () => {
    const server = optionsOnDemand();
    const { result } = renderStory();
    await waitFor(() => expect(result.current.shown).toHaveLength(4));
    const reroll = four('Dance', 'Sing', 'Laugh', 'Leave');

    for (const next of [afterReply, reroll]) {
      let loaded!: Promise<void>;
      act(() => {
        loaded = result.current.load(STORY);
      });
      await server.answer(STORY, 200, next);
      await act(() => loaded);
    }
    expect(result.current.shown).toEqual(['Dance', 'Sing', 'Laugh', 'Leave']);
  });

  it('clears the old options and says so when new ones cannot be made', async () => {
    const server = optionsOnDemand();
    const { result, outOfCredits } = renderStory();
    await waitFor(() => expect(result.current.shown).toHaveLength(4));

    let loaded!: Promise<void>;
    act(() => {
      loaded = result.current.load(STORY);
    });
    await server.answer(STORY, 502);
    await act(() => loaded);

    // The last turn's options would not follow the new reply: none are offered.
    expect(result.current.shown).toEqual([]);
    expect(result.current.loadingFor).toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Oops!');
    expect(alert.textContent).toContain('Unable to load action options right now.');
    expect(outOfCredits).toEqual([]);
  });

  it('offers more credits instead of an error when the reply used the last one', async () => {
    const server = optionsOnDemand();
    const { result, outOfCredits } = renderStory();
    await waitFor(() => expect(result.current.shown).toHaveLength(4));

    let loaded!: Promise<void>;
    act(() => {
      loaded = result.current.load(STORY);
    });
    await server.answer(STORY, 403);
    await act(() => loaded);

    expect(outOfCredits).toEqual(['shown']);
    expect(result.current.shown).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for no options (a refused request) when the credits read none left', async () => {
    optionsOnDemand();
    const { result, outOfCredits } = renderStory();
    await waitFor(() => expect(result.current.shown).toHaveLength(4));
    creditsLeft = 0;

    await act(() => result.current.load(STORY));

    expect(outOfCredits).toEqual(['shown']);
    expect(result.current.shown).toEqual([]);
    expect(generateRequests()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps options that arrive after the user moved on for when they come back', async () => {
    const server = optionsOnDemand();
    const { result, switchTo } = renderStory();
    await waitFor(() => expect(result.current.shown).toHaveLength(4));

    let loadedFirst!: Promise<void>;
    act(() => {
      loadedFirst = result.current.load(STORY);
    });
    switchTo(OTHER_STORY);
    await waitFor(() => expect(result.current.shown).toEqual(otherOpening.map((o) => o.option)));
    // A reply on the other story starts its own options.
    act(() => void result.current.load(OTHER_STORY));
    expect(result.current.loadingFor).toBe(OTHER_STORY);

    await server.answer(STORY, 200, afterReply);
    await act(() => loadedFirst);
    // The first story's options do not show here, nor end this story's "generating".
    expect(result.current.shown).toEqual(otherOpening.map((o) => o.option));
    expect(result.current.loadingFor).toBe(OTHER_STORY);

    await server.answer(OTHER_STORY, 200, four('Row', 'Swim', 'Shout', 'Pray'));
    await waitFor(() => expect(result.current.shown).toEqual(['Row', 'Swim', 'Shout', 'Pray']));
    expect(result.current.loadingFor).toBeNull();

    switchTo(STORY);
    await waitFor(() => expect(result.current.shown).toEqual(afterReply.map((o) => o.option)));
  });

  it('says nothing about a failure on a story the user has left', async () => {
    const server = optionsOnDemand();
    const { result, switchTo, outOfCredits } = renderStory();
    await waitFor(() => expect(result.current.shown).toHaveLength(4));

    let loaded!: Promise<void>;
    act(() => {
      loaded = result.current.load(STORY);
    });
    switchTo(OTHER_STORY);
    await waitFor(() => expect(result.current.shown).toEqual(otherOpening.map((o) => o.option)));
    await server.answer(STORY, 403);
    await act(() => loaded);

    expect(result.current.shown).toEqual(otherOpening.map((o) => o.option));
    expect(result.current.loadingFor).toBeNull();
    expect(outOfCredits).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
