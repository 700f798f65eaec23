import { Suspense } from 'react';
import { CHAT_LIMITS } from '../../../shared/chat/rules';
import { ScenePart, StartingSplash } from './lazy-parts';
import { MessageText, ReplyBubble, TypingIndicator } from './MessageParts';

/**
 * The reply on its way: the opening splash while a conversation starts, then the text as it
 * grows in the same bubble a stored reply uses. Texting replies arrive as separate bubbles, so
 * until they are stored the typing indicator stands in for them. A continued reply grows in its
 * own place in the thread (`inPlace`): only its reconnecting line shows here.
 */
export function StreamingReply({
  streaming,
  starting,
  bubbles,
  reconnecting = false,
  inPlace = false,
  speakerId = null,
}: {
  streaming: string | null;
  starting: boolean;
  bubbles: boolean;
  /** Its connection dropped and is being made again: the text so far stays, and says so. */
  reconnecting?: boolean;
  inPlace?: boolean;
  /** A group scene's character answering (issue 51): named above the reply as it grows. */
  speakerId?: number | null;
}) {
  if (starting && !reconnecting) {
    return (
      <Suspense fallback={<TypingIndicator />}>
        <StartingSplash
          typing={<TypingIndicator />}
          stepMs={CHAT_LIMITS.splashStepMs}
          totalMs={CHAT_LIMITS.splashTotalMs}
        />
      </Suspense>
    );
  }
  if (streaming === null) return null;
  let reply = null;
  if (!inPlace)
    reply = streaming && !bubbles ? <ReplyBubble text={streaming} /> : <TypingIndicator />;
  if (reply && speakerId !== null) {
    reply = (
      <div className="flex flex-col gap-1">
        <Suspense fallback={null}>
          <ScenePart part="speaker" id={speakerId} />
        </Suspense>
        {reply}
      </div>
    );
  }
  if (!reconnecting) return reply;
  return (
    <div className="flex flex-col gap-1">
      {reply}
      <p role="status" className="text-xs text-muted" data-testid="reply-reconnecting">
        Reconnecting…
      </p>
    </div>
  );
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
