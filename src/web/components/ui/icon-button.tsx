import type { ReactNode, Ref } from 'react';

/** A small button showing only an icon: its label is its accessible name and its tooltip. */
export function IconButton({
  label,
  pressed,
  disabled,
  pending,
  action,
  onClick,
  children,
  ref,
}: {
  label: string;
  /** For toggles: whether this one is on (aria-pressed). */
  pressed?: boolean;
  disabled?: boolean | undefined;
  /** Busy with what it started: disabled to the eye and to a press, but it keeps the focus. */
  pending?: boolean | undefined;
  /** What it does, for code that finds it in its row (data-action: "delete"). */
  action?: string;
  onClick: () => void;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      aria-pressed={pressed}
      aria-disabled={pending || undefined}
      title={label}
      data-action={action}
      disabled={disabled}
      onClick={pending ? undefined : onClick}
      // A finger's size (44 px) on a phone, as every button there.
      className={`flex items-center justify-center rounded-md p-1.5 hover:bg-hover-strong hover:text-fg disabled:opacity-40 aria-disabled:opacity-40 max-sm:min-h-11 max-sm:min-w-11 ${pressed ? 'text-accent' : 'text-muted'}`}
    >
      {children}
    </button>
  );
}
