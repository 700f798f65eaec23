import type { UserProfile } from '../../../shared/profile/contract';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { findProfile, upsertProfile } from './profile.repo';

export async function getProfile(db: Database, userId: string): Promise<UserProfile> {
  const profile = await findProfile(db, userId);
  if (!profile) throw notFound('No profile yet');
  return profile;
}

/**
 * Saves the profile. POST (create) and PUT (update) are both accepted either way round, so a
 * client that raced with another tab never loses what the user typed.
 */
export async function saveProfile(db: Database, userId: string, profile: UserProfile) {
  await upsertProfile(db, userId, profile);
  return profile;
}
