import { z } from 'zod';
import {
  announcementRequest,
  brandRequest,
  DEFAULT_MAINTENANCE_MESSAGE,
  maintenanceSchema,
  type Announcement,
  type Brand,
  type Maintenance,
} from '../../../shared/site/contract';
import { DEFAULT_BRAND } from '../../../shared/site/brand-defaults';
import type { Database } from '../../db/client';
import { HttpError } from '../../errors';
import { readSiteRows, type SiteRow } from './site.repo';

/**
 * How long a server answers from what it read (every page, every reply asks): a change made on
 * another server is seen here within this time; one made here, at once (`forgetSiteState`).
 */
const CACHE_MS = 5_000;

/** Seconds a user is told to wait before trying a reply again during maintenance. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 300;

export const brandImageKinds = ['logo', 'favicon'] as const;
export type BrandImageKind = (typeof brandImageKinds)[number];

/** An uploaded logo or favicon: its storage key, type, and when it was uploaded (its version). */
const storedImage = z.object({
  key: z.string().min(1).max(200),
  contentType: z.string().min(1).max(100),
  at: z.number().int().nonnegative(),
});
export type StoredImage = z.infer<typeof storedImage>;

/** The 'brand' row: what an operator set, and the images' storage keys. */
export const storedBrand = brandRequest.extend({
  logo: storedImage.nullable().default(null),
  favicon: storedImage.nullable().default(null),
});
export type StoredBrand = z.infer<typeof storedBrand>;

const { logoUrl: _logo, faviconUrl: _favicon, ...defaultFields } = DEFAULT_BRAND;
export const DEFAULT_STORED_BRAND: StoredBrand = { ...defaultFields, logo: null, favicon: null };

/** The settings as every reader takes them, checked and with their defaults. */
export interface SiteState {
  stored: StoredBrand;
  brand: Brand;
  /** Changes whenever the brand does (its row's updated_at in ms; 0 for the defaults). */
  brandVersion: number;
  maintenance: Maintenance;
  announcement: Announcement | null;
}

/** The address an uploaded image is served at, with its version so it may be cached for long. */
export const brandImageUrl = (kind: BrandImageKind, image: StoredImage | null) =>
  image ? `/api/brand/${kind}?v=${image.at}` : null;

export function brandOf(stored: StoredBrand): Brand {
  const { logo, favicon, ...fields } = stored;
  return {
    ...fields,
    logoUrl: brandImageUrl('logo', logo),
    faviconUrl: brandImageUrl('favicon', favicon),
  };
}

/** A stored value that fails its schema (written by an older version, edited by hand) reads as the default. */
function parsed<T>(schema: z.ZodType<T>, row: SiteRow | undefined, fallback: T): T {
  if (!row) return fallback;
  const result = schema.safeParse(row.value);
  return result.success ? result.data : fallback;
}

function stateOf(rows: SiteRow[]): SiteState {
  const row = (key: string) => rows.find((r) => r.key === key);
  const brandRow = row('brand');
  const stored = parsed(storedBrand, brandRow, DEFAULT_STORED_BRAND);
  return {
    stored,
    brand: brandOf(stored),
    brandVersion: brandRow?.updatedAt.getTime() ?? 0,
    maintenance: parsed(maintenanceSchema, row('maintenance'), { enabled: false, message: '' }),
    announcement: parsed(announcementRequest, row('announcement'), { announcement: null })
      .announcement,
  };
}

interface Cache {
  state?: SiteState;
  readAt: number;
  pending?: Promise<SiteState>;
  /** Counts the writes on this server: a read begun before one is not kept. */
  generation: number;
}

/** One cache per database (tests run several apps, each on its own, in one process). */
const caches = new WeakMap<Database, Cache>();

/** The settings, read at most once every CACHE_MS by this server (see CACHE_MS). */
export function siteState(db: Database): Promise<SiteState> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { readAt: 0, generation: 0 }));
  if (cache.state && Date.now() - cache.readAt < CACHE_MS) return Promise.resolve(cache.state);
  if (cache.pending) return cache.pending;
  const entry = cache;
  const generation = entry.generation;
  const read = readSiteRows(db).then(stateOf);
  entry.pending = read;
  read.then(
    (state) => {
      if (entry.generation !== generation) return;
      entry.state = state;
      entry.readAt = Date.now();
      entry.pending = undefined;
    },
    () => {
      if (entry.generation === generation) entry.pending = undefined;
    },
  );
  return read;
}

/** After a write on this server: its next read goes to the database. */
export function forgetSiteState(db: Database): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.generation++;
  cache.state = undefined;
  cache.pending = undefined;
}

/** The product's name now, for e-mails and titles. */
export async function brandName(db: Database): Promise<string> {
  return (await siteState(db)).brand.name;
}

/**
 * Throws the 503 (with the operator's message and Retry-After) that a request asking the model
 * gets while replies are paused; http/route.ts calls it before the handler, so no credit is
 * taken and no message stored.
 */
export async function refuseWhilePaused(db: Database): Promise<void> {
  const { maintenance } = await siteState(db);
  if (!maintenance.enabled) return;
  throw new HttpError(503, maintenance.message || DEFAULT_MAINTENANCE_MESSAGE, {
    'retry-after': String(MAINTENANCE_RETRY_AFTER_SECONDS),
  });
}
