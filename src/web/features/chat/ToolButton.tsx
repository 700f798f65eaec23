import type { ReactNode } from 'react';

/**
 * A button of a message's toolbar: its label is its accessible name and its tooltip. 44 px
 * square on phones (a finger's target), compact from the `sm` width up. `cost`, when it spends
 * messages, is written on the button itself (the label says it too).
 */
export function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  cost,
  action,
  children,
}: {
  label: string;
  /** For toggles: whether this one is on (aria-pressed). */
  pressed?: boolean;
  disabled?: boolean | undefined;
  onClick: () => void;
  cost?: string;
  /** data-action, for finding the button again (the focus goes back to it after a dialog). */
  action?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      title={label}
      disabled={disabled}
      onClick={onClick}
      data-action={action}
      className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md p-1.5 text-xs hover:bg-hover-strong hover:text-fg disabled:opacity-40 sm:min-h-0 sm:min-w-0 ${pressed ? 'text-accent' : 'text-muted'}`}
    >
      {children}
      {cost && <span className="whitespace-nowrap">{cost}</span>}
    </button>
  );
}
