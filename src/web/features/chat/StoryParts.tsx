import { Loader2, RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { CHAT_LIMITS, type StoryOption } from '../../../shared/chat';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/form';
import { TypingIndicator } from './MessageView';

/** Four suggested actions in a 2×2 grid, free text behind 'Custom', and a reroll. */
export function StoryOptions({
  options,
  loading,
  disabled,
  onChoose,
  onReroll,
}: {
  options: StoryOption[];
  loading: boolean;
  disabled: boolean;
  onChoose: (text: string) => void;
  onReroll: () => void;
}) {
  const [custom, setCustom] = useState(false);
  const [text, setText] = useState('');
  return (
    <div className="border-t border-border bg-main p-3">
      <div className="mx-auto max-w-3xl space-y-3">
        {custom ? (
          <form
            className="flex items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (!text.trim()) return;
              onChoose(text.trim());
              setText('');
            }}
          >
            <Textarea
              aria-label="Custom action"
              placeholder="Enter custom input..."
              className="min-h-11 flex-1"
              rows={2}
              value={text}
              onChange={(e) => setText(e.target.value)}
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
                onClick={() => onChoose(o.option)}
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
      </div>
    </div>
  );
}

/** The story's first step: what the user wants to experience. */
export function StoryStart({
  onStart,
  disabled,
}: {
  onStart: (text: string) => void;
  disabled: boolean;
}) {
  const [text, setText] = useState('');
  return (
    <form
      className="mx-auto mt-6 w-full max-w-xl space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) onStart(text.trim());
      }}
    >
      <Textarea
        aria-label="Describe your story"
        placeholder="Describe what you’d like to experience..."
        rows={4}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button type="submit" className="w-full" disabled={disabled || !text.trim()}>
        Start
      </Button>
    </form>
  );
}

const SPLASH_STEPS = [
  'Initializing user profile',
  'Preparing your character',
  'Generating scenario',
  'Sending message',
];

/**
 * 'Starting your fantasy': four steps, one every 2 s, while a new conversation starts. It ends
 * after 8 s; a start that takes longer goes on behind the typing indicator.
 */
export function StartingSplash() {
  const [step, setStep] = useState(0);
  const [over, setOver] = useState(false);
  useEffect(() => {
    const timer = setInterval(
      () => setStep((s) => Math.min(s + 1, SPLASH_STEPS.length - 1)),
      CHAT_LIMITS.splashStepMs,
    );
    const end = setTimeout(() => setOver(true), CHAT_LIMITS.splashTotalMs);
    return () => {
      clearInterval(timer);
      clearTimeout(end);
    };
  }, []);
  if (over) return <TypingIndicator />;
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-10 text-center">
      <Loader2 className="size-10 animate-spin text-accent" aria-hidden />
      <p className="text-lg font-bold">Starting your fantasy</p>
      <p className="text-sm text-muted">{SPLASH_STEPS[step]}</p>
    </div>
  );
}
