import { useQueryClient } from '@tanstack/react-query';
import { useState, type RefObject } from 'react';
import type { StoryOption } from '../../../shared/chat/contract';
import { useGenerateOptions } from './mutations';
import { isChatPaused } from './safety-hooks';
import { loadStoryParts } from './story-lazy';

/**
 * A story's four suggested actions: made after every reply and on reroll, stored on the
 * conversation, and shown only if that conversation is still on screen when they arrive. How
 * they are made (and what a failure says) is in Story Mode's chunk: story-options-load.ts.
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
      const { nextStoryOptions } = await loadStoryParts();
      const next = await nextStoryOptions({
        client,
        id,
        generate: generate.mutateAsync,
        shownId,
        onOutOfCredits,
        isChatPaused,
      });
      if (next) setOptions(next);
    } catch {
      // Story Mode's chunk did not come: no options to offer (the reroll tries again).
      if (shownId.current === id) setOptions([]);
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
