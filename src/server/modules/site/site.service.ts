import type { SessionUser } from '../../../shared/auth/contract';
import type {
  Announcement,
  Brand,
  BrandRequest,
  Maintenance,
  SiteSettings,
  SiteStatus,
} from '../../../shared/site/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { requireAdmin } from '../../http/staff';
import { lockSiteSetting, writeSiteSetting } from './site.repo';
import {
  brandOf,
  DEFAULT_STORED_BRAND,
  forgetSiteState,
  siteState,
  storedBrand,
  type SiteState,
  type StoredBrand,
} from './site-settings';

export type SiteContext = Pick<AppContext, 'db' | 'log' | 'avatarStorage' | 'jobs'>;

const settingsOf = (state: SiteState): SiteSettings => ({
  maintenance: state.maintenance,
  announcement: state.announcement,
});

/** The console's view of the maintenance switch and the announcement. */
export async function siteSettings(ctx: Pick<AppContext, 'db'>): Promise<SiteSettings> {
  return settingsOf(await siteState(ctx.db));
}

/** What a signed-in page shows: the announcement only between its start and its end. */
export async function siteStatus(
  ctx: Pick<AppContext, 'db' | 'transcriber' | 'config' | 'images'>,
  now = Date.now(),
): Promise<SiteStatus> {
  const { announcement, maintenance } = await siteState(ctx.db);
  const showing =
    announcement !== null &&
    Date.parse(announcement.startsAt) <= now &&
    now < Date.parse(announcement.endsAt);
  return {
    announcement: showing ? announcement : null,
    maintenance,
    features: {
      voiceInput: ctx.transcriber.configured,
      transcriptionCredits: ctx.config.transcription?.credits ?? 0,
      voiceReplies: ctx.config.speech !== undefined,
      speechCredits: ctx.config.speech?.credits ?? 0,
      pictures: ctx.images.configured,
      pictureCredits: ctx.config.image?.pictureCredits ?? 0,
    },
  };
}

/**
 * Changes the brand under its row's lock (an image uploaded meanwhile is kept), records who did;
 * `change` answers the new value and whatever else it needs to pass on.
 */
export async function changeBrand<T>(
  ctx: SiteContext,
  user: SessionUser,
  change: (current: StoredBrand, tx: Executor) => Promise<{ next: StoredBrand; result: T }>,
): Promise<{ brand: Brand; result: T }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const parsed = storedBrand.safeParse(await lockSiteSetting(tx, 'brand'));
    const { next, result } = await change(parsed.success ? parsed.data : DEFAULT_STORED_BRAND, tx);
    await writeSiteSetting(tx, 'brand', next, user.id);
    return { next, result };
  });
  forgetSiteState(ctx.db);
  return { brand: brandOf(outcome.next), result: outcome.result };
}

/** Saves the brand's words and default theme (admins); the images stay. */
export async function saveBrand(ctx: SiteContext, user: SessionUser, body: BrandRequest) {
  requireAdmin(user);
  const { brand } = await changeBrand(ctx, user, async (current) => ({
    next: { ...current, ...body },
    result: null,
  }));
  return brand;
}

export async function setMaintenance(ctx: SiteContext, user: SessionUser, body: Maintenance) {
  requireAdmin(user);
  await writeSiteSetting(ctx.db, 'maintenance', body, user.id);
  forgetSiteState(ctx.db);
  return siteSettings(ctx);
}

export async function setAnnouncement(
  ctx: SiteContext,
  user: SessionUser,
  announcement: Announcement | null,
) {
  requireAdmin(user);
  await writeSiteSetting(ctx.db, 'announcement', { announcement }, user.id);
  forgetSiteState(ctx.db);
  return siteSettings(ctx);
}
