import { useEffect, useId, useRef, useState } from 'react';
import { APP_NAME, MINIMUM_AGE } from '../../../shared/brand';
import { buttonClass } from '../../components/ui/button';
import { readStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

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

/**
 * The 18+ confirmation shown over every page until confirmed; the answer is remembered in this
 * browser. A native modal <dialog> keeps focus inside and makes the page behind it inert.
 */
export function AgeGate() {
  const [confirmed, setConfirmed] = useState(() => readStored(STORAGE_KEYS.ageConfirmed) === '1');
  const [ticked, setTicked] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const checkboxId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (confirmed || !dialog) return;
    if (!dialog.open) dialog.showModal();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    // Escape must not dismiss the gate.
    const onCancel = (event: Event) => event.preventDefault();
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      document.body.style.overflow = previous;
    };
  }, [confirmed]);

  if (confirmed) return null;

  const enter = () => {
    writeStored(STORAGE_KEYS.ageConfirmed, '1');
    ref.current?.close();
    setConfirmed(true);
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="age-gate"
      className="m-auto w-[calc(100vw-2rem)] max-w-md rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl"
    >
      <h2 id={titleId} className="text-2xl font-bold">
        Adults only
      </h2>
      <p className="mt-3 text-sm text-muted">
        {APP_NAME} contains mature content intended for adults. You must be at least {MINIMUM_AGE}{' '}
        years old to enter.
      </p>
      <div className="mt-5 flex items-center gap-3">
        <input
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
        <button type="button" className={buttonClass('primary')} disabled={!ticked} onClick={enter}>
          Yes, Enter
        </button>
      </div>
    </dialog>
  );
}
