import { Loader2 } from 'lucide-react';
import { Link } from 'wouter';
import type { CheckInSettingsView } from '../../../shared/check-ins/contract';
import { ApiError } from '../../lib/api';
import { useCheckIns } from './check-ins-api';
import { weekdayTime } from './check-in-form';
import { CheckInsForm } from './CheckInsForm';
import { usePushState } from './notifications-api';

/** The section's anchor (a check-in's notification may lead here one day). */
export const CHECK_INS_ANCHOR = 'check-ins';

/**
 * Check-ins on a character's page (issue 52 part 3): whether and when the character writes
 * first, what the next one is, and why the last one did not come when the user was out of
 * messages. Its own form: it saves apart from the character's Update.
 */
export function CheckInsSection({ characterId, name }: { characterId: number; name: string }) {
  const checkIns = useCheckIns(characterId);
  return (
    <section
      aria-labelledby={CHECK_INS_ANCHOR}
      className="mx-auto mt-6 max-w-2xl space-y-6 rounded-2xl border border-border bg-surface p-4 sm:p-6"
    >
      <div className="space-y-1">
        <h2 id={CHECK_INS_ANCHOR} className="scroll-mt-6 text-lg font-bold break-words">
          Check-ins
        </h2>
        <p className="text-sm text-muted">
          {name} sends you a message at the times you choose, in your most recent conversation with
          them. Each check-in costs one message, like a reply.
        </p>
      </div>
      {checkIns.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading check-ins...
        </p>
      ) : checkIns.isError ? (
        <p className="text-sm text-muted">
          Could not load the check-ins
          {checkIns.error instanceof ApiError ? `: ${checkIns.error.message}` : '.'} Reload the page
          to try again.
        </p>
      ) : (
        <>
          <CheckInsState view={checkIns.data} name={name} />
          <CheckInsForm
            key={characterId}
            characterId={characterId}
            name={name}
            view={checkIns.data}
          />
        </>
      )}
    </section>
  );
}

/** The next check-in, a skipped one, and a word on notifications when this browser has none. */
function CheckInsState({ view, name }: { view: CheckInSettingsView; name: string }) {
  const push = usePushState();
  return (
    <>
      {view.skippedForCreditsAt && (
        <p role="status" className="rounded-lg border border-warning/60 bg-main p-3 text-sm">
          The last check-in ({weekdayTime(view.skippedForCreditsAt, view.timezone)}) was skipped:
          you were out of messages.{' '}
          <Link href="/pricing" className="font-semibold text-accent underline">
            Get more messages
          </Link>
        </p>
      )}
      {view.enabled && view.nextAt && (
        <p className="text-sm">
          Next check-in: <strong>{weekdayTime(view.nextAt, view.timezone)}</strong>
        </p>
      )}
      {push.data === false && (
        <p className="text-sm text-muted">
          To be told when {name} writes, turn on{' '}
          <Link href="/account#notifications" className="font-semibold text-accent underline">
            notifications on this device
          </Link>
          .
        </p>
      )}
    </>
  );
}
