import {
  lazy,
  Suspense,
  useState,
  type ComponentPropsWithoutRef,
  type PointerEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

/** One row of a dropdown menu, as data: the Radix parts live in the chunk loaded on first use. */
export type MenuEntry =
  | { kind: 'label'; content: ReactNode; testId?: string }
  | { kind: 'separator' }
  | {
      kind: 'item';
      content: ReactNode;
      onSelect?: () => void;
      /** A link opened in a new tab instead of an action. */
      href?: string;
      danger?: boolean;
    };

export interface MenuProps {
  /** The trigger button's look and name (aria-label, data-testid, class, children). */
  trigger: ComponentPropsWithoutRef<'button'> & { 'data-testid'?: string };
  entries: MenuEntry[];
  side?: 'top' | 'bottom';
  align?: 'start' | 'end';
  sideOffset?: number;
  /** Width and the like of the open menu. */
  contentClassName: string;
  /** When the menu closes; `preventDefault()` keeps the focus off the trigger (it moved on). */
  onCloseAutoFocus?: (event: Event) => void;
}

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
