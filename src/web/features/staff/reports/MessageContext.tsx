import type { ReportDetail } from '../../../../shared/reports/contract';
import { formatDateTime } from '../format';

type ContextMessage = NonNullable<ReportDetail['message']>;

/** The reported message, marked, between the messages before and after it on its branch. */
export function MessageContext({ detail }: { detail: ReportDetail }) {
  const name = detail.character?.name ?? 'AI';
  if (!detail.message) {
    return <p className="text-sm text-muted">The message was deleted since.</p>;
  }
  return (
    <ol aria-label="Conversation around the reported message" className="space-y-2">
      {detail.before.map((m) => (
        <Message key={m.id} message={m} name={name} />
      ))}
      <Message message={detail.message} name={name} reported />
      {detail.after.map((m) => (
        <Message key={m.id} message={m} name={name} />
      ))}
    </ol>
  );
}

function Message({
  message,
  name,
  reported = false,
}: {
  message: ContextMessage;
  name: string;
  reported?: boolean;
}) {
  return (
    <li
      aria-current={reported ? 'true' : undefined}
      data-testid={reported ? 'reported-message' : undefined}
      className={`rounded-lg border px-3 py-2 text-sm ${
        reported ? 'border-2 border-danger bg-surface' : 'border-border'
      }`}
    >
      <p className="flex flex-wrap gap-x-2 text-xs text-muted">
        <span className="font-semibold text-fg">{message.sender === 'user' ? 'User' : name}</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        {reported && <span className="font-semibold text-error">Reported</span>}
        {message.removed && <span className="font-semibold text-warning">Removed</span>}
      </p>
      <p className="mt-1 break-words whitespace-pre-wrap">{message.content}</p>
    </li>
  );
}
