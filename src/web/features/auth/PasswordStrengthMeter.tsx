import { PASSWORD_MESSAGES } from '../../../shared/auth/contract';
import type { PasswordCheck } from '../../../shared/password-rule';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;
const SEGMENTS = [1, 2, 3, 4] as const;

function tone(check: PasswordCheck) {
  if (!check.problem) return 'bg-success';
  return check.score >= 2 ? 'bg-warning' : 'bg-error';
}

/**
 * The strength of a new password as it is typed: a bar and, for everyone, the same in words,
 * with what to change when it would be refused. The live region stays mounted so screen readers
 * hear each new verdict. A problem already shown as the field's error is not repeated.
 *
 * The empty bar and the line of words keep their place before the first verdict: the verdict
 * comes from a worker a moment after typing stops, and a meter that appeared then moved the
 * consent boxes and the submit button down under a pointer already on its way to them (a click
 * meant for "Create Account" landed beside it).
 */
export function PasswordStrengthMeter({
  id,
  check,
  error,
}: {
  id: string;
  check: PasswordCheck | null;
  error?: string | undefined;
}) {
  const advice = check?.problem && check.problem !== error ? check.problem : null;
  const why = advice === PASSWORD_MESSAGES.weak ? check?.warning : null;
  return (
    <div id={id} aria-live="polite" className="space-y-1" data-testid="password-strength">
      <div className="flex gap-1" aria-hidden>
        {SEGMENTS.map((segment) => (
          <span
            key={segment}
            className={`h-1.5 flex-1 rounded-full ${
              check && segment <= Math.max(check.score, 1) ? tone(check) : 'bg-track'
            }`}
          />
        ))}
      </div>
      <p className="min-h-4 text-xs text-muted">
        {check && (
          <>
            Password strength: <span className="font-semibold text-fg">{LABELS[check.score]}</span>
            {(why || advice) && (
              <span className="block">{[why, advice].filter(Boolean).join(' ')}</span>
            )}
          </>
        )}
      </p>
    </div>
  );
}
