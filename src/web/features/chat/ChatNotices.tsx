import { AlertTriangle, ServerOff } from 'lucide-react';
import { Link } from 'wouter';
import { CHARACTER_REMOVED_BY_MODERATION } from '../../../shared/reports/messages';
import { Button, buttonClass } from '../../components/ui/button';
import { ApiError } from '../../lib/api';

/**
 * Shown in the chat when the server has no language model: nobody can get a reply, so say so
 * before anyone types. Staff also learn what the operator has to set (`example`: chat rules'
 * LLM_SETUP_EXAMPLE, handed in rather than imported, so this lazy chunk shares nothing with the
 * first load that would split a chunk out of it; see lazy-parts.ts).
 */
export function NoModelNotice({ staff, example }: { staff: boolean; example: string }) {
  return (
    <div
      role="status"
      data-testid="no-model-notice"
      className="mx-4 mt-4 flex items-start gap-3 rounded-xl border border-warning/40 bg-surface p-4 text-sm"
    >
      <ServerOff className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
      <div>
        <p className="font-semibold">This server has no language model configured yet</p>
        <p className="mt-1 text-muted">
          Characters can’t reply until one is set up. What you type is kept, so nothing is lost.
        </p>
        {staff && (
          <p className="mt-2 text-muted">
            Set <code className="text-fg">LLM_BASE_URL</code> and{' '}
            <code className="text-fg">LLM_MODELS</code> in the server’s environment and restart it,
            for example for Ollama: <code className="break-all text-fg">{example}</code>
          </p>
        )}
      </div>
    </div>
  );
}

/** A read that failed: the query's error, and how to ask again. */
interface FailedRead {
  error: unknown;
  refetch: () => unknown;
}

/** "Not found" only when the server said so (404); anything else (offline, a 500) may pass. */
const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

function CouldNotLoad({ what, read }: { what: string; read: FailedRead }) {
  return (
    <div role="alert" className="flex h-full flex-col items-center justify-center px-6 text-center">
      <h2 className="text-2xl font-bold">Could not load {what}</h2>
      <p className="mt-2 text-muted">Check your connection, then try again.</p>
      <Button variant="secondary" className="mt-6" onClick={() => void read.refetch()}>
        Try again
      </Button>
    </div>
  );
}

/** The first page of a conversation's messages failed: not an empty conversation. */
export function MessagesFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
      <p className="text-muted">Could not load the messages.</p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The sidebar's chats could not be read: not "No conversations yet." */
export function ChatsFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <p role="alert" className="mt-2 px-2 text-sm text-muted">
      Could not load your chats.{' '}
      <button
        type="button"
        className="font-semibold text-accent underline max-sm:min-h-11"
        onClick={onRetry}
      >
        Try again
      </button>
    </p>
  );
}

export function ConversationMissing({
  characterId,
  read,
}: {
  characterId: number;
  read: FailedRead;
}) {
  if (!isGone(read.error)) return <CouldNotLoad what="this conversation" read={read} />;
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 text-center">
      <h2 className="text-2xl font-bold">Conversation not found</h2>
      <p className="mt-2 text-muted">It may have been deleted.</p>
      <Link
        href={`/chat?character=${characterId}`}
        className={buttonClass('secondary', 'md', 'mt-6')}
      >
        Start a new chat
      </Link>
    </div>
  );
}

export function CharacterMissing({ read }: { read: FailedRead }) {
  if (!isGone(read.error)) return <CouldNotLoad what="this character" read={read} />;
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 text-center">
      <h1 className="text-2xl font-bold">Character not found</h1>
      <p className="mt-2 text-muted">It may have been deleted.</p>
      <Link href="/chat" className={buttonClass('secondary', 'md', 'mt-6')}>
        Back to dashboard
      </Link>
    </div>
  );
}

/**
 * In the message box's place when moderation removed the character (issue 49): the conversation
 * stays readable; why it cannot go on, and where the user follows the decision.
 */
export function RemovedCharacterNotice() {
  return (
    <div className="border-t border-border bg-main p-3">
      <p
        role="status"
        data-testid="character-removed"
        className="mx-auto flex max-w-3xl items-start gap-3 rounded-xl border-2 border-warning bg-surface p-3 text-sm text-fg sm:p-4"
      >
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <span>
          {CHARACTER_REMOVED_BY_MODERATION} Its conversations stay readable. You can follow the
          decision in{' '}
          <Link href="/account#account-reports" className="font-semibold text-accent underline">
            Account → Reports
          </Link>
          .
        </span>
      </p>
    </div>
  );
}
