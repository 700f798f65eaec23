import { SendHorizontal, SlidersHorizontal } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { CHAT_LIMITS } from '../../../shared/chat/rules';
import { useComposerInset } from '../../lib/composer-inset';
import { useSiteStatus } from '../site/site-status';
import { CostHint } from './CostHint';
import { isSendKey } from './enter-to-send';

// The slider (Radix) and its saving load when the panel opens, not with the chat (decision 0018).
const IntimacySlider = lazy(() =>
  import('./IntimacySlider').then((m) => ({ default: m.IntimacySlider })),
);
// The microphone and its recorder: only where the operator configured speech to text.
const MicButton = lazy(() => import('../voice/MicButton').then((m) => ({ default: m.MicButton })));

/**
 * 'Message {name}...': Enter sends, Shift+Enter adds a line, grows up to 128 px. The gear opens
 * the intimacy panel (not in assistant mode); the level is saved when the slider is released.
 * With voice input configured, the microphone puts what was said into the box, to be checked.
 * With images configured, 'Send me a picture' (`picture`, ChatComposer's) sits beside them.
 */
export function MessageBox({
  characterId,
  name,
  directness,
  showIntimacy,
  disabled,
  onSend,
  autoFocus = false,
  picture,
}: {
  characterId: number;
  name: string;
  directness: number;
  showIntimacy: boolean;
  disabled: boolean;
  /** Resolves false when the message was not sent: the text comes back into the box. */
  onSend: (text: string) => Promise<boolean>;
  /** Take the focus when shown: the user has just chosen to write (a mode picked). */
  autoFocus?: boolean;
  /** 'Send me a picture' (pictures/PictureButton.tsx), where images are configured. */
  picture?: ReactNode;
}) {
  const [text, setText] = useState('');
  const [panel, setPanel] = useState(false);
  const [level, setLevel] = useState(directness);
  const box = useRef<HTMLTextAreaElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useComposerInset(bar);
  // A server of the version before answers no `features` (a rolling update): no microphone.
  const voiceInput = useSiteStatus().data?.features?.voiceInput === true;

  const grow = () => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, CHAT_LIMITS.messageBoxMaxHeightPx)}px`;
  };
  const submit = async () => {
    const trimmed = text.trim();
    if (!trimmed || disabled) return;
    setText('');
    requestAnimationFrame(grow);
    // Nothing the user typed is lost: a message that could not be sent returns to the box
    // (unless they have started typing something else meanwhile).
    if (!(await onSend(trimmed))) {
      setText((current) => current || trimmed);
      requestAnimationFrame(grow);
    }
  };
  return (
    <div ref={bar} className="border-t border-border bg-main p-3">
      {panel && showIntimacy && (
        <div className="mx-auto mb-3 max-w-3xl rounded-xl border border-border bg-surface p-4">
          <Suspense fallback={<div className="h-16" />}>
            <IntimacySlider characterId={characterId} level={level} onLevel={setLevel} />
          </Suspense>
        </div>
      )}
      <form
        className="mx-auto flex max-w-3xl items-end gap-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {showIntimacy && (
          <button
            type="button"
            aria-label="Intimacy level"
            aria-expanded={panel}
            onClick={() => setPanel((open) => !open)}
            className="mb-0.5 flex min-h-11 min-w-11 items-center justify-center rounded-lg p-2 text-muted hover:bg-hover-strong hover:text-fg"
          >
            <SlidersHorizontal className="size-5" aria-hidden />
          </button>
        )}
        <textarea
          ref={box}
          rows={1}
          // Shown because the user chose to write.
          autoFocus={autoFocus}
          value={text}
          aria-label={`Message ${name}`}
          placeholder={`Message ${name}...`}
          onChange={(e) => {
            setText(e.target.value);
            grow();
          }}
          onKeyDown={(e) => {
            if (!isSendKey(e)) return;
            e.preventDefault();
            void submit();
          }}
          className="max-h-32 min-h-11 flex-1 resize-none rounded-xl border border-border bg-surface px-4 py-2.5 text-sm text-fg placeholder:text-muted focus:border-accent focus:outline-none"
        />
        {voiceInput && (
          <Suspense fallback={null}>
            <MicButton disabled={disabled} box={box} setText={setText} grow={grow} />
          </Suspense>
        )}
        {picture}
        <button
          type="submit"
          aria-label="Send message"
          disabled={disabled || !text.trim()}
          className="mb-0.5 flex min-h-11 min-w-11 items-center justify-center rounded-xl bg-accent-strong p-2.5 text-on-accent hover:bg-accent-strong-hover disabled:opacity-50"
        >
          <SendHorizontal className="size-5" aria-hidden />
        </button>
      </form>
      <div className="mx-auto mt-1.5 max-w-3xl">
        <CostHint action="reply" />
      </div>
    </div>
  );
}
