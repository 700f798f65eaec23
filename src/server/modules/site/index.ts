import type { Brand } from '../../../shared/site/contract';
import type { FeatureModule } from '../../context';
import type { Database } from '../../db/client';
import { registerSiteRoutes } from './site.routes';
import { refuseWhilePaused, siteState } from './site-settings';

/**
 * The site module's face (issue 48 parts 5 and 6): the operator's brand, maintenance switch and
 * announcement, kept in `site_setting` and read through a per-process cache of a few seconds
 * (site-settings.ts: another server's change is seen within that time).
 */
export const siteModule: FeatureModule = {
  routes: registerSiteRoutes,
};

/** The product's name now (the brand's), for e-mails: read when a mail is made. */
export { brandName } from './site-settings';

/** What the rest of the server reads of the settings, through `ctx.site` (app.ts makes it). */
export interface SiteSettingsReader {
  /**
   * Throws the 503 (the maintenance message, Retry-After 300) while replies are paused:
   * http/route.ts calls it for every endpoint that asks the model (`needs.credits`,
   * `needs.model`) before its handler.
   */
  refuseWhilePaused(): Promise<void>;
  /** The brand and a version that changes with it, for every page's HTML (plugins/app-shell). */
  shellBrand(): Promise<{ version: number; brand: Brand }>;
}

export function createSiteSettings(db: Database): SiteSettingsReader {
  return {
    refuseWhilePaused: () => refuseWhilePaused(db),
    shellBrand: async () => {
      const state = await siteState(db);
      return { version: state.brandVersion, brand: state.brand };
    },
  };
}

declare module '../../context' {
  interface AppContext {
    /** The operator's settings as the rest of the server reads them; the site module's own. */
    site: SiteSettingsReader;
  }
}
