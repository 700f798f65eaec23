import { count, eq, sql } from 'drizzle-orm';
import type { UserProfile } from '../../../shared/profile/contract';
import type { Database, Executor } from '../../db/client';
import { preparedOnce, type Bound } from '../../db/prepared';
import { persona, userProfile } from '../../db/schema';
import type { ExportParts } from '../../db/user-data';

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

/**
 * The user's profile as a JSON object shaped as findProfile's answer (null without one): an
 * expression for the statement that reads everything a prompt needs at once
 * (chat/prompt-context.repo.ts).
 */
export function profileJson(userId: Bound<string>) {
  return sql`(
    select json_build_object('name', p.name, 'gender', p.gender,
                             'sexualPreferences', p.sexual_preferences)
      from ${userProfile} p where p.user_id = ${userId})`;
}

/** How many personas the user keeps besides the profile (the personas module's table). */
export async function countPersonas(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(persona).where(eq(persona.userId, userId));
  return Number(row?.n ?? 0);
}

/** Inserts or replaces the user's profile (one row per user, keyed by user id). */
export async function upsertProfile(db: Database, userId: string, profile: UserProfile) {
  const values = { ...profile, updatedAt: new Date() };
  await db
    .insert(userProfile)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userProfile.userId, set: values });
}

/** The account export's profile (issue 14): how the user asked characters to see them. */
export function exportForUser(db: Database, userId: string): ExportParts {
  return {
    profile: async () => {
      const [row] = await db
        .select({
          name: userProfile.name,
          gender: userProfile.gender,
          sexualPreferences: userProfile.sexualPreferences,
          createdAt: userProfile.createdAt,
          updatedAt: userProfile.updatedAt,
        })
        .from(userProfile)
        .where(eq(userProfile.userId, userId));
      return row ?? null;
    },
  };
}

export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(userProfile).where(eq(userProfile.userId, userId));
}
