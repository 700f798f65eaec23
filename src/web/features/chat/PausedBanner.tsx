import { AlertTriangle } from 'lucide-react';
import { ADULTS_ONLY_PAUSED_MESSAGE } from '../../../shared/safety/rules';
import { AccountLinks } from './NoticeCard';

/**
 * In the message box's place while the account is paused (a self-declared minor, until our team
 * reviews it): why, and where to go instead. Nothing here sends anything.
 */
export function PausedBanner({ message }: { message: string | null }) {
  return (
    <div className="border-t border-border bg-main p-3">
      <div
        role="status"
        data-testid="chat-paused"
        className="mx-auto max-w-3xl rounded-xl border-2 border-warning bg-surface p-3 text-sm text-fg sm:p-4"
      >
        <p className="flex items-start gap-3">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
          <span>
            {/* On a phone the message says it: the thread keeps the room. */}
            <span className="hidden font-semibold sm:block">
              Chatting is paused on this account
            </span>
            {message ?? ADULTS_ONLY_PAUSED_MESSAGE}
          </span>
        </p>
        <AccountLinks />
      </div>
    </div>
  );
}
