import { ImagePlus, Loader2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PICTURE_PROMPT_MAX } from '../../../shared/pictures/contract';
import { Button } from '../../components/ui/button';
import { costText } from '../../lib/cost-text';
import { useConversation } from '../chat-data/api';
import { useSiteStatus } from '../site/site-status';
import { usePictureBusy, usePictureRequest } from './picture-mutation';

/**
 * The longest wish the server takes. Its contract module brings zod, which the chat does not
 * load: the number is written here, and the type says when the contract's changes.
 */
const PROMPT_MAX: typeof PICTURE_PROMPT_MAX = 500;

/**
 * 'Send me a picture' beside the message box (or above a story's options), issue 50 part 3: a
 * small panel above the composer asks what the picture should show (optional) and says what it
 * costs; sent, the button turns into a spinner, and a line above it says '{name} is making a
 * picture…', until the character's picture is in the thread (10–60 s). Only where the operator
 * configured images and the conversation exists (the composer decides). Enter in the field
 * sends, Escape closes the panel and gives the button the focus back.
 */
export function PictureButton({
  conversationId,
  name,
  disabled,
}: {
  conversationId: number;
  /** The character's name, for the line said while the picture is made. */
  name: string;
  /** A reply is being written: nothing else may be asked meanwhile. */
  disabled: boolean;
}) {
  const [opened, setOpen] = useState(false);
  const [prompt, setPrompt] = useState('');
  const picture = usePictureRequest(conversationId);
  const busy = usePictureBusy(conversationId);
  const credits = useSiteStatus().data?.features?.pictureCredits ?? 0;
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const panelId = useId();
  const headingId = useId();
  const fieldId = useId();
  // A group scene sends no pictures (issue 51: the server refuses them there).
  const scene = Boolean(useConversation(conversationId).data?.members);
  // A reply started meanwhile (or the picture already asked for): the panel has nothing to offer.
  const open = opened && !disabled && !busy;

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    field.current?.focus();
    // A press anywhere else closes it (the focus stays where the press put it).
    const outside = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const submit = () => {
    if (disabled || busy) return;
    close(true);
    picture.mutate(prompt.trim(), { onSuccess: () => setPrompt('') });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      // Handled here: the page's own Escape (closing the sidebar) is not run as well.
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  };

  if (scene) return null;
  return (
    <div
      ref={wrapper}
      className="relative mb-0.5"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the panel closes it; a press on its own text does not.
        const next = event.relatedTarget as Node | null;
        if (open && next && !wrapper.current?.contains(next)) setOpen(false);
      }}
    >
      {/* Always there, so that screen readers announce what appears in it. */}
      <div role="status" className="absolute right-0 bottom-full mb-2">
        {busy && (
          <p className="rounded-full border border-border bg-surface px-3 py-1 text-xs whitespace-nowrap text-muted shadow">
            {name} is making a picture…
          </p>
        )}
      </div>
      {open && (
        <div
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={headingId}
          className="absolute right-0 bottom-full z-30 mb-2 w-[min(20rem,calc(100vw-1.5rem))] rounded-xl border border-border bg-surface p-4 text-fg shadow-xl"
          data-testid="picture-panel"
        >
          <h2 id={headingId} className="text-sm font-semibold">
            Send me a picture
          </h2>
          <label htmlFor={fieldId} className="mt-3 block text-xs text-muted">
            What should it show? (optional)
          </label>
          <input
            ref={field}
            id={fieldId}
            type="text"
            value={prompt}
            maxLength={PROMPT_MAX}
            placeholder="e.g. you at the beach at sunset"
            autoComplete="off"
            onChange={(event) => setPrompt(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
              // Not the message box's form around it: this field sends the picture's request.
              event.preventDefault();
              submit();
            }}
            className="mt-1 min-h-11 w-full rounded-lg border border-border bg-main px-3 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none"
          />
          <Button className="mt-3 min-h-11 w-full" disabled={disabled} onClick={submit}>
            {credits > 0 ? `Send me a picture · ${costText(credits)}` : 'Send me a picture'}
          </Button>
        </div>
      )}
      <button
        ref={button}
        type="button"
        aria-label={busy ? 'Making a picture…' : 'Send me a picture'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        disabled={disabled}
        // Busy, the button keeps the focus (a disabled one would drop it); presses do nothing.
        aria-disabled={busy}
        onClick={() => {
          if (!busy) setOpen((shown) => !shown);
        }}
        className="flex min-h-11 min-w-11 items-center justify-center rounded-xl p-2 text-muted hover:bg-hover-strong hover:text-fg disabled:opacity-50 aria-disabled:opacity-50"
        data-testid="picture-button"
      >
        {busy ? (
          <Loader2 className="size-5 animate-spin" aria-hidden />
        ) : (
          <ImagePlus className="size-5" aria-hidden />
        )}
      </button>
    </div>
  );
}
