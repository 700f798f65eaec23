import { useRef, useState, type KeyboardEvent } from 'react';

/** The item a key moves to in a row of `count` (round from the last to the first), or null. */
export function rovingTarget(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A roving tab stop (WAI-ARIA): a set of options is one stop in the Tab order, and the arrow
 * keys, Home and End move within it, so that 29 chips cost one Tab press, not 29.
 * `tabStop` is the item Tab lands on when the set has one (a radio group's checked radio);
 * otherwise it is the one last focused. `onMove` hears where the keys moved (a radio selects it).
 */
export function useRovingFocus(
  count: number,
  { tabStop, onMove }: { tabStop?: number; onMove?: (index: number) => void } = {},
) {
  const [lastFocused, setLastFocused] = useState(0);
  const items = useRef<(HTMLElement | null)[]>([]);
  const stop = tabStop !== undefined && tabStop >= 0 ? tabStop : Math.min(lastFocused, count - 1);

  return (index: number) => ({
    ref: (element: HTMLElement | null) => {
      items.current[index] = element;
    },
    tabIndex: index === stop ? 0 : -1,
    onFocus: () => setLastFocused(index),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const to = rovingTarget(event.key, index, count);
      if (to === null) return;
      event.preventDefault();
      items.current[to]?.focus();
      onMove?.(to);
    },
  });
}
