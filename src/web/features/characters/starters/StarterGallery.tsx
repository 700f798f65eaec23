import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Starter } from '../../../../shared/characters/contract';
import { Button } from '../../../components/ui/button';
import { toast, toastAfterReload } from '../../../components/ui/toast';
import { startersQuery, useAdoptStarter } from './starters-api';
import { StarterCard } from './StarterCard';

const GRID = 'grid grid-cols-[repeat(auto-fill,minmax(15rem,1fr))] gap-4';

/**
 * The ready-made characters (issue 45), on an empty dashboard and in Create Character. Adopting
 * one makes it the user's own character and then does what creating one does (the spec's create
 * flow): the same toast and a full navigation to its chat, which remembers it as the last
 * character once it opens (chat-page-hooks). This chunk does not import ../api.ts for
 * rememberCharacter: that would take the chat's first reads (shared/first-reads.ts and what it
 * imports) into a chunk of their own, a file more on /chat's first load.
 */
export default function StarterGallery({
  title,
  className = '',
}: {
  title: string;
  className?: string;
}) {
  const headingId = useId();
  const starters = useQuery(startersQuery);
  const adopt = useAdoptStarter();
  // Set until the page is left: the chosen card says it is on its way meanwhile.
  const [adoptingId, setAdoptingId] = useState<string | null>(null);

  const start = async (starter: Starter) => {
    setAdoptingId(starter.id);
    try {
      const { id, name } = await adopt.mutateAsync(starter.id);
      toastAfterReload({
        title: 'Character created!',
        description: `${name} has been added to your collection.`,
      });
      window.location.assign(`/chat?character=${id}`);
    } catch (error) {
      setAdoptingId(null);
      toast({
        title: 'Failed to create character',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby={headingId} className={`w-full ${className}`}>
      <h2 id={headingId} className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Ready-made companions to start with. Yours to edit once you pick one.
      </p>
      {starters.isError ? (
        <div className="mt-4 rounded-2xl border border-border bg-surface p-4 text-sm">
          <p>The ready-made characters could not be loaded.</p>
          <Button variant="secondary" className="mt-3 min-h-11" onClick={() => starters.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className={`mt-4 ${GRID}`} aria-busy={starters.isPending || undefined}>
          {starters.data
            ? starters.data.starters.map((starter) => (
                <li key={starter.id}>
                  <StarterCard
                    starter={starter}
                    adopting={adoptingId === starter.id}
                    busy={adoptingId !== null}
                    onAdopt={start}
                  />
                </li>
              ))
            : [0, 1, 2].map((i) => (
                <li key={i} aria-hidden className="h-64 animate-pulse rounded-2xl bg-surface" />
              ))}
        </ul>
      )}
    </section>
  );
}
