import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_NAME } from '../../shared/brand';
import {
  firstReadsOf,
  LAST_CHARACTER_COOKIE,
  opensModeChooser,
  urlOf,
} from '../../shared/first-reads';
import { parseId } from '../../shared/ids';
import { NOT_FOUND_PAGE, pageForPath, ROUTE_PAGES } from '../../shared/routes';
import { BRAND_ELEMENT_ID } from '../../shared/site/brand-defaults';
import type { Brand } from '../../shared/site/contract';
import { brandThemeColor } from '../../shared/site/theme-color';

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

const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

/**
 * Adds the first API reads of a signed-in page as preloads (see shared/first-reads), and the mode
 * chooser's chunk when those reads open a character without a conversation: named here, it
 * downloads with the page's own scripts instead of after the app has started and asked for it
 * (a returning reader's /chat, decision 0077).
 */
export function withFirstReads(
  html: string,
  pathname: string,
  search: string,
  cookieHeader: string | undefined,
  modeChooserLinks = '',
) {
  const reads = firstReadsOf(pathname, search, rememberedCharacter(cookieHeader));
  if (reads.length === 0) return html;
  const links = reads.map((read) => readPreload(urlOf(read)));
  if (modeChooserLinks && opensModeChooser(reads)) links.push(modeChooserLinks);
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/** The mode chooser's module in the web build (its key in Vite's manifest): a chunk of its own. */
export const MODE_CHOOSER_MODULE = 'features/chat/ModeChooser.tsx';

export interface AppShells {
  /** Each page's shell, by its path. */
  shellFor: (pathname: string) => string;
  /** `modulepreload` links of the mode chooser's chunks the chat page's shell does not name. */
  modeChooserLinks: string;
}

/**
 * The app shell (index.html) for each page, naming the page's own chunks as `modulepreload`
 * links. Without them the browser learns of a page's chunk only after the entry has downloaded
 * and run (about a fifth of a second on a cold load); with them every script a page needs is
 * requested while the HTML is parsed (decision 0020). Without a Vite manifest (an old build) every
 * page gets the plain shell.
 */
export function loadAppShells(webDir: string): AppShells {
  const html = readFileSync(path.join(webDir, 'index.html'), 'utf8');
  const manifestFile = path.join(webDir, '.vite/manifest.json');
  if (!existsSync(manifestFile)) return { shellFor: () => html, modeChooserLinks: '' };
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  // The entry's own imports are preloaded by the shell Vite wrote.
  const inShell = entry ? staticClosure(manifest, entry) : new Set<string>();
  /** The links of a module's chunks, less those already named. */
  const linksOf = (key: string, named: Set<string>) =>
    [...staticClosure(manifest, key)]
      .filter((k) => !inShell.has(k) && !named.has(k))
      .map((k) => modulePreload(manifest[k]!.file))
      .join('\n    ');
  const shells = new Map<string, string>();
  for (const name of [...Object.values(ROUTE_PAGES), NOT_FOUND_PAGE]) {
    const links = linksOf(`pages/${name}.tsx`, new Set());
    shells.set(name, links ? html.replace('</head>', `  ${links}\n  </head>`) : html);
  }
  return {
    shellFor: (pathname) => shells.get(pageForPath(pathname)) ?? html,
    // Drawn by the chat page only, so its own chunks (already named there) are left out.
    modeChooserLinks: manifest[MODE_CHOOSER_MODULE]
      ? linksOf(
          MODE_CHOOSER_MODULE,
          staticClosure(manifest, `pages/${ROUTE_PAGES['/chat/:conversationId?']}.tsx`),
        )
      : '',
  };
}

/** The operator's brand, and a version that changes whenever it does (modules/site). */
export interface ShellBrand {
  version: number;
  brand: Brand;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * JSON that cannot end its `<script>` element: every `<` is written `\u003c` (the same string to
 * JSON.parse). The element is `application/json`, data the browser never runs, so the
 * Content-Security-Policy's `script-src 'self'` has nothing to say about it.
 */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The shell with the operator's brand (issue 48 part 5): the name in `<title>` and the page's
 * description (in place of the built-in name), the default theme's colour as the theme-color,
 * the uploaded favicon, and the brand as JSON in
 * `<script type="application/json" id="reverie-brand">`, put before the head's first script so
 * that theme-boot.js finds it (it applies the brand's default theme before anything is drawn).
 */
export function withBrand(html: string, brand: Brand): string {
  const name = (text: string) =>
    text.includes(APP_NAME) ? text.split(APP_NAME).join(escapeHtml(brand.name)) : null;
  let out = html.replace(
    /<title>([^<]*)<\/title>/,
    (_all, title: string) => `<title>${name(title) ?? escapeHtml(brand.name)}</title>`,
  );
  out = out.replace(
    /(<meta\s+name="description"\s+content=")([^"]*)"/,
    (all, start: string, content: string) => {
      const named = name(content);
      return named === null ? all : `${start}${named}"`;
    },
  );
  out = out.replace(
    /(<meta\s+name="theme-color"\s+content=")[^"]*"/,
    (_all, start: string) => `${start}${brandThemeColor(brand.defaultThemeId)}"`,
  );
  if (brand.faviconUrl) {
    const icon = `<link rel="icon" href="${escapeHtml(brand.faviconUrl)}">`;
    const existing = /<link\s+rel="icon"[^>]*>/;
    out = existing.test(out)
      ? out.replace(existing, () => icon)
      : out.replace('</head>', () => `  ${icon}\n  </head>`);
  }
  const element = `<script type="application/json" id="${BRAND_ELEMENT_ID}">${scriptJson(brand)}</script>`;
  const head = out.slice(0, out.indexOf('</head>'));
  const firstScript = head.indexOf('<script');
  return firstScript >= 0
    ? `${out.slice(0, firstScript)}${element}\n    ${out.slice(firstScript)}`
    : out.replace('</head>', () => `  ${element}\n  </head>`);
}

/**
 * Each page's shell with the brand, made again only when the brand's version changed: a page
 * load costs a look at the brand (cached for a few seconds by the site module) and a comparison.
 */
export function brandedShells(
  shellFor: (pathname: string) => string,
  brand: () => Promise<ShellBrand>,
): (pathname: string) => Promise<string> {
  // Keyed by the plain shell: a handful of strings, the same ones every time.
  const made = new Map<string, { version: number; html: string }>();
  return async (pathname) => {
    const plain = shellFor(pathname);
    const current = await brand();
    const hit = made.get(plain);
    if (hit && hit.version === current.version) return hit.html;
    const html = withBrand(plain, current.brand);
    made.set(plain, { version: current.version, html });
    return html;
  };
}
