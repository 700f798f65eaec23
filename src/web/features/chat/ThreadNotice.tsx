import { Suspense } from 'react';
import type { Notice } from '../../../shared/safety/contract';
import { NoticeCard } from './lazy-parts';
import type { SafetyNotice } from './NoticeCard';

/**
 * A notice in its place in the thread (decision 0042). The "not a human" notice, which every
 * conversation shows, is drawn here with the chat's first load; a crisis or adults-only notice
 * by the notices' chunk, fetched ahead with the stream reader or with the conversation's notices
 * (safety-hooks.ts), so it too is drawn at once.
 */
export function ThreadNotice({ notice }: { notice: Notice }) {
  if (!isSafetyNotice(notice)) return <AiDisclosure text={notice.text} />;
  return (
    <Suspense fallback={null}>
      <NoticeCard notice={notice} />
    </Suspense>
  );
}

/** A notice drawn by the notices' chunk: any but "not a human". */
const isSafetyNotice = (notice: Notice): notice is SafetyNotice => notice.kind !== 'ai-disclosure';

/** Whether a conversation's notices need the notices' chunk. */
export const needsNoticeChunk = (notices: Notice[]) => notices.some(isSafetyNotice);

/**
 * "Clear and conspicuous" (NY GBL § 1702), but calm: it comes back every few hours of a long
 * conversation, and should read as a fact, not an alarm. Full-strength text, an "AI" mark.
 */
function AiDisclosure({ text }: { text: string }) {
  return (
    <div
      role="status"
      data-testid="notice-ai-disclosure"
      className="mx-auto flex w-full max-w-xl items-center gap-3 rounded-xl border border-border bg-surface px-4 py-3 text-sm text-fg"
    >
      {/* The text says it in words; the mark is what the eye finds first. */}
      <span
        aria-hidden
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-accent-strong text-xs font-bold tracking-wide text-on-accent"
      >
        AI
      </span>
      <p className="font-medium">{text}</p>
    </div>
  );
}
