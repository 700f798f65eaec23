import { checkCharacterIsAdult, findMinorReference } from '../../../shared/characters/adults-only';
import {
  CHARACTER_NOT_FOUND,
  type Character,
  type CharacterListItem,
  type updateCharacterSchema,
} from '../../../shared/characters/contract';
import type { createCharacterSchema } from '../../../shared/characters/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { CHARACTER_REMOVED_BY_MODERATION } from '../../../shared/reports/contract';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors';
import { UNKNOWN_VOICE } from '../../../shared/voice/voice-id';
import { assertAvatarOwned, avatarUrl, removeRecordedFiles, UNKNOWN_AVATAR } from '../avatars';
import {
  deleteCharacterReturning,
  deleteConversationsOf,
  findCharacter,
  insertCharacter,
  listCharacters,
  updateCharacterLocked,
  type CharacterRow,
  type ListedCharacterRow,
} from './characters.repo';
import { assertCardFieldsFit, assertCardIsAdult, shownCardFields } from './card-fields';
import { reviewCharacterAge, type CharacterDefinition } from '../safety';

type CreateInput = z.output<typeof createCharacterSchema>;
type UpdateInput = z.output<typeof updateCharacterSchema>;

/**
 * The list's and the detail's extra field is added to the listed character's object rather than
 * spread into a copy of it: V8 made every spread copy outlive the young generation (~11 KB a
 * GET /api/characters of 10, a full collection every few seconds under load; decision 0029).
 */
function toCharacter(ctx: AppContext, row: CharacterRow): Character {
  return Object.assign(
    toListedCharacter(ctx, row),
    { greetings: row.greetings, voice: row.voice },
    shownCardFields(row.cardExtras),
  );
}

function toListedCharacter(ctx: AppContext, row: ListedCharacterRow): CharacterListItemBase {
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
    removedByModeration: row.moderatedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type CharacterListItemBase = Omit<CharacterListItem, 'conversationCount'>;

export const CHARACTER_CHANGED =
  'This character was changed elsewhere while you were saving. Please try again.';

/** Characters are adults: the one rule lives in src/shared/characters/adults-only.ts. */
function assertAdult(fields: CharacterDefinition) {
  const problem =
    checkCharacterIsAdult(fields) ?? (fields.type ? findMinorReference(fields.type) : null);
  if (problem) throw badRequest(problem);
}

/** A character's fields that say who it is, as stored or sent (greetings as a list). */
type DefinitionFields = Omit<CharacterDefinition, 'greetings' | 'request'> & {
  greetings?: readonly string[];
};

const definitionOf = (row: DefinitionFields): Required<Omit<CharacterDefinition, 'request'>> => ({
  name: row.name ?? '',
  type: row.type ?? '',
  description: row.description ?? '',
  personality: row.personality ?? '',
  // The greetings are the character speaking: they are part of who it is.
  greetings: (row.greetings ?? []).join('\n\n'),
});
const sameDefinition = (
  a: Required<Omit<CharacterDefinition, 'request'>>,
  b: Required<Omit<CharacterDefinition, 'request'>>,
) => JSON.stringify(a) === JSON.stringify(b);

export async function listUserCharacters(
  ctx: AppContext,
  userId: string,
): Promise<CharacterListItem[]> {
  const rows = await listCharacters(ctx.db, userId);
  return rows.map((row) =>
    Object.assign(toListedCharacter(ctx, row), {
      conversationCount: Number(row.conversationCount),
    }),
  );
}

export async function getCharacter(ctx: AppContext, userId: string, id: number) {
  const row = await findCharacter(ctx.db, userId, id);
  if (!row) throw notFound(CHARACTER_NOT_FOUND);
  return toCharacter(ctx, row);
}

/**
 * A character's voice must be one the operator offers now (GET /api/voices); null is the
 * default voice. A voice later taken off the list is read as the default (voice module).
 */
function assertVoiceOffered(ctx: AppContext, voice: string | null | undefined) {
  if (voice === null || voice === undefined) return;
  if (!ctx.config.speech?.voices.some((v) => v.id === voice)) {
    throw new HttpError(400, UNKNOWN_VOICE, {}, [{ path: 'voice', message: UNKNOWN_VOICE }]);
  }
}

export async function createCharacter(ctx: AppContext, userId: string, input: CreateInput) {
  const { extras, lorebook } = input;
  assertVoiceOffered(ctx, input.voice);
  assertCardFieldsFit(extras, lorebook);
  const definition = definitionOf(input);
  assertAdult(definition);
  // An imported card's other texts, lorebook included, as its typed fields (issue 47).
  assertCardIsAdult(extras, lorebook);
  // The model reads the card's texts with the definition, as the rule did.
  await reviewCharacterAge(ctx, userId, definition, { extras, lorebook });
  if (input.avatarImage) await assertAvatarOwned(ctx, userId, input.avatarImage);
  const row = await insertCharacter(ctx.db, userId, {
    name: input.name,
    description: input.description,
    gender: input.gender,
    personality: input.personality,
    type: input.type,
    avatarImage: input.avatarImage,
    avatarColor: input.avatarColor,
    settings: input.settings,
    directnessLevel: input.directnessLevel,
    sexualPreferences: input.sexualPreferences,
    roles: input.roles,
    includeRoles: input.includeRoles,
    greetings: input.greetings,
    voice: input.voice,
    cardExtras: extras,
    lorebook,
  });
  if (row === 'unknown-avatar') throw badRequest(UNKNOWN_AVATAR);
  return { id: row.id, name: row.name };
}

/** Applies the fields that were sent; every other field keeps its stored value. */
export async function updateCharacter(
  ctx: AppContext,
  userId: string,
  id: number,
  input: UpdateInput,
) {
  // Checked before the transaction: inside it only the locked connection may be used, and the
  // model's second opinion must not hold the row lock while it thinks.
  assertVoiceOffered(ctx, input.voice);
  if (input.avatarImage) await assertAvatarOwned(ctx, userId, input.avatarImage);
  const stored = await findCharacter(ctx.db, userId, id);
  if (!stored) throw notFound(CHARACTER_NOT_FOUND);
  // Moderation removed it (issue 49): not edited back into use.
  if (stored.moderatedAt !== null) throw forbidden(CHARACTER_REMOVED_BY_MODERATION);
  const merge = (current: DefinitionFields) =>
    definitionOf({
      name: input.name ?? current.name,
      description: input.description ?? current.description,
      personality: input.personality ?? current.personality,
      type: input.type ?? current.type,
      greetings: input.greetings ?? current.greetings,
    });
  const reviewed = merge(stored);
  assertAdult(reviewed);
  // Only a changed definition is worth a second opinion (settings, avatar or sliders are not);
  // the model reads it with the card's texts the character keeps.
  if (!sameDefinition(reviewed, definitionOf(stored))) {
    const card = { extras: stored.cardExtras, lorebook: stored.lorebook };
    await reviewCharacterAge(ctx, userId, reviewed, card);
  }
  const result = await updateCharacterLocked(ctx.db, userId, id, async (current) => {
    if (current.moderatedAt !== null) throw forbidden(CHARACTER_REMOVED_BY_MODERATION);
    const merged = merge(current);
    // A concurrent edit would combine into a definition nobody reviewed.
    if (!sameDefinition(merged, reviewed)) throw conflict(CHARACTER_CHANGED);
    const changes: Partial<CharacterRow> = {};
    for (const [key, value] of Object.entries(input)) {
      if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
    }
    if (input.settings) changes.settings = { ...current.settings, ...input.settings };
    return changes;
  });
  if (!result) throw notFound(CHARACTER_NOT_FOUND);
  if (result === 'unknown-avatar') throw badRequest(UNKNOWN_AVATAR);
  const old = result.before.avatarImage;
  if (old && old !== result.after.avatarImage) await removeRecordedFiles(ctx, [old]);
  return toCharacter(ctx, result.after);
}

export async function deleteCharacter(ctx: AppContext, userId: string, id: number) {
  const deleted = await deleteCharacterReturning(ctx.db, userId, id);
  if (!deleted) throw notFound(CHARACTER_NOT_FOUND);
  if (deleted.avatarImage) await removeRecordedFiles(ctx, [deleted.avatarImage]);
}

/** Deletes the character's conversations; fine when there are none. */
export async function deleteCharacterConversations(ctx: AppContext, userId: string, id: number) {
  if (!(await findCharacter(ctx.db, userId, id))) throw notFound(CHARACTER_NOT_FOUND);
  return deleteConversationsOf(ctx.db, userId, id);
}
