import { ExternalLink, MessageSquareText, Phone } from 'lucide-react';
import { Link } from 'wouter';
import type { Notice } from '../../../shared/safety/contract';
import {
  DEFAULT_CRISIS_RESOURCES,
  dialable,
  SAFETY_PAGE_PATH,
  type CrisisResource,
} from '../../../shared/safety/rules';

/**
 * The crisis notice (CA SB 243): someone who may be in danger is one tap from a person. Each
 * service's ways in are big links (48 px: a thumb, not a cursor) in the order a keyboard reaches
 * them, then how we handle this, on the /safety page.
 */
export function CrisisNotice({ notice }: { notice: Notice }) {
  // A crisis notice without its services would point nowhere: the defaults stand in.
  const resources = notice.resources?.length ? notice.resources : DEFAULT_CRISIS_RESOURCES;
  return (
    <div
      role="status"
      data-testid="notice-crisis"
      className="mx-auto w-full max-w-xl rounded-2xl border-2 border-accent bg-surface p-4 text-fg sm:p-5"
    >
      <p className="text-base font-bold">Help is available right now</p>
      <p className="mt-1 text-sm leading-relaxed">{notice.text}</p>
      <ul className="mt-4 space-y-4">
        {resources.map((resource) => (
          <li key={`${resource.name} ${resource.url}`}>
            <Service resource={resource} />
          </li>
        ))}
      </ul>
      <Link
        href={SAFETY_PAGE_PATH}
        className="mt-3 inline-flex min-h-11 items-center text-sm font-semibold text-accent underline underline-offset-2"
      >
        How we handle this
      </Link>
    </div>
  );
}

/**
 * A link that looks like a button: big (48 px, as components/ui/button's 'lg') for the crisis
 * services, 44 px where two share a phone's width. Its own classes, not buttonClass: importing
 * that here would split it out of the chat's first-load chunk into a chunk of its own, which
 * costs the first load more than these few classes cost this one.
 */
export function actionClass(primary: boolean, extra = 'w-full sm:w-auto', big = true) {
  const look = primary
    ? 'bg-accent-strong text-on-accent hover:bg-accent-strong-hover'
    : 'border border-border bg-surface text-fg hover:bg-hover-strong';
  const size = big ? 'min-h-12 px-6 text-base' : 'min-h-11 px-4 text-sm whitespace-nowrap';
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors ${size} ${look} ${extra}`;
}

function Service({ resource }: { resource: CrisisResource }) {
  const web = webLink(resource.url);
  return (
    <>
      <p className="text-sm font-semibold">{resource.name}</p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {resource.phone && (
          <a href={`tel:${dialable(resource.phone)}`} className={actionClass(true)}>
            <Phone className="size-5" aria-hidden /> Call {resource.phone}
          </a>
        )}
        {resource.text && (
          <a href={`sms:${dialable(resource.text)}`} className={actionClass(true)}>
            <MessageSquareText className="size-5" aria-hidden /> Text {resource.text}
          </a>
        )}
        {web && (
          <a
            href={web.href}
            target="_blank"
            rel="noopener noreferrer"
            className={actionClass(!resource.phone && !resource.text)}
          >
            <ExternalLink className="size-5" aria-hidden /> {web.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </>
  );
}

/**
 * Only a web address becomes a link (the list is the operator's: never a javascript: or data:
 * one). A chat service says so; another shows its site's name.
 */
function webLink(url: string): { href: string; label: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  const site = parsed.hostname.replace(/^www\./, '');
  return { href: parsed.href, label: /chat/i.test(parsed.pathname) ? 'Chat online' : site };
}
