import type { CrisisResource } from '../../../shared/safety/rules';
import { dialable } from '../../../shared/safety/rules';
import { buttonClass } from '../../components/ui/button';
import { isWebAddress } from './safety-api';
import { CRISIS_PANEL, linkLabel, regionName } from './safety-content';

/**
 * The crisis services as big buttons, the first thing on the /safety page: someone in distress
 * should be one tap from a person. Each button is at least 48 px tall (a thumb, not a cursor).
 * No lucide icons: every icon used anywhere joins the one icons chunk that /chat loads first, and
 * its budget has no room for these (tests/build/chat-budget.test.ts); the words say it all.
 */
export function CrisisServices({ resources }: { resources: readonly CrisisResource[] }) {
  return (
    <section
      aria-labelledby="crisis-services-title"
      className="mt-6 mb-8 rounded-2xl border border-accent/40 bg-surface p-5 sm:p-6"
    >
      <h2 id="crisis-services-title" className="text-2xl font-bold">
        {CRISIS_PANEL.heading}
      </h2>
      <p className="mt-2 leading-relaxed text-fg/90">{CRISIS_PANEL.text}</p>
      <ul className="mt-5 space-y-5" data-testid="crisis-services">
        {resources.map((resource) => (
          <li key={`${resource.name} ${resource.url}`}>
            <CrisisService resource={resource} />
          </li>
        ))}
      </ul>
      <p className="mt-6 rounded-xl border border-l-4 border-border border-l-warning bg-main p-4 font-semibold">
        {CRISIS_PANEL.emergency}
      </p>
    </section>
  );
}

function CrisisService({ resource }: { resource: CrisisResource }) {
  const region = resource.country ? regionName(resource.country) : CRISIS_PANEL.anywhereElse;
  // Only a web address becomes a link (never a javascript: or data: one), whatever the
  // operator's configuration says.
  const web = isWebAddress(resource.url) ? resource.url : null;
  const big = 'w-full sm:w-auto';
  return (
    <div>
      <h3 className="font-semibold">{resource.name}</h3>
      <p className="text-sm text-muted">{region}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {resource.phone && (
          <a href={`tel:${dialable(resource.phone)}`} className={buttonClass('primary', 'lg', big)}>
            Call {resource.phone}
          </a>
        )}
        {resource.text && (
          <a href={`sms:${dialable(resource.text)}`} className={buttonClass('primary', 'lg', big)}>
            Text {resource.text}
          </a>
        )}
        {web && (
          <a
            href={web}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass(resource.phone ? 'secondary' : 'primary', 'lg', big)}
          >
            {linkLabel(web)}
            <span aria-hidden>↗</span>
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </div>
  );
}
