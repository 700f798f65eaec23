import type { ButtonHTMLAttributes, Ref } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-accent-strong text-on-accent hover:bg-accent-strong-hover',
  secondary: 'bg-surface text-fg border border-border hover:bg-hover-strong',
  outline: 'border border-accent text-fg hover:bg-accent-strong/30',
  ghost: 'text-fg hover:bg-hover-strong',
  destructive: 'bg-danger text-on-accent hover:bg-danger-hover',
};
// On a phone every button is at least 44 px tall, a finger's size (max-sm: below 640 px).
const SIZES: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm whitespace-nowrap max-sm:min-h-11',
  md: 'h-10 px-4 text-sm max-sm:min-h-11',
  lg: 'h-12 px-6 text-base',
};

/** Class names for a button look, also used by links styled as buttons. */
export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  extra = '',
) {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:opacity-50 ${VARIANTS[variant]} ${SIZES[size]} ${extra}`;
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Busy with what it started: it reads and looks disabled (aria-disabled) and a press does
   * nothing (nor Enter in its form), but it keeps the focus, which a disabled button loses: the
   * keyboard or screen reader user is still on it when the answer, or its error, comes. The one
   * way to say a button is busy: an `aria-disabled` of the caller's is not used.
   */
  pending?: boolean | undefined;
  /** Passed on with the rest (React 19 gives a function component its ref as a prop). */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant,
  size,
  className = '',
  type = 'button',
  pending,
  onClick,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      className={buttonClass(variant, size, className)}
      aria-disabled={pending || undefined}
      // Cancelling the click also stops a submit button's form, Enter in a field included.
      onClick={pending ? (event) => event.preventDefault() : onClick}
    />
  );
}
