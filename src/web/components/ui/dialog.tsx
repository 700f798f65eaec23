import { Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { ToastSlot } from './toast';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * On opening, the focus goes to the first control of the dialog's body, where the eyes go: not
 * to a toast still on screen (its slot comes first in the dialog), as Radix's first-tabbable
 * rule would. A field with `autoFocus` already holds it, and Radix then leaves it there.
 */
function focusBody(event: Event) {
  const content = event.currentTarget as HTMLElement | null;
  const first = content?.querySelector<HTMLElement>(`[data-dialog-body] :is(${FOCUSABLE})`);
  if (!first) return;
  event.preventDefault();
  first.focus();
}

/** A modal dialog with a title, optional description and a close button (Radix underneath). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  onEscapeKeyDown,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Most dialogs are narrow; a picker with many choices can be wide. */
  size?: 'md' | 'wide';
  /** Escape closes the dialog unless this calls `preventDefault` (e.g. to leave an editor first). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /**
   * Where the focus goes once it closes (call `preventDefault`, then focus): without a Radix
   * trigger, Radix leaves it on the page's body.
   */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-overlay backdrop-blur-sm" />
        <RadixDialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-6 text-fg shadow-2xl ${size === 'wide' ? 'max-w-3xl' : 'max-w-md'}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={focusBody}
          {...(onEscapeKeyDown ? { onEscapeKeyDown } : {})}
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
        >
          <RadixDialog.Title className="pr-8 text-xl font-bold">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="mt-1 text-sm text-muted">
              {description}
            </RadixDialog.Description>
          )}
          <ToastSlot />
          <div className="mt-4" data-dialog-body>
            {children}
          </div>
          <RadixDialog.Close
            className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md text-muted hover:text-fg"
            aria-label="Close"
          >
            <X className="size-5" aria-hidden />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
