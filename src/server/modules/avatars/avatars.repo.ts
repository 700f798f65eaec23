import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { avatar, character } from '../../db/schema';

export async function insertAvatar(
  db: Database,
  userId: string,
  value: { fileName: string; contentType: string; byteSize: number },
) {
  await db.insert(avatar).values({ userId, ...value });
}

export async function isAvatarOwnedBy(db: Database, userId: string, fileName: string) {
  const rows = await db
    .select({ fileName: avatar.fileName })
    .from(avatar)
    .where(and(eq(avatar.fileName, fileName), eq(avatar.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** True when another of the user's characters still shows this file. */
export async function isAvatarUsedElsewhere(
  db: Database,
  userId: string,
  fileName: string,
  exceptCharacterId: number,
) {
  const rows = await db
    .select({ id: character.id })
    .from(character)
    .where(
      and(
        eq(character.userId, userId),
        eq(character.avatarImage, fileName),
        ne(character.id, exceptCharacterId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function deleteAvatarRecord(db: Database, userId: string, fileName: string) {
  await db.delete(avatar).where(and(eq(avatar.fileName, fileName), eq(avatar.userId, userId)));
}
