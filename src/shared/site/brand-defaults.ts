import { APP_NAME } from '../brand';
// Types only: this file stays free of zod, so the web app's first load can read the brand.
import type { Brand } from './contract';

/** The element of each page's HTML holding the brand's JSON. */
export const BRAND_ELEMENT_ID = 'reverie-brand';

/** The brand until an operator sets one: the working name's. */
export const DEFAULT_BRAND: Brand = {
  name: APP_NAME,
  tagline: 'AI companions that remember you',
  supportEmail: '',
  legalEntity: '',
  defaultThemeId: 'ultra-dark',
  logoUrl: null,
  faviconUrl: null,
};
