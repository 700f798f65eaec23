import { lazy, Suspense, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button';

// The dialog (Radix, the upload) loads on the first press: it is not part of /chat's first load
// (tests/build/chat-budget.test.ts).
const ImportCharacterDialog = lazy(() => import('./ImportCharacterDialog'));

/** 'Import character', beside each 'Create Character'. */
export function ImportCharacterButton({ className = '' }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className={buttonClass('secondary', 'md', `min-h-11 ${className}`)}
      >
        Import character
      </button>
      {open && (
        <Suspense fallback={null}>
          <ImportCharacterDialog
            onClose={() => setOpen(false)}
            // Without a Radix trigger the focus would fall to the page's body.
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
