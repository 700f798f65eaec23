import { brandThemeColor } from '../../../shared/site/theme-color';
import { PRESET_THEMES } from '../../../shared/themes/presets';
import { VERSIONED_CACHE } from './brand-images';
import type { SiteContext } from './site.service';
import { siteState, type SiteState } from './site-settings';

/**
 * The web app manifest (issue 48 part 5; the installable app of issue 52 builds on it): the name,
 * description and colours are the operator's brand, so an installed Reverie carries the
 * operator's name. Icons: the uploaded favicon drawn at each size, else the built-in mark
 * (src/web/public/icon-*.png, scripts/generate-app-icons.ts).
 */

export const WEB_APP_ICON_SIZES = [192, 512] as const;
export type WebAppIconSize = (typeof WEB_APP_ICON_SIZES)[number];
/** The built-in icons' background: the default theme's page colour. */
export const BUILT_IN_ICON_BACKGROUND = PRESET_THEMES[0]!.colors.main;

/** Launchers cut names past about 12 characters; a longer name gives its first word. */
const SHORT_NAME_MAX = 12;
const shortNameOf = (name: string) =>
  name.length <= SHORT_NAME_MAX ? name : name.split(/\s+/)[0]!.slice(0, SHORT_NAME_MAX);

export function webManifest({ brand, stored }: SiteState) {
  const favicon = stored.favicon;
  const color = brandThemeColor(brand.defaultThemeId);
  return {
    id: '/',
    name: brand.name,
    short_name: shortNameOf(brand.name),
    ...(brand.tagline ? { description: brand.tagline } : {}),
    start_url: '/chat',
    scope: '/',
    display: 'standalone',
    background_color: color,
    theme_color: color,
    icons: WEB_APP_ICON_SIZES.map((size) => ({
      src: favicon ? `/api/brand/icons/${size}?v=${favicon.at}` : `/icon-${size}.png`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose: 'any',
    })),
  };
}

/** Drawn icons by the favicon's storage key (new for every upload) and size: a few at most. */
const drawn = new Map<string, Buffer>();
const DRAWN_KEPT = 8;

/**
 * The uploaded favicon drawn square at `size` (contained, on transparency), or null when none
 * was uploaded. Cached like the favicon itself: a year at its versioned address.
 */
export async function brandIconFile(
  ctx: SiteContext,
  size: WebAppIconSize,
  version: unknown,
): Promise<{ data: Buffer; cacheControl: string } | null> {
  const image = (await siteState(ctx.db)).stored.favicon;
  if (!image) return null;
  const key = `${image.key}:${size}`;
  let data = drawn.get(key);
  if (!data) {
    const original = await ctx.avatarStorage.get(image.key);
    if (!original) return null;
    // Loaded on the first icon drawn rather than at start-up (decision 0019).
    const { default: sharp } = await import('sharp');
    data = await sharp(original)
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, data);
  }
  const current = typeof version === 'string' && version === String(image.at);
  return { data, cacheControl: current ? VERSIONED_CACHE : 'no-cache' };
}
