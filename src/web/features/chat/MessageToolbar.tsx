import {
  Bookmark,
  Check,
  Copy,
  GitBranch,
  Pencil,
  RefreshCw,
  StepForward,
  Trash2,
} from 'lucide-react';
import { Suspense, useState } from 'react';
import { CHAT_LIMITS } from '../../../shared/chat/rules';
import { useSiteStatus } from '../site/site-status';
import { useReplyCost } from './reply-cost';
import { RatingButtons, ReportButton } from './ReplyRating';
import { ToolButton } from './ToolButton';
import type { DisplayMessage } from './display-message';
import { VoiceReplies } from './lazy-parts';

/** What can be done to a stored message's place in the conversation's tree. */
export interface TreeActions {
  /** Move to another alternative of this message (‹ ›). */
  onSwitch?: (messageId: number) => Promise<unknown> | void;
  /** A reply: ask for a new alternative (the caller confirms when later messages move away). */
  onRegenerate?: () => void;
  /** The newest reply: ask for more of it. */
  onContinue?: () => void;
  /** Ask to delete it with everything after it (the caller confirms). */
  onDelete?: () => void;
  /** The user's own: send the edited text as a new branch, keeping the old one. */
  onEditAsBranch?: (text: string) => Promise<boolean>;
  /** Open the fact to remember from this message, for the user to edit ('Remember this'). */
  onRemember?: () => void;
  /** A reply with messages after it: the next message starts a new branch after it. */
  onBranchFrom?: () => void;
  /** While a reply is on its way nothing else may be asked. */
  busy?: boolean;
}

/**
 * Under a stored message: copy, thumbs for replies, edit (the user's own messages and the
 * character's replies, issue 45), and the tree's actions. Regenerate and Continue say what they
 * cost on the button. With voice replies configured, a reply can be heard ('Listen', issue 50).
 */
export function MessageToolbar({
  message,
  tree,
  onEdit,
  className,
}: {
  message: DisplayMessage & { id: number };
  tree: TreeActions;
  /** Open the message's editor. */
  onEdit?: (() => void) | undefined;
  className: string;
}) {
  const cost = useReplyCost();
  const [copied, setCopied] = useState(false);
  const mine = message.sender === 'user';
  const voice = useSiteStatus().data?.features?.voiceReplies;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.content);
      setCopied(true);
      setTimeout(() => setCopied(false), CHAT_LIMITS.copyConfirmationMs);
    } catch {
      /* copying is best-effort */
    }
  };
  return (
    <div className={`flex flex-wrap sm:gap-1 ${className}`} data-testid="message-toolbar">
      <ToolButton label={copied ? 'Copied' : 'Copy message'} onClick={() => void copy()}>
        {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
      </ToolButton>
      {voice && (
        // The user's own messages have no Listen: the part draws nothing for them.
        <Suspense fallback={null}>
          <VoiceReplies message={message} />
        </Suspense>
      )}
      {!mine && <RatingButtons reply={{ id: message.id, content: message.content }} />}
      {onEdit && (
        <ToolButton label={mine ? 'Edit message' : 'Edit reply'} action="edit" onClick={onEdit}>
          <Pencil className="size-3.5" />
        </ToolButton>
      )}
      {tree.onRegenerate && (
        <ToolButton
          label={`Regenerate (${cost})`}
          cost={cost}
          action="regenerate"
          disabled={tree.busy}
          onClick={tree.onRegenerate}
        >
          <RefreshCw className="size-3.5" />
        </ToolButton>
      )}
      {tree.onContinue && (
        <ToolButton
          label={`Continue (${cost})`}
          cost={cost}
          action="continue"
          disabled={tree.busy}
          onClick={tree.onContinue}
        >
          <StepForward className="size-3.5" />
        </ToolButton>
      )}
      {tree.onRemember && (
        <ToolButton label="Remember this" action="remember" onClick={tree.onRemember}>
          <Bookmark className="size-3.5" />
        </ToolButton>
      )}
      {tree.onBranchFrom && (
        <ToolButton label="Branch from here" disabled={tree.busy} onClick={tree.onBranchFrom}>
          <GitBranch className="size-3.5" />
        </ToolButton>
      )}
      {tree.onDelete && (
        <ToolButton label="Delete message" disabled={tree.busy} onClick={tree.onDelete}>
          <Trash2 className="size-3.5" />
        </ToolButton>
      )}
      {!mine && <ReportButton messageId={message.id} />}
    </div>
  );
}
