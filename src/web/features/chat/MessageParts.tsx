import { Component, useEffect, useState, type ReactNode } from 'react';
import { bubbleRevealDelay, splitIntoBubbles } from '../../../shared/chat/rules';
import { MarkdownText } from './MarkdownText';

/** How a message's text is drawn: markdown, texting bubbles, one reply bubble, typing dots. */

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
export function Bubbles({ text, reveal }: { text: string; reveal: boolean }) {
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
        <div key={i} className="max-w-full rounded-2xl rounded-tl-sm bubble-ai px-4 py-2">
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
    <div className="max-w-[90%] rounded-2xl rounded-tl-sm bubble-ai px-4 py-3">
      <MessageText text={text} />
    </div>
  );
}

/**
 * Above a history with older pages: loads the page before the oldest message shown, and says so
 * when that failed (pressed again, it tries again).
 */
export function LoadEarlierButton({
  loading,
  failed,
  onClick,
}: {
  loading: boolean;
  failed: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="min-h-11 self-center rounded-full border border-border px-4 py-1.5 text-sm text-muted hover:text-fg sm:min-h-0"
      disabled={loading}
      onClick={onClick}
    >
      {loading
        ? 'Loading earlier messages...'
        : failed
          ? 'Could not load earlier messages. Try again'
          : 'Load earlier messages'}
    </button>
  );
}

export function TypingIndicator() {
  return (
    <div
      role="status"
      aria-label="Typing"
      className="flex w-fit items-center gap-1 rounded-2xl bubble-ai px-4 py-3"
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
