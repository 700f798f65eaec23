import { BRAND_ELEMENT_ID } from '../../shared/site/brand-defaults';

/**
 * The page the worker answers a navigation with when the network cannot (../sw.ts): the built
 * index.html it precached, which starts the app at any address, marked `data-offline` so that
 * main.tsx shows the offline screen at once instead of asking the server who is signed in. The
 * operator's brand (the title, theme colour, favicon and brand element that
 * src/server/plugins/app-shell.ts writes into every page) is taken from the last page the server
 * sent, so an offline start still carries the operator's name; before any, the built-in one.
 */

/** The branded parts of a page's head, each as the whole element. */
export type ShellBrand = Partial<Record<keyof typeof PARTS, string>>;

const PARTS = {
  title: /<title>[^<]*<\/title>/,
  themeColor: /<meta\s+name="theme-color"[^>]*>/,
  icon: /<link\s+rel="icon"[^>]*>/,
  // Its JSON holds no `<` (app-shell.ts writes it as \u003c).
  brand: new RegExp(
    `<script\\s+type="application/json"\\s+id="${BRAND_ELEMENT_ID}">[^<]*</script>`,
  ),
};

/** The branded parts of a page the server sent. */
export function brandOf(html: string): ShellBrand {
  const head = html.slice(0, html.indexOf('</head>'));
  const found: ShellBrand = {};
  for (const [part, pattern] of Object.entries(PARTS) as [keyof ShellBrand, RegExp][]) {
    const element = pattern.exec(head)?.[0];
    if (element) found[part] = element;
  }
  return found;
}

/** The precached index.html as the offline start: marked, branded, without the session read. */
export function offlineShell(indexHtml: string, brand: ShellBrand): string {
  let html = indexHtml.replace(/<html\b/, '<html data-offline');
  // Its preload of who is signed in would only fail (and the app does not ask, offline).
  html = html.replace(/\s*<link\s+rel="preload"\s+href="\/api\/[^>]*>/g, '');
  for (const part of ['title', 'themeColor', 'icon'] as const) {
    const element = brand[part];
    if (element) html = html.replace(PARTS[part], () => element);
  }
  // Before the first script, as the server puts it: theme-boot.js reads it.
  const first = html.indexOf('<script');
  if (brand.brand && first >= 0) {
    html = `${html.slice(0, first)}${brand.brand}\n    ${html.slice(first)}`;
  }
  return html;
}
