import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { firstReadUrls, LAST_CHARACTER_COOKIE } from '../../shared/first-reads';
import { parseId } from '../../shared/ids';
import { NOT_FOUND_PAGE, pageForPath, ROUTE_PAGES } from '../../shared/routes';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A chunk and every chunk it imports statically (what the browser needs to run it). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) staticClosure(manifest, dep, into);
  return into;
}

/** A request that carries a session cookie (whether it is still valid is not asked here). */
export const hasSessionCookie = (cookieHeader: string | undefined) =>
  /(?:^|;\s*)(?:__Secure-)?reverie\.session_token=/.test(cookieHeader ?? '');

/** The id in the last-character cookie, if it holds one (nothing else is read from it). */
export function rememberedCharacter(cookieHeader: string | undefined) {
  const prefix = `${LAST_CHARACTER_COOKIE}=`;
  const pair = cookieHeader
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix));
  return parseId(pair?.slice(prefix.length) ?? null);
}

const readPreload = (url: string) =>
  `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url.replace(/&/g, '&amp;')}">`;

/** Adds the first API reads of a signed-in page as preloads (see shared/first-reads). */
export function withFirstReads(
  html: string,
  pathname: string,
  search: string,
  cookieHeader: string | undefined,
) {
  const reads = firstReadUrls(pathname, search, rememberedCharacter(cookieHeader));
  if (reads.length === 0) return html;
  return html.replace('</head>', `  ${reads.map(readPreload).join('\n    ')}\n  </head>`);
}

/**
 * The app shell (index.html) for each page, naming the page's own chunks as `modulepreload`
 * links. Without them the browser learns of a page's chunk only after the entry has downloaded
 * and run (about a fifth of a second on a cold load); with them every script a page needs is
 * requested while the HTML is parsed (decision 0020). Without a Vite manifest (an old build) every
 * page gets the plain shell.
 */
export function loadAppShells(webDir: string): (pathname: string) => string {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const manifestFile = path.join(webDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return () => html;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  // The entry's own imports are preloaded by the shell Vite wrote.
  const inShell = entry ? staticClosure(manifest, entry) : new Set<string>();
  const shells = new Map<string, string>();
  for (const name of [...Object.values(ROUTE_PAGES), NOT_FOUND_PAGE]) {
    const chunks = [...staticClosure(manifest, `pages/${name}.tsx`)].filter((k) => !inShell.has(k));
    const links = chunks
      .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`)
      .join('\n    ');
    shells.set(name, links ? html.replace('</head>', `  ${links}\n  </head>`) : html);
  }
  return (pathname) => shells.get(pageForPath(pathname)) ?? html;
}
