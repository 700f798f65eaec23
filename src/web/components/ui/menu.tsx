import type { LazyEntries, MenuEntry, MenuProps } from './menu-types';
import { lazy, Suspense, useState, type PointerEvent, type KeyboardEvent } from 'react';

export type { MenuEntry, MenuProps } from './menu-types';

const load = () => import('./menu-radix');
const RadixMenu = lazy(load);

/** Rows that `load` makes from `props`, in a module of their own (see LazyEntries). */
export function lazyEntries<P>(
  load: () => Promise<(props: P) => MenuEntry[]>,
  props: P,
): LazyEntries {
  return { load, props };
}

/**
 * A dropdown menu whose Radix implementation (about 15 KB gzipped with its positioning code) is
 * not part of the page's first load: until the first press the trigger is a plain button of the
 * same look; hovering or focusing it fetches the chunk, pressing it (pointer, Enter, Space,
 * ArrowDown — as Radix opens) mounts the real menu already open. From then on Radix runs it.
 */
export function Menu(props: MenuProps) {
  const [active, setActive] = useState(false);
  // Rows made by a module of their own (LazyEntries) are fetched beside the Radix part.
  const preload = () => {
    void load();
    if (!Array.isArray(props.entries)) void props.entries.load();
  };
  const open = () => {
    preload();
    setActive(true);
  };
  const plain = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      {...props.trigger}
      onPointerEnter={preload}
      onFocus={preload}
      onPointerDown={(e: PointerEvent) => {
        if (e.button !== 0 || e.ctrlKey) return;
        // As Radix does: the opened menu, not the trigger, takes the focus.
        e.preventDefault();
        open();
      }}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return;
        e.preventDefault();
        open();
      }}
    />
  );
  if (!active) return plain;
  return (
    <Suspense fallback={plain}>
      <RadixMenu {...props} />
    </Suspense>
  );
}
