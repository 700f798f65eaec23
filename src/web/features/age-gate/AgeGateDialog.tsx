import { useEffect, useId, useRef, useState } from 'react';
import { MINIMUM_AGE } from '../../../shared/brand';
import { BrandMark } from '../../components/brand/Logo';
import { buttonClass } from '../../components/ui/button';
import { readBrand } from '../../lib/brand';

/** Where 'No, Leave' goes when there is no history and no referrer. */
export const LEAVE_FALLBACK_URL = 'https://www.google.com/';

export function leaveSite() {
  if (window.history.length > 1) {
    window.history.back();
    return;
  }
  const referrer = document.referrer;
  if (referrer && new URL(referrer).origin !== window.location.origin) {
    window.location.href = referrer;
    return;
  }
  window.location.href = LEAVE_FALLBACK_URL;
}

/** The 18+ question, shown by AgeGate until this browser has answered it. */
export function AgeGateDialog({ onEnter }: { onEnter: () => void }) {
  const [ticked, setTicked] = useState(false);
  const titleId = useId();
  const textId = useId();
  const checkboxId = useId();
  const checkbox = useRef<HTMLInputElement>(null);
  const brand = readBrand();

  useEffect(() => {
    checkbox.current?.focus();
    // Nothing else is on the page, but a long gate on a short phone must not scroll the body.
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  return (
    <main className="fixed inset-0 z-[200] flex items-center justify-center overflow-y-auto bg-main p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        data-testid="age-gate"
        className="w-full max-w-md rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl"
      >
        <div className="mb-4 flex items-center gap-2 font-bold">
          <BrandMark size={28} />
        </div>
        <h1 id={titleId} className="text-2xl font-bold">
          Adults only
        </h1>
        <p id={textId} className="mt-3 text-sm text-muted">
          {brand.name} contains mature content intended for adults. You must be at least{' '}
          {MINIMUM_AGE} years old to enter.
        </p>
        <div className="mt-5 flex items-center gap-3">
          <input
            ref={checkbox}
            id={checkboxId}
            type="checkbox"
            checked={ticked}
            onChange={(e) => setTicked(e.target.checked)}
            className="size-5 accent-[var(--accent-strong)]"
          />
          <label htmlFor={checkboxId} className="text-sm font-medium">
            I am at least 18 years old.
          </label>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={buttonClass('secondary')} onClick={leaveSite}>
            No, Leave
          </button>
          <button
            type="button"
            className={buttonClass('primary')}
            disabled={!ticked}
            onClick={onEnter}
          >
            Yes, Enter
          </button>
        </div>
      </div>
    </main>
  );
}
