import type { ComponentPropsWithoutRef, ReactNode } from 'react';

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

/**
 * Rows made by a module of their own, fetched with the Radix part (on hover, focus or the first
 * press): what the rows do, say and show is then no part of the page's first load either
 * (tests/build/chat-budget.test.ts). Made by `lazyEntries` (menu.tsx).
 */
export interface LazyEntries {
  /** A module-level function: what it loads is kept for every later opening. */
  load: () => Promise<(props: never) => MenuEntry[]>;
  /** What the rows are made from, as of this render. */
  props: unknown;
}

export interface MenuProps {
  /** The trigger button's look and name (aria-label, data-testid, class, children). */
  trigger: ComponentPropsWithoutRef<'button'> & { 'data-testid'?: string };
  entries: MenuEntry[] | LazyEntries;
  side?: 'top' | 'bottom';
  align?: 'start' | 'end';
  sideOffset?: number;
  /** Width and the like of the open menu. */
  contentClassName: string;
  /** When the menu closes; `preventDefault()` keeps the focus off the trigger (it moved on). */
  onCloseAutoFocus?: (event: Event) => void;
}
