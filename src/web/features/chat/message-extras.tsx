import { PictureAttachments } from '../pictures/PictureAttachments';
import type { DisplayMessage } from './display-message';
import { LoreMarker } from './LoreMarker';
import { UnansweredNote } from './UnansweredNote';

/**
 * What a few messages show under their text, as one chunk that MessageView loads when a message
 * needs it (hasExtras): a picture the character sent (issue 50 part 3), the lorebook entries a
 * reply's prompt carried, the note of a message left unanswered at 0 credits. The chat's first
 * load has no room for them (tests/build/chat-budget.test.ts).
 */
export function MessageExtras({
  message,
  onRetry,
}: {
  message: DisplayMessage;
  /** For an unanswered message: send it again. */
  onRetry?: (() => void) | undefined;
}) {
  return (
    <>
      {message.attachments?.length ? (
        <PictureAttachments attachments={message.attachments} />
      ) : null}
      {message.lore?.length ? <LoreMarker lore={message.lore} /> : null}
      {message.unanswered && <UnansweredNote onRetry={onRetry} />}
    </>
  );
}
