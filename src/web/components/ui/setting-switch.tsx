import type { ReactNode } from 'react';

/**
 * An on/off switch: a native button with the switch role (Tab reaches it, Space and Enter flip
 * it) whose pressable area is 44 px high and wide, the track drawn inside it. Busy (its change
 * being saved), it keeps the focus (a disabled button would drop it to the page's body, and the
 * keyboard user their place) and ignores presses until it is done.
 */
export function Switch({
  id,
  label,
  describedBy,
  checked,
  disabled = false,
  busy = false,
  className = '',
  onCheckedChange,
}: {
  id?: string;
  /** Its accessible name, where no <label> names it. */
  label?: string;
  describedBy?: string | undefined;
  checked: boolean;
  disabled?: boolean;
  busy?: boolean;
  className?: string;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      id={id}
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      aria-disabled={busy || undefined}
      onClick={() => !busy && onCheckedChange(!checked)}
      className={`inline-flex min-h-11 min-w-11 shrink-0 cursor-pointer items-center justify-center rounded-full disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-progress aria-disabled:opacity-60 ${className}`}
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
  );
}

/** A switch with its label and an optional line of explanation under it. */
export function SettingSwitch({
  id,
  label,
  hint,
  checked,
  disabled = false,
  busy = false,
  onCheckedChange,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  busy?: boolean;
  onCheckedChange: (checked: boolean) => void;
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
      <Switch
        id={id}
        describedBy={hintId}
        checked={checked}
        disabled={disabled}
        busy={busy}
        onCheckedChange={onCheckedChange}
      />
    </div>
  );
}
