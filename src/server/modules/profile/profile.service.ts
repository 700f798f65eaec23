import type { ProfileResponse, UserProfile } from '../../../shared/profile/contract';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { countPersonas, findProfile, upsertProfile } from './profile.repo';

/**
 * The user's profile. Before one is saved: 404 (the spec's answer), or null when `emptyOk` (the
 * web app's `?empty=ok`: a new user's first visit is no failed request, http/empty-ok.ts).
 */
export async function getProfile(
  db: Database,
  userId: string,
  { emptyOk = false } = {},
): Promise<ProfileResponse | null> {
  const [profile, personaCount] = await Promise.all([
    findProfile(db, userId),
    countPersonas(db, userId),
  ]);
  if (!profile && !emptyOk) throw notFound('No profile yet');
  return profile ? { ...profile, personaCount } : null;
}

/**
 * Saves the profile. POST (create) and PUT (update) are both accepted either way round, so a
 * client that raced with another tab never loses what the user typed.
 */
export async function saveProfile(
  db: Database,
  userId: string,
  profile: UserProfile,
): Promise<ProfileResponse> {
  await upsertProfile(db, userId, profile);
  return { ...profile, personaCount: await countPersonas(db, userId) };
}
