import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

const FIELD =
  'w-full rounded-lg border border-border bg-main px-3 py-2 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none aria-[invalid=true]:border-error';

// Inputs and selects: a finger's size on a phone (44 px), as every control there; 40 elsewhere.
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  function Input({ className = '', ...props }, ref) {
    return <input ref={ref} className={`${FIELD} h-10 max-sm:h-11 ${className}`} {...props} />;
  },
);

export const Textarea = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement>
>(function Textarea({ className = '', ...props }, ref) {
  return <textarea ref={ref} className={`${FIELD} min-h-28 ${className}`} {...props} />;
});

export const Select = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function Select({ className = '', ...props }, ref) {
    return <select ref={ref} className={`${FIELD} h-10 max-sm:h-11 ${className}`} {...props} />;
  },
);

/** A labelled field with its error message wired to the control for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  aside,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown at the end of the label row but outside the label (e.g. a character counter). */
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-fg">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint && !error && <p className="text-xs text-muted">{hint}</p>}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-error">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
};

/** A labelled text input whose error is announced with it (aria-invalid + aria-describedby). */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, error, hint, ...inputProps },
  ref,
) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <Input
        ref={ref}
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        {...inputProps}
      />
    </Field>
  );
});

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode };

/** A checkbox with its label beside it (clicking the label toggles it). */
export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox(
  { label, id, className = '', ...inputProps },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input
        ref={ref}
        id={inputId}
        type="checkbox"
        className="size-4 accent-[var(--accent-strong)]"
        {...inputProps}
      />
      {/* The label is the finger's target on a phone: 44 px high (20 of text, 24 of padding). */}
      <label htmlFor={inputId} className="text-sm max-sm:py-3">
        {label}
      </label>
    </div>
  );
});
