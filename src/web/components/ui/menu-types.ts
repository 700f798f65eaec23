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
