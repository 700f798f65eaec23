import { ThumbsDown, ThumbsUp } from 'lucide-react';
import type { FeedbackList } from '../../../../shared/reports/contract';
import { formatDateTime } from '../format';

/** Each rating with the user's message and the reply they shared, and their comment. */
export function FeedbackItems({ items }: { items: FeedbackList['items'] }) {
  if (items.length === 0) return <p className="text-muted">No feedback shared yet.</p>;
  return (
    <ul aria-label="Feedback" className="space-y-3">
      {items.map((f) => (
        <li key={f.id} className="rounded-xl border border-border p-4 text-sm">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted">
            <span
              className={`inline-flex items-center gap-1 font-semibold ${
                f.rating === 'up' ? 'text-success' : 'text-error'
              }`}
            >
              {f.rating === 'up' ? (
                <ThumbsUp className="size-4" aria-hidden />
              ) : (
                <ThumbsDown className="size-4" aria-hidden />
              )}
              {f.rating === 'up' ? 'Up' : 'Down'}
            </span>
            <span>{f.model ?? 'Unknown model'}</span>
            <time dateTime={f.createdAt}>{formatDateTime(f.createdAt)}</time>
            {f.edited && <span className="font-semibold text-warning">Reply edited</span>}
          </p>
          <dl className="mt-2 space-y-2">
            <div>
              <dt className="text-xs font-medium text-muted uppercase">User</dt>
              <dd className="break-words whitespace-pre-wrap">{f.userMessage}</dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-muted uppercase">Reply</dt>
              <dd className="break-words whitespace-pre-wrap">{f.aiMessage}</dd>
            </div>
            {f.comment && (
              <div>
                <dt className="text-xs font-medium text-muted uppercase">Comment</dt>
                <dd className="break-words whitespace-pre-wrap">{f.comment}</dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
