import { useEffect, useRef } from 'react';

/**
 * Moves the focus once the next render has put the target on the page: a field just added, or
 * the button that stays when the one pressed went away (a removed item, a closed panel). Without
 * it the focus falls to the page's body and what the user types next goes nowhere.
 */
export function useFocusAfterRender() {
  const pending = useRef<(() => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const find = pending.current;
    if (!find) return;
    pending.current = null;
    find()?.focus();
  });
  return (find: () => HTMLElement | null | undefined) => {
    pending.current = find;
  };
}

/** Whether the focus was lost (on the body), as when the focused button is disabled or removed. */
export const focusIsLost = () =>
  document.activeElement === null || document.activeElement === document.body;
