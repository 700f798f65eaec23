import { useQueryClient } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import type { StoryOption } from '../../../shared/chat/contract';
import { toast } from '../../components/ui/toast';
import { creditsQuery, isOutOfCredits } from '../chat-data/api';
import { useGenerateOptions } from './mutations';
import { refreshAfterPause } from './notices';
import { isChatPaused } from './safety-hooks';

/**
 * A story's four suggested actions: made after every reply and on reroll, stored on the
 * conversation, and shown only if that conversation is still on screen when they arrive.
 */
export function useStoryOptions({
  shownId,
  stored,
  onOutOfCredits,
}: {
  shownId: RefObject<number | null>;
  /** The options stored on the conversation (shown until new ones are made here). */
  stored: StoryOption[] | undefined;
  onOutOfCredits: () => void;
}) {
  const client = useQueryClient();
  const generate = useGenerateOptions();
  const [options, setOptions] = useState<StoryOption[] | null>(null);
  // The conversation whose options are being generated (replies can finish after a switch).
  const [loadingFor, setLoadingFor] = useState<number | null>(null);

  const load = async (id: number) => {
    setLoadingFor(id);
    try {
      // None left (the reply just used the last one): the server would refuse the options with a
      // 403, a red line in the console for a normal state. Asked as the badge asks (one request).
      if ((await client.fetchQuery(creditsQuery).catch(() => null)) === 0) {
        if (shownId.current !== id) return;
        setOptions([]);
        return onOutOfCredits();
      }
      const next = await generate.mutateAsync(id);
      if (shownId.current === id) setOptions(next);
    } catch (error) {
      // The last turn's options must not stay clickable as if they followed this one.
      if (shownId.current !== id) return;
      setOptions([]);
      // A paused account: the banner takes the options' place (no credits are missing).
      if (await isChatPaused(error)) return refreshAfterPause(client, id);
      if (isOutOfCredits(error)) {
        onOutOfCredits(); // the reply just used the last credit
        return;
      }
      toast({
        title: 'Oops!',
        description: 'Unable to load action options right now.',
        variant: 'destructive',
      });
    } finally {
      setLoadingFor((current) => (current === id ? null : current));
    }
  };

  return {
    options: options ?? stored ?? [],
    loadingFor,
    load,
    /** Another conversation opened: its own stored options show. */
    reset: () => setOptions(null),
  };
}
