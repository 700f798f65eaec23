import { AlertTriangle, Download, MessageCircle } from 'lucide-react';
import { Link } from 'wouter';
import type { Notice } from '../../../shared/safety/contract';
import { actionClass, CrisisNotice } from './CrisisNotice';

/** The notices few conversations have: a crisis notice or an adults-only one. */
export type SafetyNotice = Notice & { kind: 'crisis' | 'adults-only' };

/**
 * A crisis or adults-only notice in the thread (decision 0042): not a message, so no toolbar,
 * no feedback and nothing to copy. Each is announced (role="status") when it appears. Loaded
 * with the stream reader or with a conversation's notices of these kinds (see lazy-parts.ts),
 * never with the chat's first load; the "not a human" notice, which every conversation has, is
 * drawn by ThreadNotice.tsx without this chunk.
 */
export function NoticeCard({ notice }: { notice: SafetyNotice }) {
  if (notice.kind === 'crisis') return <CrisisNotice notice={notice} />;
  return <AdultsOnlyNotice text={notice.text} />;
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
