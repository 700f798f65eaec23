import { useState } from 'react';
import { FEEDBACK_COMMENT_MAX } from '../../../shared/feedback/contract';
import { Dialog } from '../../components/ui/dialog';
import { CountedTextarea, DialogFormFooter } from '../../components/ui/dialog-form';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';

const COMMENT_ID = 'feedback-comment';

/**
 * 'Add a comment' after a thumbs up or down (issue 49): a few words on what made the reply good
 * or bad, sent with the same vote. Staff read them beside the pair in the console's Feedback.
 * The focus goes back to the thumb that was pressed once closed.
 */
export function FeedbackCommentDialog({
  rating,
  onSend,
  onClose,
  returnFocus,
}: {
  rating: 'GOOD' | 'BAD';
  onSend: (comment: string) => Promise<unknown>;
  onClose: () => void;
  returnFocus: () => void;
}) {
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const submit = async () => {
    const trimmed = comment.trim();
    if (!trimmed) return setError('Write a few words, or close this.');
    setSending(true);
    setError(undefined);
    try {
      await onSend(trimmed);
      toast({ title: 'Comment sent', description: 'Thank you: it helps us make replies better.' });
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Could not send the comment.');
    } finally {
      setSending(false);
    }
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={rating === 'GOOD' ? 'What did you like?' : 'What went wrong?'}
      description="Staff read your comment with this reply and your message before it."
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        returnFocus();
      }}
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <CountedTextarea
          id={COMMENT_ID}
          label="Your comment"
          value={comment}
          max={FEEDBACK_COMMENT_MAX}
          onChange={setComment}
          autoFocus
        />
        <DialogFormFooter
          error={error}
          pending={sending}
          submit={{ label: 'Send comment', pendingLabel: 'Sending…' }}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
