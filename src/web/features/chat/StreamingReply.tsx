import { MessageText, ReplyBubble, TypingIndicator } from './MessageView';
import { StartingSplash } from './StartingSplash';

/**
 * The reply on its way: the opening splash while a conversation starts, then the text as it
 * grows in the same bubble a stored reply uses. Texting replies arrive as separate bubbles, so
 * until they are stored the typing indicator stands in for them.
 */
export function StreamingReply({
  streaming,
  starting,
  bubbles,
}: {
  streaming: string | null;
  starting: boolean;
  bubbles: boolean;
}) {
  if (starting) return <StartingSplash />;
  if (streaming === null) return null;
  return streaming && !bubbles ? <ReplyBubble text={streaming} /> : <TypingIndicator />;
}

/** A story's opening scene, above its first message. */
export function ScenarioCard({ text }: { text: string }) {
  return (
    <div
      className="rounded-xl border border-border bg-surface/60 p-4 text-sm"
      data-testid="scenario"
    >
      <p className="mb-1 text-xs font-semibold tracking-widest text-muted uppercase">Scenario</p>
      <MessageText text={text} />
    </div>
  );
}
