import { eq, sql } from 'drizzle-orm';
import type { UserProfile } from '../../../shared/profile/contract';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { userProfile } from '../../db/schema';

export async function findProfile(db: Database, userId: string): Promise<UserProfile | null> {
  const rows = await profileQuery(db).execute({ userId });
  return (rows[0] as UserProfile | undefined) ?? null;
}

const profileQuery = preparedOnce((db) =>
  db
    .select({
      name: userProfile.name,
      gender: userProfile.gender,
      sexualPreferences: userProfile.sexualPreferences,
    })
    .from(userProfile)
    .where(eq(userProfile.userId, sql.placeholder('userId')))
    .limit(1)
    .prepare('find_profile'),
);

/** Inserts or replaces the user's profile (one row per user, keyed by user id). */
export async function upsertProfile(db: Database, userId: string, profile: UserProfile) {
  const values = { ...profile, updatedAt: new Date() };
  await db
    .insert(userProfile)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userProfile.userId, set: values });
}
