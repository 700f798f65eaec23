import { Megaphone, Wrench, X } from 'lucide-react';
import { useState } from 'react';
import type { Announcement, SiteStatus } from '../../../shared/site/contract';
import { readStored, writeStored } from '../../lib/storage';

export interface SiteBannerProps {
  status: SiteStatus;
}

/** The announcement this browser closed last (a new one shows again). */
export const DISMISSED_ANNOUNCEMENT_KEY = 'reverie.announcement.dismissed';
const keyOf = (a: Announcement) => `${a.startsAt} ${a.text}`;

/** Inside its window now (the server's answer may be minutes old). */
const isShowing = (a: Announcement, now = Date.now()) =>
  Date.parse(a.startsAt) <= now && now < Date.parse(a.endsAt);

const MAINTENANCE_TITLE = 'Replies are paused for maintenance';

/**
 * The maintenance notice while replies are paused, and the operator's announcement inside its
 * window until this browser closes it (×, remembered for that announcement).
 */
export function SiteBanner({ status }: SiteBannerProps) {
  const [dismissed, setDismissed] = useState(() => readStored(DISMISSED_ANNOUNCEMENT_KEY));
  const offered = status.announcement;
  const announcement =
    offered && isShowing(offered) && keyOf(offered) !== dismissed ? offered : null;
  const maintenance = status.maintenance.enabled ? status.maintenance : null;
  if (!announcement && !maintenance) return null;
  const dismiss = (a: Announcement) => {
    writeStored(DISMISSED_ANNOUNCEMENT_KEY, keyOf(a));
    setDismissed(keyOf(a));
  };
  // The operator's message may begin with the same words as the title: said once.
  const pauseText = maintenance?.message
    .replace(new RegExp(`^${MAINTENANCE_TITLE}\\.?\\s*`, 'i'), '')
    .trim();
  return (
    <div className="shrink-0 border-b border-border bg-surface text-sm">
      {maintenance && (
        <div role="status" className="flex items-start gap-2 px-4 py-2.5">
          <Wrench className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
          <p>
            <span className="font-semibold text-warning">{MAINTENANCE_TITLE}.</span>
            {pauseText && <span className="text-muted"> {pauseText}</span>}
          </p>
        </div>
      )}
      {announcement && (
        <div
          role="status"
          aria-label="Announcement"
          className="flex items-center gap-2 py-0.5 pr-1 pl-4"
        >
          <Megaphone className="size-4 shrink-0 text-accent" aria-hidden />
          <p className="min-w-0 flex-1 py-2 break-words">{announcement.text}</p>
          <button
            type="button"
            aria-label="Close the announcement"
            title="Close"
            onClick={() => dismiss(announcement)}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted hover:bg-hover-strong hover:text-fg"
          >
            <X className="size-5" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
