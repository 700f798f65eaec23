import { ArrowLeft, Loader2, RefreshCw } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import type { StoryOption } from '../../../shared/chat/contract';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/form';
import { useComposerInset } from '../../lib/composer-inset';
import { CostHint } from './CostHint';
import { isSendKey } from './enter-to-send';
import { PICTURE_STORY_OPTION } from '../../../shared/pictures/rules';
import { usePictureBusy, usePictureRequest } from '../pictures/picture-mutation';

// The options' making, in this chunk rather than the chat's first load (use-story-options.ts).
export { nextStoryOptions } from './story-options-load';

/**
 * Four suggested actions in a 2×2 grid with a reroll, and under them a box that is always there
 * for the user's own action (issue 45: no 'Custom' click first). While a reply is being written
 * there is nothing to suggest yet, and the bar says so.
 */
export function StoryOptions({
  options,
  loading,
  waiting,
  disabled,
  onChoose,
  onReroll,
  picture,
  conversationId,
}: {
  options: StoryOption[];
  loading: boolean;
  /** A reply is on its way: its options follow it. */
  waiting: boolean;
  disabled: boolean;
  /** Resolves false when the text was not sent (it then goes back to the box). */
  onChoose: (text: string) => Promise<boolean>;
  onReroll: () => void;
  /** 'Send me a picture' (pictures/PictureButton.tsx), where images are configured. */
  picture?: ReactNode;
  /** The story's conversation: the model's picture option asks for its picture. */
  conversationId: number;
}) {
  const askForPicture = usePictureRequest(conversationId);
  // One picture at a time, as the picture button allows: each press would be paid for.
  const pictureBusy = usePictureBusy(conversationId);
  const asksForPicture = (o: StoryOption) => o.option === PICTURE_STORY_OPTION && Boolean(picture);
  const [text, setText] = useState('');
  const bar = useRef<HTMLDivElement>(null);
  useComposerInset(bar);
  const sendOwn = async () => {
    const trimmed = text.trim();
    if (!trimmed || disabled) return;
    setText('');
    if (!(await onChoose(trimmed))) setText((current) => current || trimmed);
  };
  return (
    <div ref={bar} className="border-t border-border bg-main p-3">
      <div className="mx-auto max-w-3xl space-y-3">
        {picture && <div className="flex justify-end">{picture}</div>}
        {loading ? (
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
            No suggestions right now. Reroll them, or write your own below.
          </p>
        ) : (
          <div className="flex items-start gap-2">
            <div className="grid flex-1 grid-cols-2 gap-2" data-testid="story-options">
              {options.map((o) => (
                <button
                  key={o.number}
                  type="button"
                  disabled={disabled || (asksForPicture(o) && pictureBusy)}
                  // The model's offer of a picture (issue 50): chosen, the picture is asked for.
                  onClick={() =>
                    asksForPicture(o) ? askForPicture.mutate('') : void onChoose(o.option)
                  }
                  className="min-h-11 rounded-xl border border-border bg-surface px-3 py-2.5 text-left text-xs hover:border-accent disabled:opacity-50 sm:px-4 sm:py-3 sm:text-sm"
                >
                  {o.option}
                </button>
              ))}
            </div>
            <Button
              variant="ghost"
              className="size-11 shrink-0 px-0"
              aria-label="Reroll options"
              title="Reroll options"
              disabled={loading || disabled}
              onClick={onReroll}
            >
              <RefreshCw className="size-4" aria-hidden />
            </Button>
          </div>
        )}
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void sendOwn();
          }}
        >
          <Textarea
            aria-label="Your own action"
            placeholder="Or write what you do or say..."
            // One line that grows with what is typed (the form's default is a tall box).
            className="max-h-32 min-h-11! flex-1 resize-none field-sizing-content"
            rows={1}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (!isSendKey(e)) return;
              e.preventDefault();
              void sendOwn();
            }}
          />
          <Button type="submit" className="h-11" disabled={disabled || !text.trim()}>
            Send
          </Button>
        </form>
        <CostHint action="choice" />
      </div>
    </div>
  );
}

/** An opening a new user can read to see what kind of thing to write (and use as it is). */
const STORY_EXAMPLE =
  'A stormy night at a lighthouse on the coast. I am a traveller who knocks at the door, soaked through, and you are the keeper who lets me in.';

/**
 * The story's first step: what the user wants to experience, with an example to start from and
 * a way back to the choice of modes. The draft is held by the chat, so it is still there if
 * starting fails (the box is hidden while the story starts). The box takes the focus: choosing
 * Story Mode is choosing to write this next.
 */
export function StoryStart({
  characterName,
  text,
  onChange,
  onStart,
  onBack,
  disabled,
}: {
  characterName: string;
  text: string;
  onChange: (text: string) => void;
  onStart: (text: string) => void;
  /** Back to the choice of modes (only before the story has begun). */
  onBack?: () => void;
  disabled: boolean;
}) {
  const start = () => {
    if (text.trim() && !disabled) onStart(text.trim());
  };
  return (
    <form
      aria-labelledby="story-start-title"
      className="mx-auto mt-6 w-full max-w-xl space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        start();
      }}
    >
      <h2 id="story-start-title" className="text-xl font-bold">
        Begin a story with {characterName}
      </h2>
      <p id="story-start-hint" className="text-sm text-muted">
        Say where it happens, who you are and what is going on. {characterName} writes the scene,
        then offers four ways to go on, or you write your own.
      </p>
      <Textarea
        aria-label="Describe your story"
        aria-describedby="story-start-hint story-start-example"
        placeholder="Describe what you’d like to experience..."
        rows={4}
        autoFocus
        value={text}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (!isSendKey(e)) return;
          e.preventDefault();
          start();
        }}
      />
      <div className="rounded-xl border border-border bg-surface p-3 text-sm">
        <p id="story-start-example" className="text-muted">
          <span className="font-semibold text-fg">For example: </span>
          {STORY_EXAMPLE}
        </p>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="mt-2 max-sm:h-11"
          onClick={() => onChange(STORY_EXAMPLE)}
        >
          Use this example
        </Button>
      </div>
      <Button type="submit" className="w-full" disabled={disabled || !text.trim()}>
        Start
      </Button>
      {onBack && (
        <Button type="button" variant="secondary" className="w-full" onClick={onBack}>
          <ArrowLeft className="size-4" aria-hidden /> Choose another mode
        </Button>
      )}
    </form>
  );
}
