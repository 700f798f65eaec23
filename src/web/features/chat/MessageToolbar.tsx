import {
  AlertTriangle,
  Bookmark,
  Check,
  Copy,
  GitBranch,
  Pencil,
  RefreshCw,
  StepForward,
  ThumbsDown,
  ThumbsUp,
  Trash2,
} from 'lucide-react';
import { Suspense, useState } from 'react';
import { CHAT_LIMITS } from '../../../shared/chat/rules';
import { toast } from '../../components/ui/toast';
import { FeedbackCommentDialog, ReportDialog } from './lazy-parts';
import { useReplyCost } from './reply-cost';
import { useSendFeedback } from './mutations';
import { ToolButton } from './ToolButton';
import type { DisplayMessage } from './display-message';

/** What can be done to a stored message's place in the conversation's tree. */
export interface TreeActions {
  /** Move to another alternative of this message (‹ ›). */
  onSwitch?: (messageId: number) => void;
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
 * cost on the button.
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
  const [rated, setRated] = useState<'GOOD' | 'BAD' | null>(null);
  const [reporting, setReporting] = useState(false);
  const [commenting, setCommenting] = useState(false);
  const feedback = useSendFeedback();
  const mine = message.sender === 'user';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(message.content);
      setCopied(true);
      setTimeout(() => setCopied(false), CHAT_LIMITS.copyConfirmationMs);
    } catch {
      /* copying is best-effort */
    }
  };
  const reply = { id: message.id, content: message.content };
  /** Puts the focus back on one of this message's buttons (a dialog closed). */
  const thumb = (action: string) => () =>
    document
      .querySelector<HTMLElement>(`[data-message-id="${message.id}"] [data-action="${action}"]`)
      ?.focus();
  const rate = (value: 'GOOD' | 'BAD') => {
    if (rated === value) return;
    setRated(value);
    // Feedback failures are only logged (spec): the user is not interrupted.
    feedback.mutateAsync({ reply, feedback: value }).then(
      () =>
        toast({
          title: 'Thanks for your feedback',
          action: { label: 'Add a comment', onClick: () => setCommenting(true) },
        }),
      (error: unknown) => console.warn('feedback failed', error),
    );
  };
  return (
    <div className={`flex flex-wrap sm:gap-1 ${className}`} data-testid="message-toolbar">
      <ToolButton label={copied ? 'Copied' : 'Copy message'} onClick={() => void copy()}>
        {copied ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
      </ToolButton>
      {!mine && (
        <>
          <ToolButton
            label="Good reply"
            action="rate-good"
            pressed={rated === 'GOOD'}
            onClick={() => rate('GOOD')}
          >
            <ThumbsUp className="size-3.5" fill={rated === 'GOOD' ? 'currentColor' : 'none'} />
          </ToolButton>
          <ToolButton
            label="Bad reply"
            action="rate-bad"
            pressed={rated === 'BAD'}
            onClick={() => rate('BAD')}
          >
            <ThumbsDown className="size-3.5" fill={rated === 'BAD' ? 'currentColor' : 'none'} />
          </ToolButton>
        </>
      )}
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
      {!mine && (
        <ToolButton label="Report" action="report" onClick={() => setReporting(true)}>
          <AlertTriangle className="size-3.5" />
        </ToolButton>
      )}
      {commenting && rated && (
        <Suspense fallback={null}>
          <FeedbackCommentDialog
            rating={rated}
            onSend={(comment) => feedback.mutateAsync({ reply, feedback: rated, comment })}
            onClose={() => setCommenting(false)}
            returnFocus={thumb(rated === 'GOOD' ? 'rate-good' : 'rate-bad')}
          />
        </Suspense>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            target={{ messageId: message.id }}
            onClose={() => setReporting(false)}
            returnFocus={thumb('report')}
          />
        </Suspense>
      )}
    </div>
  );
}
