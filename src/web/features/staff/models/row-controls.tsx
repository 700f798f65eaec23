import { ArrowDown, ArrowUp } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { Input } from '../../../components/ui/form';
import { Switch } from '../../../components/ui/setting-switch';

/** A control with its label (shown on a phone, read out everywhere) and its error under it. */
export function Labelled({
  id,
  label,
  of,
  error,
  children,
}: {
  id: string;
  label: string;
  /** The model, read out after the label: each row's fields have names of their own. */
  of: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-muted md:sr-only">
        {label}
        <span className="sr-only"> of {of}</span>
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-xs text-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A text or number field marked invalid, and described by its error, when it has one. */
export function RowInput({
  id,
  error,
  describedBy,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  error?: string | undefined;
  describedBy?: string;
}) {
  const described = [describedBy, error ? `${id}-error` : undefined].filter(Boolean).join(' ');
  return (
    <Input
      id={id}
      aria-invalid={Boolean(error)}
      aria-describedby={described || undefined}
      {...props}
    />
  );
}

/** On/off with a 44 px target around the drawn switch. */
export function OfferedSwitch({
  id,
  model,
  checked,
  onChange,
}: {
  id: string;
  model: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        label={`Offer ${model}`}
        checked={checked}
        onCheckedChange={onChange}
        className="w-14"
      />
      <span className="text-sm md:sr-only" aria-hidden>
        Offered
      </span>
    </div>
  );
}

const MOVE =
  'inline-flex size-11 items-center justify-center rounded-lg border border-border text-muted hover:bg-hover-strong hover:text-fg disabled:opacity-40';

/** Up and down in the list (the order the chat's model menu shows). */
export function MoveButtons({
  id,
  model,
  first,
  last,
  onMove,
}: {
  id: string;
  model: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
}) {
  return (
    <div className="flex gap-2">
      <button
        type="button"
        id={`${id}-up`}
        className={MOVE}
        disabled={first}
        onClick={() => onMove(-1)}
        aria-label={`Move ${model} up`}
        title="Move up"
      >
        <ArrowUp className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        id={`${id}-down`}
        className={MOVE}
        disabled={last}
        onClick={() => onMove(1)}
        aria-label={`Move ${model} down`}
        title="Move down"
      >
        <ArrowDown className="size-4" aria-hidden />
      </button>
    </div>
  );
}
