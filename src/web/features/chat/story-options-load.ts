import type { QueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import type { StoryOption } from '../../../shared/chat/contract';
import { toast } from '../../components/ui/toast';
import { creditsQuery, isOutOfCredits } from '../chat-data/api';
import { refreshAfterPause } from './notices';

/**
 * A story's next four options, after a reply or on reroll (use-story-options.ts): in Story Mode's
 * chunk (StoryParts.tsx), which a story has loaded by the time it replies, not in the chat's
 * first load. Resolves with the new options, or none when they cannot be made (no credit left,
 * a paused account, a failure: each says so its own way); undefined once the user moved on to
 * another conversation. isChatPaused is handed in: importing the safety hooks here would bring
 * lazy-parts.ts into this chunk's imports (see lazy-parts.ts).
 */
export async function nextStoryOptions({
  client,
  id,
  generate,
  shownId,
  onOutOfCredits,
  isChatPaused,
}: {
  client: QueryClient;
  id: number;
  generate: (id: number) => Promise<StoryOption[]>;
  /** The conversation on screen now: options for another are not shown. */
  shownId: RefObject<number | null>;
  onOutOfCredits: () => void;
  isChatPaused: (error: unknown) => Promise<boolean>;
}): Promise<StoryOption[] | undefined> {
  try {
    // None left (the reply just used the last one): the server would refuse the options with a
    // 403, a red line in the console for a normal state. Asked as the badge asks (one request).
    if ((await client.fetchQuery(creditsQuery).catch(() => null)) === 0) {
      if (shownId.current !== id) return;
      onOutOfCredits();
      return [];
    }
    const next = await generate(id);
    return shownId.current === id ? next : undefined;
  } catch (error) {
    // The last turn's options must not stay clickable as if they followed this one.
    if (shownId.current !== id) return;
    // A paused account: the banner takes the options' place (no credits are missing).
    if (await isChatPaused(error)) refreshAfterPause(client, id);
    // The reply just used the last credit.
    else if (isOutOfCredits(error)) onOutOfCredits();
    else {
      toast({
        title: 'Oops!',
        description: 'Unable to load action options right now.',
        variant: 'destructive',
      });
    }
    return [];
  }
}
