import {
  PERSONA_LIMITS,
  PERSONA_NOT_FOUND,
  PERSONAS_FULL,
  type Persona,
  personaRequest,
} from '../../../shared/personas/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { avatarUrl, removeRecordedFiles, UNKNOWN_AVATAR } from '../avatars';
import { findProfile } from '../profile';
import {
  deletePersonaRow,
  findPersonaRow,
  insertPersona,
  listPersonaRows,
  updatePersonaRow,
  type PersonaRow,
} from './personas.repo';

type PersonaInput = z.output<typeof personaRequest>;

const personaOf = (ctx: AppContext, row: PersonaRow): Persona => ({
  id: row.id,
  name: row.name,
  description: row.description,
  avatarImage: row.avatarImage,
  avatarUrl: avatarUrl(ctx, row.avatarImage),
});

/** The profile first (when saved: it is who the user is by default), then the others. */
export async function listPersonas(ctx: AppContext, userId: string): Promise<Persona[]> {
  const [profile, rows] = await Promise.all([
    findProfile(ctx.db, userId),
    listPersonaRows(ctx.db, userId),
  ]);
  const first: Persona[] = profile
    ? [{ id: null, name: profile.name, description: '', avatarImage: null, avatarUrl: null }]
    : [];
  return [...first, ...rows.map((row) => personaOf(ctx, row))];
}

export async function addPersona(ctx: AppContext, userId: string, input: PersonaInput) {
  const row = await insertPersona(ctx.db, userId, input, PERSONA_LIMITS.max);
  if (row === 'unknown-avatar') throw badRequest(UNKNOWN_AVATAR);
  if (row === 'full') throw conflict(PERSONAS_FULL);
  return personaOf(ctx, row);
}

export async function changePersona(
  ctx: AppContext,
  userId: string,
  id: number,
  input: PersonaInput,
) {
  const row = await updatePersonaRow(ctx.db, userId, id, input);
  if (!row) throw notFound(PERSONA_NOT_FOUND);
  if (row === 'unknown-avatar') throw badRequest(UNKNOWN_AVATAR);
  return personaOf(ctx, row);
}

export async function removePersona(ctx: AppContext, userId: string, id: number) {
  const row = await deletePersonaRow(ctx.db, userId, id);
  if (!row) throw notFound(PERSONA_NOT_FOUND);
  if (row.avatarImage) await removeRecordedFiles(ctx, [row.avatarImage]);
  return { success: true as const };
}

/** 404 unless `id` names one of the user's personas (null, the profile, always does). */
export async function assertPersonaOwned(ctx: AppContext, userId: string, id: number | null) {
  if (id !== null && !(await findPersonaRow(ctx.db, userId, id))) {
    throw notFound(PERSONA_NOT_FOUND);
  }
}

/**
 * The name the user goes by in a conversation with persona `personaId` (null: the profile's):
 * what `{{user}}` and the prompt say. Null when neither has one (no profile saved).
 */
export async function userNameIn(
  ctx: AppContext,
  userId: string,
  personaId: number | null,
): Promise<string | null> {
  if (personaId !== null) {
    const row = await findPersonaRow(ctx.db, userId, personaId);
    if (row) return row.name;
  }
  return (await findProfile(ctx.db, userId))?.name.trim() || null;
}
