import type { ReactNode } from 'react';

/** A small button showing only an icon: its label is its accessible name and its tooltip. */
export function IconButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  /** For toggles: whether this one is on (aria-pressed). */
  pressed?: boolean;
  disabled?: boolean | undefined;
  onClick: () => void;
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
      className={`rounded-md p-1.5 hover:bg-hover-strong hover:text-fg disabled:opacity-40 disabled:hover:bg-transparent ${pressed ? 'text-accent' : 'text-muted'}`}
    >
      {children}
    </button>
  );
}
