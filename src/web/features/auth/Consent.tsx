import type { UseFormRegisterReturn } from 'react-hook-form';

/** One required consent of the sign-up form: its checkbox, its label and its error. */
export function Consent({
  id,
  error,
  register,
  children,
}: {
  id: string;
  error: string | undefined;
  register: UseFormRegisterReturn;
  children: React.ReactNode;
}) {
  return (
    <div>
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          required
          className="mt-0.5 size-4 accent-[var(--accent-strong)]"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register}
        />
        <label htmlFor={id} className="text-sm text-muted max-sm:min-h-11">
          {children}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-error">
          {error}
        </p>
      )}
    </div>
  );
}
