import { checkCharacterIsAdult, findMinorReference } from '../../../shared/characters/adults-only';
import type {
  Character,
  CharacterListItem,
  createCharacterSchema,
  updateCharacterSchema,
} from '../../../shared/characters/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { assertAvatarOwned, avatarUrl, releaseAvatar } from '../avatars/avatars.service';
import {
  deleteCharacterReturning,
  deleteConversationsOf,
  findCharacter,
  insertCharacter,
  listCharacters,
  updateCharacterLocked,
  type CharacterRow,
} from './characters.repo';

type CreateInput = z.output<typeof createCharacterSchema>;
type UpdateInput = z.output<typeof updateCharacterSchema>;

export const CHARACTER_NOT_FOUND = 'Character not found';

function toCharacter(ctx: AppContext, row: CharacterRow): Character {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    gender: row.gender,
    personality: row.personality,
    avatarImage: row.avatarImage,
    avatarUrl: avatarUrl(ctx, row.avatarImage),
    avatarColor: row.avatarColor,
    settings: row.settings,
    directnessLevel: row.directnessLevel,
    sexualPreferences: row.sexualPreferences,
    roles: row.roles,
    includeRoles: row.includeRoles,
    working_memory: row.workingMemory,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Characters are adults: the one rule lives in src/shared/characters/adults-only.ts. */
function assertAdult(fields: {
  name?: string;
  description?: string;
  personality?: string;
  type?: string;
}) {
  const problem =
    checkCharacterIsAdult(fields) ?? (fields.type ? findMinorReference(fields.type) : null);
  if (problem) throw badRequest(problem);
}

export async function listUserCharacters(
  ctx: AppContext,
  userId: string,
): Promise<CharacterListItem[]> {
  const rows = await listCharacters(ctx.db, userId);
  return rows.map((row) => ({
    ...toCharacter(ctx, row),
    conversationCount: Number(row.conversationCount),
  }));
}

export async function getCharacter(ctx: AppContext, userId: string, id: number) {
  const row = await findCharacter(ctx.db, userId, id);
  if (!row) throw notFound(CHARACTER_NOT_FOUND);
  return toCharacter(ctx, row);
}

export async function createCharacter(ctx: AppContext, userId: string, input: CreateInput) {
  assertAdult(input);
  if (input.avatarImage) await assertAvatarOwned(ctx, userId, input.avatarImage);
  const row = await insertCharacter(ctx.db, userId, input);
  return { id: row.id, name: row.name };
}

/** Applies the fields that were sent; every other field keeps its stored value. */
export async function updateCharacter(
  ctx: AppContext,
  userId: string,
  id: number,
  input: UpdateInput,
) {
  // Checked before the transaction: inside it only the locked connection may be used.
  if (input.avatarImage) await assertAvatarOwned(ctx, userId, input.avatarImage);
  const result = await updateCharacterLocked(ctx.db, userId, id, async (current) => {
    assertAdult({
      name: input.name ?? current.name,
      description: input.description ?? current.description,
      personality: input.personality ?? current.personality,
      type: input.type ?? current.type,
    });
    const changes: Partial<CharacterRow> = {};
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    if (input.settings) changes.settings = { ...current.settings, ...input.settings };
    return changes;
  });
  if (!result) throw notFound(CHARACTER_NOT_FOUND);
  const old = result.before.avatarImage;
  if (old && old !== result.after.avatarImage) await releaseAvatar(ctx, userId, old);
  return toCharacter(ctx, result.after);
}

export async function deleteCharacter(ctx: AppContext, userId: string, id: number) {
  const deleted = await deleteCharacterReturning(ctx.db, userId, id);
  if (!deleted) throw notFound(CHARACTER_NOT_FOUND);
  if (deleted.avatarImage) await releaseAvatar(ctx, userId, deleted.avatarImage);
}

/** Deletes the character's conversations; fine when there are none. */
export async function deleteCharacterConversations(ctx: AppContext, userId: string, id: number) {
  if (!(await findCharacter(ctx.db, userId, id))) throw notFound(CHARACTER_NOT_FOUND);
  return deleteConversationsOf(ctx.db, userId, id);
}
