import {
  Bookmark,
  Check,
  ChevronLeft,
  ChevronRight,
  Copy,
  GitBranch,
  Pencil,
  RefreshCw,
  StepForward,
  ThumbsDown,
  ThumbsUp,
  Trash2,
} from 'lucide-react';
import { Component, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { bubbleRevealDelay, CHAT_LIMITS, splitIntoBubbles } from '../../../shared/chat/rules';
import { IconButton } from '../../components/ui/icon-button';
import { MarkdownText } from './MarkdownText';
import { toast } from '../../components/ui/toast';
import { useSendFeedback } from './mutations';
import { MessageEditor } from './lazy-parts';
import type { DisplayMessage } from './display-message';

/** A new version or more of a reply is a reply like any other: the toolbar says what it costs. */
const REWORK_COST = 'costs 1 message';

/** What can be done to a stored message's place in the conversation's tree. */
export interface TreeActions {
  /** Move to another alternative of this message (‹ ›). */
  onSwitch?: (messageId: number) => void;
  /** A reply: ask for a new alternative. */
  onRegenerate?: () => void;
  /** The newest reply: ask for more of it. */
  onContinue?: () => void;
  /** Ask to delete it with everything after it (the caller confirms). */
  onDelete?: () => void;
  /** The user's own: send the edited text as a new branch, keeping the old one. */
  onEditAsBranch?: (text: string) => Promise<boolean>;
  /** Ask the character to remember this message ('Remember this'). */
  onRemember?: () => void;
  /** A reply with messages after it: the next message starts a new branch after it. */
  onBranchFrom?: () => void;
  /** While a reply is on its way nothing else may be asked. */
  busy?: boolean;
}

/** A message's text as markdown (see ./markdown for the rules). */
export function MessageText({ text }: { text: string }) {
  return (
    // Styled by .message-text in styles.css (headings, quotes, code, lists).
    <div className="message-text">
      <AsWrittenOnError text={text}>
        <MarkdownText text={text} />
      </AsWrittenOnError>
    </div>
  );
}

/** A message that cannot be drawn as markdown shows as written, not as a blank page. */
class AsWrittenOnError extends Component<
  { text: string; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return <p className="whitespace-pre-wrap">{this.props.text}</p>;
  }
}

/** Texting replies as bubbles: a fresh reply reveals them one by one, else all show as it grows. */
function Bubbles({ text, reveal }: { text: string; reveal: boolean }) {
  const bubbles = splitIntoBubbles(text);
  const [shown, setShown] = useState(reveal ? 0 : bubbles.length);
  useEffect(() => {
    if (!reveal) return;
    const timers = bubbles.map((_, i) => setTimeout(() => setShown(i + 1), bubbleRevealDelay(i)));
    return () => timers.forEach(clearTimeout);
  }, [reveal, bubbles.length]); // eslint-disable-line react-hooks/exhaustive-deps
  const count = reveal ? shown : bubbles.length;
  return (
    <div className="flex flex-col items-start gap-1.5">
      {bubbles.slice(0, count).map((bubble, i) => (
        <div key={i} className="max-w-full rounded-2xl rounded-tl-sm bg-bubble-ai px-4 py-2">
          <MessageText text={bubble} />
        </div>
      ))}
      {count < bubbles.length && <TypingIndicator />}
    </div>
  );
}

/** One reply in a single bubble (assistant and story); a reply being streamed uses it too. */
export function ReplyBubble({ text }: { text: string }) {
  return (
    <div className="max-w-[90%] rounded-2xl rounded-tl-sm bg-bubble-ai px-4 py-3">
      <MessageText text={text} />
    </div>
  );
}

/** Above a history with older pages: loads the page before the oldest message shown. */
export function LoadEarlierButton({ loading, onClick }: { loading: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="self-center rounded-full border border-border px-4 py-1.5 text-sm text-muted hover:text-fg"
      disabled={loading}
      onClick={onClick}
    >
      {loading ? 'Loading earlier messages...' : 'Load earlier messages'}
    </button>
  );
}

export function TypingIndicator() {
  return (
    <div
      role="status"
      aria-label="Typing"
      className="flex w-fit items-center gap-1 rounded-2xl bg-bubble-ai px-4 py-3"
    >
      {[0, 1, 2].map((i) => (
        <span
          key={i}
          className="size-2 animate-bounce rounded-full bg-muted"
          style={{ animationDelay: `${i * 150}ms` }}
        />
      ))}
    </div>
  );
}

/**
 * One message with its toolbar (copy, thumbs for replies, edit for the user's own). The toolbar
 * shows on hover or focus and stays a second after; on touch, a long press shows it.
 */
export function MessageView({
  message,
  asBubbles,
  fresh,
  onEdit,
  onRetry,
  tree = {},
  highlighted = false,
}: {
  message: DisplayMessage;
  asBubbles: boolean;
  fresh: boolean;
  onEdit?: (text: string) => Promise<boolean>;
  /** For an unanswered message: send it again. */
  onRetry?: () => void;
  tree?: TreeActions;
  /** Opened from a memory's link: marked until the user moves on. */
  highlighted?: boolean;
}) {
  const [toolbar, setToolbar] = useState(false);
  const [copied, setCopied] = useState(false);
  const [editing, setEditing] = useState(false);
  const [rated, setRated] = useState<'GOOD' | 'BAD' | null>(null);
  const feedback = useSendFeedback();
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mine = message.sender === 'user';
  const saved = typeof message.id === 'number';

  const show = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    setToolbar(true);
    // Edit is one press away now: its editor's chunk is fetched before it is pressed.
    if (onEdit) void MessageEditor.preload();
  };
  const hideSoon = () => {
    hideTimer.current = setTimeout(() => setToolbar(false), CHAT_LIMITS.hoverToolbarMs);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.content);
      setCopied(true);
      setTimeout(() => setCopied(false), CHAT_LIMITS.copyConfirmationMs);
    } catch {
      /* copying is best-effort */
    }
  };
  const rate = (value: 'GOOD' | 'BAD') => {
    if (typeof message.id !== 'number' || rated === value) return;
    setRated(value);
    // Feedback failures are only logged (spec): the user is not interrupted.
    feedback
      .mutateAsync({ reply: { id: message.id, content: message.content }, feedback: value })
      .then(
        () => toast({ title: 'Thanks for your feedback' }),
        (error: unknown) => console.warn('feedback failed', error),
      );
  };
  const siblings = message.siblingIds ?? [];
  const place = typeof message.id === 'number' ? siblings.indexOf(message.id) : -1;

  return (
    <div
      className={`group flex flex-col ${mine ? 'items-end' : 'items-start'} ${highlighted ? 'rounded-2xl p-2 ring-2 ring-accent' : ''}`}
      data-highlighted={highlighted || undefined}
      onMouseEnter={show}
      onMouseLeave={hideSoon}
      onFocus={show}
      onBlur={hideSoon}
      onTouchStart={() => {
        pressTimer.current = setTimeout(show, CHAT_LIMITS.longPressMs);
      }}
      onTouchEnd={() => pressTimer.current && clearTimeout(pressTimer.current)}
      onTouchMove={() => pressTimer.current && clearTimeout(pressTimer.current)}
      data-testid={`message-${message.sender}`}
      data-message-id={saved ? message.id : undefined}
    >
      {editing ? (
        <Suspense fallback={null}>
          <MessageEditor
            text={message.content}
            onEdit={onEdit}
            onEditAsBranch={tree.onEditAsBranch}
            busy={tree.busy}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      ) : mine ? (
        <div
          className={`max-w-[85%] rounded-2xl rounded-tr-sm bg-bubble-user px-4 py-2 text-fg ${message.unanswered ? 'opacity-70' : ''}`}
        >
          <MessageText text={message.content} />
        </div>
      ) : asBubbles ? (
        <Bubbles text={message.content} reveal={fresh} />
      ) : (
        <ReplyBubble text={message.content} />
      )}
      {message.unanswered && (
        <p className="mt-1 flex items-center gap-2 text-xs text-muted" data-testid="unanswered">
          <span>Not answered: you were out of messages.</span>
          {onRetry && (
            <button
              type="button"
              onClick={onRetry}
              className="font-semibold text-accent underline-offset-2 hover:underline"
            >
              Send again
            </button>
          )}
        </p>
      )}
      {place >= 0 && siblings.length > 1 && !editing && (
        <div className="mt-1 flex items-center gap-0.5 text-xs text-muted" data-testid="versions">
          <IconButton
            label="Previous version"
            disabled={place === 0 || tree.busy}
            onClick={() => tree.onSwitch?.(siblings[place - 1]!)}
          >
            <ChevronLeft className="size-3.5" />
          </IconButton>
          <span aria-label={`Version ${place + 1} of ${siblings.length}`}>
            {place + 1}/{siblings.length}
          </span>
          <IconButton
            label="Next version"
            disabled={place === siblings.length - 1 || tree.busy}
            onClick={() => tree.onSwitch?.(siblings[place + 1]!)}
          >
            <ChevronRight className="size-3.5" />
          </IconButton>
        </div>
      )}
      {saved && !editing && (
        <div
          className={`mt-1 flex gap-1 transition-opacity ${toolbar ? 'opacity-100' : 'opacity-0 focus-within:opacity-100'}`}
          data-testid="message-toolbar"
        >
          <IconButton label={copied ? 'Copied' : 'Copy message'} onClick={() => void copy()}>
            {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
          </IconButton>
          {!mine && (
            <>
              <IconButton
                label="Good reply"
                pressed={rated === 'GOOD'}
                onClick={() => rate('GOOD')}
              >
                <ThumbsUp className="size-3.5" fill={rated === 'GOOD' ? 'currentColor' : 'none'} />
              </IconButton>
              <IconButton label="Bad reply" pressed={rated === 'BAD'} onClick={() => rate('BAD')}>
                <ThumbsDown className="size-3.5" fill={rated === 'BAD' ? 'currentColor' : 'none'} />
              </IconButton>
            </>
          )}
          {mine && onEdit && (
            <IconButton label="Edit message" onClick={() => setEditing(true)}>
              <Pencil className="size-3.5" />
            </IconButton>
          )}
          {tree.onRegenerate && (
            <IconButton
              label={`Regenerate (${REWORK_COST})`}
              disabled={tree.busy}
              onClick={tree.onRegenerate}
            >
              <RefreshCw className="size-3.5" />
            </IconButton>
          )}
          {tree.onContinue && (
            <IconButton
              label={`Continue (${REWORK_COST})`}
              disabled={tree.busy}
              onClick={tree.onContinue}
            >
              <StepForward className="size-3.5" />
            </IconButton>
          )}
          {tree.onRemember && (
            <IconButton label="Remember this" onClick={tree.onRemember}>
              <Bookmark className="size-3.5" />
            </IconButton>
          )}
          {tree.onBranchFrom && (
            <IconButton label="Branch from here" disabled={tree.busy} onClick={tree.onBranchFrom}>
              <GitBranch className="size-3.5" />
            </IconButton>
          )}
          {tree.onDelete && (
            <IconButton label="Delete message" disabled={tree.busy} onClick={tree.onDelete}>
              <Trash2 className="size-3.5" />
            </IconButton>
          )}
        </div>
      )}
    </div>
  );
}
