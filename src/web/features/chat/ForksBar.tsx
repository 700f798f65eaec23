import { Suspense } from 'react';
import { excerpt } from '../../../shared/chat/rules';
import type { DisplayMessage } from './display-message';
import { BranchSwitcher } from './lazy-parts';

/**
 * A fork the user made: a stored message with other versions. A character's alternative
 * greetings (its first messages, parentless replies) are versions it came with, not forks: they
 * keep their ‹ › but are not counted.
 */
export function isUserFork(m: DisplayMessage): m is DisplayMessage & { id: number } {
  const greeting = m.sender === 'ai' && m.parentId === null;
  return typeof m.id === 'number' && (m.siblingIds?.length ?? 0) > 1 && !greeting;
}

/**
 * Above the thread, in its own row (it covers no message, at any width): the 'N forks' menu,
 * when the history shown forks. Forks are rare: the menu is a part of its own (lazy-parts.ts).
 */
export function ForksBar({ messages }: { messages: DisplayMessage[] }) {
  const forks = messages.filter(isUserFork);
  if (forks.length === 0) return null;
  return (
    <div
      className="mx-auto flex min-h-12 w-full max-w-3xl items-center justify-end px-4 pt-1 sm:min-h-10"
      data-testid="forks-bar"
    >
      <Suspense fallback={null}>
        <BranchSwitcher forks={forks} excerpt={excerpt} />
      </Suspense>
    </div>
  );
}
