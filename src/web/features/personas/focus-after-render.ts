import { useEffect, useRef } from 'react';

/**
 * Moves the focus once the next render has put the target on the page (the button that stays
 * when the one pressed went away: a closed editor, a deleted row), as the character form's
 * helper of the same name does. Not imported from there: shared with this chunk, that module
 * would become a file of its own, named in every page's first load (tests/build/chat-budget).
 */
export function useFocusAfterRender() {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const find = pending.current;
    pending.current = null;
    find?.()?.focus();
  });
  return (find: () => HTMLElement | null | undefined) => {
    pending.current = find;
  };
}
