// Zod-free: every page's first load reads the brand (the chat page's budget, tests/build).
import type { Brand } from '../../shared/site/contract';
import { BRAND_ELEMENT_ID, DEFAULT_BRAND } from '../../shared/site/brand-defaults';

let read: { text: string | null | undefined; brand: Brand } | undefined;

/**
 * The brand from the element's JSON: each field that is a text kept (the name and the theme
 * never empty; an image's address, null in the defaults, only when set), any other field taken
 * from the defaults.
 */
function brandOf(text: string | null | undefined): Brand {
  let json: Record<string, unknown> = {};
  try {
    json = Object(JSON.parse(text!)) as Record<string, unknown>;
  } catch {
    // Missing or broken: the defaults.
  }
  const brand: Record<string, unknown> = { ...DEFAULT_BRAND };
  for (const key in brand) {
    const value = json[key];
    if (typeof value === 'string' && (value || !/^(name|defaultThemeId)$/.test(key))) {
      brand[key] = value;
    }
  }
  return brand as unknown as Brand;
}

/**
 * The operator's brand, which the server writes into each page's HTML
 * (`<script type="application/json" id="reverie-brand">`); the defaults when it is missing or
 * broken. Parsed once (again only if the element's text changes). Components call it as they
 * render: the brand does not change while a page is open.
 */
export function readBrand(): Brand {
  const text = document.getElementById(BRAND_ELEMENT_ID)?.textContent;
  if (!read || read.text !== text) read = { text, brand: brandOf(text) };
  return read.brand;
}
