import type { ReactNode } from 'react';

/** One part of the account page: a heading, what it is for, and its controls. */
export function Section({
  id,
  title,
  description,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`space-y-4 rounded-2xl border bg-surface p-6 ${danger ? 'border-error/60' : 'border-border'}`}
    >
      <div className="space-y-1">
        <h2 id={id} className={`text-lg font-bold ${danger ? 'text-error' : ''}`}>
          {title}
        </h2>
        {description && <p className="text-sm text-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** An action's outcome, announced, under the form that caused it. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-border bg-main p-3 text-sm">
      {children}
    </p>
  );
}
