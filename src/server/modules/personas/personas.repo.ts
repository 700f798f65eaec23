import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Bound } from '../../db/prepared';
import { persona } from '../../db/schema';
import { iso, pagesOf, type ExportParts } from '../../db/user-data';
import { lockUserAvatars, ownsAvatar, releaseUnusedAvatar } from '../avatars';

export type PersonaRow = typeof persona.$inferSelect;
export interface PersonaValues {
  name: string;
  description: string;
  avatarImage: string | null;
}

/** The user's personas, oldest first. */
export async function listPersonaRows(db: Database, userId: string) {
  return db.select().from(persona).where(eq(persona.userId, userId)).orderBy(asc(persona.id));
}

export async function findPersonaRow(db: Executor, userId: string, id: number) {
  const [row] = await db
    .select()
    .from(persona)
    .where(and(eq(persona.id, id), eq(persona.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * Stores a persona when the user keeps fewer than `max`: 'full' otherwise, 'unknown-avatar' when
 * the avatar is not one of the user's images. Under the user's avatar lock (as a character's
 * save), so the avatar sweep cannot delete the file while the persona starts showing it, and two
 * saves at once cannot both pass the count.
 */
export async function insertPersona(
  db: Database,
  userId: string,
  value: PersonaValues,
  max: number,
) {
  return db.transaction(async (tx) => {
    await lockUserAvatars(tx, userId);
    if (value.avatarImage && !(await ownsAvatar(tx, userId, value.avatarImage))) {
      return 'unknown-avatar' as const;
    }
    const [kept] = await tx.select({ n: count() }).from(persona).where(eq(persona.userId, userId));
    if (Number(kept?.n ?? 0) >= max) return 'full' as const;
    const [row] = await tx
      .insert(persona)
      .values({ ...value, userId })
      .returning();
    return row!;
  });
}

/** Changes a persona; null when it is not the user's. Its replaced avatar goes (decision 0043). */
export async function updatePersonaRow(
  db: Database,
  userId: string,
  id: number,
  value: PersonaValues,
) {
  return db.transaction(async (tx) => {
    await lockUserAvatars(tx, userId);
    const current = await findPersonaRow(tx, userId, id);
    if (!current) return null;
    if (value.avatarImage && !(await ownsAvatar(tx, userId, value.avatarImage))) {
      return 'unknown-avatar' as const;
    }
    const [updated] = await tx
      .update(persona)
      .set({ ...value, updatedAt: new Date() })
      .where(and(eq(persona.id, id), eq(persona.userId, userId)))
      .returning();
    const old = current.avatarImage;
    if (old && old !== updated!.avatarImage) await releaseUnusedAvatar(tx, userId, old);
    return updated!;
  });
}

/** Deletes a persona (its conversations go on as the profile: the key sets them to null). */
export async function deletePersonaRow(db: Database, userId: string, id: number) {
  return db.transaction(async (tx) => {
    await lockUserAvatars(tx, userId);
    const [row] = await tx
      .delete(persona)
      .where(and(eq(persona.id, id), eq(persona.userId, userId)))
      .returning();
    if (row?.avatarImage) await releaseUnusedAvatar(tx, userId, row.avatarImage);
    return row ?? null;
  });
}

/**
 * A persona as a JSON object ({ name, description }, null when `personaId` is null or not the
 * user's): an expression for the statement that reads everything a prompt needs at once
 * (chat/prompt-context.repo.ts).
 */
export function personaJson(userId: Bound<string>, personaId: SQL) {
  return sql`(
    select json_build_object('name', p.name, 'description', p.description)
      from ${persona} p where p.id = ${personaId} and p.user_id = ${userId})`;
}

const EXPORT_PAGE = 200;

/** The account export's personas (the profile is the profile module's). */
export function exportForUser(db: Database, userId: string): ExportParts {
  const page = async (after: number | null) => {
    const rows = await db
      .select()
      .from(persona)
      .where(and(eq(persona.userId, userId), after === null ? undefined : gt(persona.id, after)))
      .orderBy(asc(persona.id))
      .limit(EXPORT_PAGE);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      avatarImage: row.avatarImage,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    }));
  };
  return { personas: pagesOf(page, (row) => row.id, EXPORT_PAGE) };
}

export async function deleteAllForUser(tx: Executor, userId: string) {
  await tx.delete(persona).where(eq(persona.userId, userId));
}
