import { useId } from 'react';
import type { Starter } from '../../../../shared/characters/contract';
import { Button } from '../../../components/ui/button';

const genderLabel = (gender: string) => gender.charAt(0).toUpperCase() + gender.slice(1);

/**
 * One ready-made character: portrait, name, category, description and a few of its tags, with
 * the one button that adopts it. The button stays focusable while its adoption runs (it is
 * marked busy rather than disabled), so keyboard focus is not lost to the page.
 */
export function StarterCard({
  starter,
  adopting,
  busy,
  onAdopt,
}: {
  starter: Starter;
  /** This card's adoption is on its way. */
  adopting: boolean;
  /** Some adoption is on its way: the buttons do nothing meanwhile. */
  busy: boolean;
  onAdopt: (starter: Starter) => void;
}) {
  const nameId = useId();
  const descriptionId = useId();
  return (
    <article
      aria-labelledby={nameId}
      className="flex h-full flex-col rounded-2xl border border-border bg-surface p-4 text-left"
    >
      <div className="flex items-center gap-3">
        <img
          src={starter.avatarUrl}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="size-16 shrink-0 rounded-xl object-cover"
        />
        <div className="min-w-0">
          <h3 id={nameId} className="font-semibold">
            {starter.name}
          </h3>
          <p className="text-xs text-muted">
            {starter.category} · {genderLabel(starter.gender)}
          </p>
        </div>
      </div>
      <p id={descriptionId} className="mt-3 flex-1 text-sm text-fg/85">
        {starter.description}
      </p>
      {starter.tags.length > 0 && (
        <ul aria-label="Tags" className="mt-3 flex flex-wrap gap-1.5">
          {starter.tags.map((tag) => (
            <li
              key={tag}
              className="rounded-full border border-border px-2 py-0.5 text-xs text-muted"
            >
              {tag}
            </li>
          ))}
        </ul>
      )}
      <Button
        className="mt-4 min-h-11 w-full"
        aria-describedby={descriptionId}
        pending={busy}
        aria-busy={adopting || undefined}
        onClick={() => onAdopt(starter)}
      >
        {adopting ? 'Adding…' : `Start with ${starter.name}`}
      </Button>
    </article>
  );
}
