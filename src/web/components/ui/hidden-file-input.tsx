import type { Ref } from 'react';

/**
 * The file picker behind a button of our own (the button calls `ref.current.click()`): out of
 * sight and out of the Tab order. It is emptied as soon as a file is chosen, so choosing the same
 * file again (after a failed upload, or fixing it elsewhere) is a new choice; the browser fires no
 * change for a value it already holds.
 */
export function HiddenFileInput({
  ref,
  accept,
  label,
  testId,
  onFile,
}: {
  ref: Ref<HTMLInputElement>;
  accept: string;
  /** Its accessible name: tests and assistive technology find it by it. */
  label: string;
  testId?: string;
  onFile: (file: File) => void;
}) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      aria-label={label}
      data-testid={testId}
      className="sr-only"
      tabIndex={-1}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
