import { X } from 'lucide-react';
import type { Toast } from './toast-model';

/** The toasts on screen (toast.tsx's region holds them): text, an optional button, a close. */
export function ToastItems({
  items,
  inSlot,
  onAct,
  onDismiss,
}: {
  items: readonly Toast[];
  /** In an open dialog's own place (ToastSlot) rather than floating at the foot of the screen. */
  inSlot: boolean;
  onAct: (toast: Toast) => void;
  onDismiss: (id: number) => void;
}) {
  return (
    <>
      {items.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
          data-toast-id={t.id}
          // Spent: out of sight, out of reach (Tab, pointer, screen readers), its room kept in
          // the dialog. (Transparent rather than visibility: hidden, under which Chromium still
          // drew the close button's cross, which has an opacity of its own.)
          {...(t.spent ? { inert: true, 'aria-hidden': true } : {})}
          className={`${t.spent ? 'opacity-0' : 'pointer-events-auto'} flex w-full items-start gap-3 rounded-lg border p-4 ${inSlot ? 'shadow-md' : 'max-w-sm shadow-xl'} ${
            t.variant === 'destructive'
              ? 'border-error bg-surface text-fg'
              : 'border-border bg-surface text-fg'
          }`}
        >
          <div className="flex-1">
            <p className="text-sm font-semibold">{t.title}</p>
            {t.description && <p className="mt-1 text-sm opacity-90">{t.description}</p>}
          </div>
          {t.action && (
            <button
              type="button"
              onClick={() => onAct(t)}
              className="-my-2 min-h-11 rounded-md px-3 text-sm font-semibold text-accent underline-offset-2 hover:bg-hover-strong hover:underline"
            >
              {t.action.label}
            </button>
          )}
          <button
            type="button"
            onClick={() => onDismiss(t.id)}
            aria-label="Dismiss notification"
            className="-my-3 -mr-3 inline-flex size-11 shrink-0 items-center justify-center rounded opacity-80 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ))}
    </>
  );
}
