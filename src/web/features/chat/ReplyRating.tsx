import { AlertTriangle, ThumbsDown, ThumbsUp } from 'lucide-react';
import { Suspense, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { FeedbackCommentDialog, ReportDialog } from './lazy-parts';
import { useSendFeedback } from './mutations';
import { ToolButton } from './ToolButton';

type Reply = { id: number; content: string };

/** Puts the focus back on one of a message's toolbar buttons (a dialog it opened closed). */
const focusButton = (messageId: number, action: string) => () =>
  document
    .querySelector<HTMLElement>(`[data-message-id="${messageId}"] [data-action="${action}"]`)
    ?.focus();

/**
 * Thumbs up and down on a reply, sent at once; the thanks toast offers 'Add a comment', a few
 * words sent with the same vote (issue 49). Failures are only logged (spec).
 */
export function RatingButtons({ reply }: { reply: Reply }) {
  const [rated, setRated] = useState<'GOOD' | 'BAD' | null>(null);
  const [commenting, setCommenting] = useState(false);
  const feedback = useSendFeedback();
  const rate = (value: 'GOOD' | 'BAD') => {
    if (rated === value) return;
    setRated(value);
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
      {commenting && rated && (
        <Suspense fallback={null}>
          <FeedbackCommentDialog
            rating={rated}
            onSend={(comment) => feedback.mutateAsync({ reply, feedback: rated, comment })}
            onClose={() => setCommenting(false)}
            returnFocus={focusButton(reply.id, rated === 'GOOD' ? 'rate-good' : 'rate-bad')}
          />
        </Suspense>
      )}
    </>
  );
}

/** 'Report' on a reply (issue 49): the reasons and the send, in a dialog of its own chunk. */
export function ReportButton({ messageId }: { messageId: number }) {
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <ToolButton label="Report" action="report" onClick={() => setReporting(true)}>
        <AlertTriangle className="size-3.5" />
      </ToolButton>
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            target={{ messageId }}
            onClose={() => setReporting(false)}
            returnFocus={focusButton(messageId, 'report')}
          />
        </Suspense>
      )}
    </>
  );
}
