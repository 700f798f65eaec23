/**
 * Under a message typed at 0 credits and kept unanswered (decision 0051): what happened, and
 * 'Send again'. Few messages ever show it: in message-extras' chunk, not the chat's first load.
 */
export function UnansweredNote({ onRetry }: { onRetry?: (() => void) | undefined }) {
  return (
    <p className="mt-1 flex items-center gap-2 text-xs text-muted" data-testid="unanswered">
      <span>Not answered: you were out of messages.</span>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="font-semibold text-accent underline-offset-2 hover:underline max-sm:min-h-11 max-sm:px-2"
        >
          Send again
        </button>
      )}
    </p>
  );
}
