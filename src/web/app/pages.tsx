import type { ComponentType } from 'react';
import { preloadable } from '../lib/preloadable';
import { CLIENT_ROUTES, NOT_FOUND_PAGE, pageForPath, ROUTE_PAGES } from '../../shared/routes';

type PageModule = {
  default: ComponentType;
  /** Fills the query cache with what the page's first render reads (it never fails). */
  firstReads?: (pathname: string, search: string) => Promise<void>;
};

/**
 * How long a first load's render waits for its page's first reads. Usually they are here already
 * (the HTML preloaded them while the scripts downloaded); a slow server gets the page's own
 * loading states instead of a blank page.
 */
const FIRST_READS_WAIT_MS = 150;

// Every page is a chunk of its own (the landing page downloads only what it shows); which page a
// route shows is written once, in shared/routes (the server preloads the same chunk).
const pageModules = import.meta.glob<PageModule>('../pages/*.tsx');

/**
 * A page that is its own chunk. `preload()` starts its download; once it has arrived, the page
 * renders at once instead of through React.lazy. That matters on a first load: a lazy page
 * suspends at least once (even when its module is already here), the app shows its loader, and
 * React 19 then holds the page back until 300 ms after that loader appeared (its Suspense reveal
 * throttle) — a third of a second added to every cold load of every page (decision 0020).
 */
function page(name: string) {
  const load = pageModules[`../pages/${name}.tsx`];
  if (!load) throw new Error(`No page src/web/pages/${name}.tsx`);
  return preloadable(() => load().then((m) => m.default));
}

const byName = new Map(
  [...Object.values(ROUTE_PAGES), NOT_FOUND_PAGE].map((name) => [name, page(name)]),
);

/** The routes in matching order, each with its page. */
export const routes = CLIENT_ROUTES.map((path) => ({
  path,
  Page: byName.get(ROUTE_PAGES[path])!,
}));
export const NotFoundPage = byName.get(NOT_FOUND_PAGE)!;

/**
 * Starts the download of the page `pathname` shows; resolves when it is here (or failed) and its
 * first reads are in the cache (or FIRST_READS_WAIT_MS have passed).
 */
export async function preloadPage(pathname: string, search: string) {
  const name = pageForPath(pathname);
  await byName.get(name)!.preload();
  const module = await pageModules[`../pages/${name}.tsx`]!().catch(() => undefined);
  // A failure here must not keep the app from rendering: the page's hooks read again.
  const reads = module?.firstReads?.(pathname, search).catch(() => undefined);
  if (reads)
    await Promise.race([reads, new Promise((done) => setTimeout(done, FIRST_READS_WAIT_MS))]);
}
