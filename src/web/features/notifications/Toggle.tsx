import type { ReactNode } from 'react';

/**
 * An on/off switch with its label and an optional explanation: a native button with the switch
 * role (Space and Enter work, Tab reaches it) whose pressable area is 44 px high and wide, the
 * track drawn inside it. Used where a switch may be disabled or busy, which SettingSwitch is not.
 * Busy (its change being saved), it keeps the focus (a disabled button would drop it, and the
 * keyboard user their place) and ignores presses until it is done.
 */
export function Toggle({
  id,
  label,
  hint,
  checked,
  disabled = false,
  busy = false,
  onChange,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  busy?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer text-sm font-medium text-fg">
          {label}
        </label>
        {hint && (
          <p id={hintId} className="mt-0.5 text-xs text-muted">
            {hint}
          </p>
        )}
      </div>
      <button
        type="button"
        role="switch"
        id={id}
        aria-checked={checked}
        aria-describedby={hintId}
        disabled={disabled}
        aria-busy={busy || undefined}
        onClick={() => !busy && onChange(!checked)}
        className="inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-progress aria-busy:opacity-60"
      >
        <span
          aria-hidden
          className={`relative inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent transition-colors ${checked ? 'bg-accent-strong' : 'bg-track'}`}
        >
          <span
            className={`block size-5 rounded-full bg-on-accent shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0'}`}
          />
        </span>
      </button>
    </div>
  );
}
