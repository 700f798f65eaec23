import type { MenuProps } from './menu-types';
import { lazy, Suspense, useState, type PointerEvent, type KeyboardEvent } from 'react';

export type { MenuEntry, MenuProps } from './menu-types';

const load = () => import('./menu-radix');
const RadixMenu = lazy(load);

/**
 * A dropdown menu whose Radix implementation (about 15 KB gzipped with its positioning code) is
 * not part of the page's first load: until the first press the trigger is a plain button of the
 * same look; hovering or focusing it fetches the chunk, pressing it (pointer, Enter, Space,
 * ArrowDown — as Radix opens) mounts the real menu already open. From then on Radix runs it.
 */
export function Menu(props: MenuProps) {
  const [active, setActive] = useState(false);
  const plain = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      {...props.trigger}
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onPointerDown={(e: PointerEvent) => {
        if (e.button !== 0 || e.ctrlKey) return;
        // As Radix does: the opened menu, not the trigger, takes the focus.
        e.preventDefault();
        setActive(true);
      }}
      onKeyDown={(e: KeyboardEvent) => {
        if (e.key !== 'Enter' && e.key !== ' ' && e.key !== 'ArrowDown') return;
        e.preventDefault();
        setActive(true);
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
