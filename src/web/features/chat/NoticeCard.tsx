import { AlertTriangle, Download, MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import type { Notice } from '../../../shared/safety/contract';
import { actionClass, CrisisNotice } from './CrisisNotice';

/**
 * A notice in the thread (decision 0042): not a message, so no toolbar, no feedback and nothing
 * to copy. Each is announced (role="status") when it appears. Loaded with the stream reader or
 * the conversation's notices (see lazy-parts.ts), never with the chat's first load.
 */
export function NoticeCard({ notice }: { notice: Notice }) {
  if (notice.kind === 'crisis') return <CrisisNotice notice={notice} />;
  if (notice.kind === 'adults-only') return <AdultsOnlyNotice text={notice.text} />;
  return <AiDisclosure text={notice.text} />;
}

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

/**
 * Someone who says they are under 18 is told why chatting stops, and where their data is (and
 * how to reach a person if we got it wrong). The banner that replaces the message box says the
 * same with the same two links.
 */
function AdultsOnlyNotice({ text }: { text: string }) {
  return (
    <div
      role="status"
      data-testid="notice-adults-only"
      className="mx-auto w-full max-w-xl rounded-xl border-2 border-warning bg-surface p-4 text-sm text-fg"
    >
      <p className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <span className="font-medium">{text}</span>
      </p>
      <AccountLinks />
    </div>
  );
}

/** Account (download or delete data) and Contact, as thumb-sized links. */
export function AccountLinks() {
  const link = actionClass(false, 'flex-1 sm:flex-none', false);
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <Link href="/account" className={link}>
        <Download className="size-4" aria-hidden /> Account
        <span className="sr-only">: download or delete your data</span>
      </Link>
      <Link href="/contact" className={link}>
        <MessageCircle className="size-4" aria-hidden /> Contact us
      </Link>
    </div>
  );
}
