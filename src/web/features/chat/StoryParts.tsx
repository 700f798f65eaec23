import { Loader2, RefreshCw } from 'lucide-react';
import { useRef, useState } from 'react';
import type { StoryOption } from '../../../shared/chat/contract';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/form';
import { useComposerInset } from '../../lib/composer-inset';
import { CostHint } from './CostHint';
import { isSendKey } from './enter-to-send';

/**
 * Four suggested actions in a 2×2 grid, free text behind 'Custom', and a reroll. While a reply
 * is being written there is nothing to suggest yet, and the bar says so.
 */
export function StoryOptions({
  options,
  loading,
  waiting,
  disabled,
  onChoose,
  onReroll,
}: {
  options: StoryOption[];
  loading: boolean;
  /** A reply is on its way: its options follow it. */
  waiting: boolean;
  disabled: boolean;
  /** Resolves false when the text was not sent (it then stays in the Custom box). */
  onChoose: (text: string) => Promise<boolean>;
  onReroll: () => void;
}) {
  const [custom, setCustom] = useState(false);
  const [text, setText] = useState('');
  const bar = useRef<HTMLDivElement>(null);
  useComposerInset(bar);
  const sendCustom = async () => {
    const trimmed = text.trim();
    if (!trimmed || disabled) return;
    setText('');
    // Back to the suggestions: the next ones appear there when the reply is in.
    setCustom(false);
    if (!(await onChoose(trimmed))) {
      setText((current) => current || trimmed);
      setCustom(true);
    }
  };
  return (
    <div ref={bar} className="border-t border-border bg-main p-3">
      <div className="mx-auto max-w-3xl space-y-3">
        {custom ? (
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              void sendCustom();
            }}
          >
            <Textarea
              aria-label="Custom action"
              placeholder="Enter custom input..."
              className="min-h-11 flex-1"
              rows={2}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (!isSendKey(e)) return;
                e.preventDefault();
                void sendCustom();
              }}
            />
            <Button type="submit" disabled={disabled || !text.trim()}>
              Send
            </Button>
          </form>
        ) : loading ? (
          <p
            role="status"
            className="flex items-center justify-center gap-2 py-4 text-sm text-muted"
          >
            <Loader2 className="size-4 animate-spin" aria-hidden /> Generating options
          </p>
        ) : waiting ? (
          <p role="status" className="py-3 text-center text-sm text-muted">
            Suggestions for your next move appear once the scene is written.
          </p>
        ) : options.length === 0 ? (
          <p className="py-3 text-center text-sm text-muted">
            No suggestions right now. Reroll them, or write your own with Custom.
          </p>
        ) : (
          <div className="grid grid-cols-2 gap-2" data-testid="story-options">
            {options.map((o) => (
              <button
                key={o.number}
                type="button"
                disabled={disabled}
                onClick={() => void onChoose(o.option)}
                className="rounded-xl border border-border bg-surface px-3 py-2.5 text-left text-xs hover:border-accent disabled:opacity-50 sm:px-4 sm:py-3 sm:text-sm"
              >
                {o.option}
              </button>
            ))}
          </div>
        )}
        <div className="flex justify-center gap-2">
          <Button variant="secondary" size="sm" onClick={() => setCustom((c) => !c)}>
            {custom ? 'Options' : 'Custom'}
          </Button>
          {!custom && (
            <Button
              variant="ghost"
              size="sm"
              aria-label="Reroll options"
              title="Reroll options"
              disabled={loading || disabled}
              onClick={onReroll}
            >
              <RefreshCw className="size-4" aria-hidden />
            </Button>
          )}
        </div>
        <CostHint action="choice" />
      </div>
    </div>
  );
}

/**
 * The story's first step: what the user wants to experience. The draft is held by the chat, so
 * it is still there if starting fails (the box is hidden while the story starts).
 */
export function StoryStart({
  text,
  onChange,
  onStart,
  disabled,
}: {
  text: string;
  onChange: (text: string) => void;
  onStart: (text: string) => void;
  disabled: boolean;
}) {
  const start = () => {
    if (text.trim() && !disabled) onStart(text.trim());
  };
  return (
    <form
      className="mx-auto mt-6 w-full max-w-xl space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
    >
      <Textarea
        aria-label="Describe your story"
        placeholder="Describe what you’d like to experience..."
        rows={4}
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (!isSendKey(e)) return;
          e.preventDefault();
          start();
        }}
      />
      <Button type="submit" className="w-full" disabled={disabled || !text.trim()}>
        Start
      </Button>
    </form>
  );
}
