import { AlertTriangle, Check } from 'lucide-react';
import { READABLE_CONTRAST, type ContrastIssue } from '../../../shared/themes/color';

/**
 * What the creator's colours leave hard to read, shown as the colours change, before anything is
 * saved; or that all text reads well. A polite live region: a screen reader hears it change.
 */
export function ContrastNotice({ id, issues }: { id: string; issues: ContrastIssue[] }) {
  return (
    <div id={id} aria-live="polite" data-testid="contrast-notice">
      {issues.length === 0 ? (
        <p className="flex items-center gap-1.5 text-xs text-success">
          <Check className="size-4 shrink-0" aria-hidden />
          All text reads well on these colours.
        </p>
      ) : (
        <div className="rounded-lg border border-warning p-3 text-sm">
          <p className="flex items-center gap-1.5 font-semibold text-warning">
            <AlertTriangle className="size-4 shrink-0" aria-hidden />
            Hard to read
          </p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {issues.map((issue) => (
              <li key={issue.message}>
                {issue.message} ({issue.ratio.toFixed(1)}:1; readable text needs {READABLE_CONTRAST}
                :1).
              </li>
            ))}
          </ul>
          <p className="mt-1 text-xs text-muted">
            A lighter or darker colour there reads better. You can still save it as it is.
          </p>
        </div>
      )}
    </div>
  );
}
