import { z } from 'zod';
import { idParams } from '../id-params';
import { checkPersonaIsAdult } from '../characters/adults-only';
import { AVATAR_FILE_NAME } from '../characters/schemas';
import { PROFILE_NAME_MAX_LENGTH } from '../profile/contract';

/**
 * One contract per persona endpoint (issue 47 part 5): who the user is in a conversation. The
 * profile is the first persona (`id: null`, edited on the profile page); the others are kept
 * here, each with a name, a short description and an optional avatar. A conversation uses one
 * (`personaId`, null: the profile), and `{{user}}` and the prompt use it.
 *
 *   GET    /api/personas                              → personaListResponse
 *   POST   /api/personas          personaRequest      → 201 personaSchema
 *   PUT    /api/personas/{id}     personaRequest      → personaSchema
 *   DELETE /api/personas/{id}                         → successResponse
 */

export const PERSONA_NOT_FOUND = 'Persona not found';
export const PERSONA_LIMITS = {
  nameMaxLength: PROFILE_NAME_MAX_LENGTH,
  descriptionMaxLength: 1000,
  /** Personas a user may keep besides the profile. */
  max: 30,
} as const;
export const PERSONAS_FULL = `You can keep at most ${PERSONA_LIMITS.max} personas. Delete one to add another.`;
export const PERSONA_NAME_REQUIRED = 'Please give the persona a name.';

export const personaParams = idParams(PERSONA_NOT_FOUND);

/** POST /api/personas and PUT /api/personas/{id}: the whole persona. */
export const personaRequest = z
  .object({
    name: z
      .string({ error: PERSONA_NAME_REQUIRED })
      .trim()
      .min(1, PERSONA_NAME_REQUIRED)
      .max(
        PERSONA_LIMITS.nameMaxLength,
        `A persona’s name can be at most ${PERSONA_LIMITS.nameMaxLength} characters.`,
      ),
    description: z
      .string()
      .trim()
      .max(
        PERSONA_LIMITS.descriptionMaxLength,
        `A persona’s description can be at most ${PERSONA_LIMITS.descriptionMaxLength} characters.`,
      )
      .default(''),
    /** An avatar the user uploaded or generated (POST /api/avatars/…), or null for none. */
    avatarImage: z
      .string()
      .regex(AVATAR_FILE_NAME, 'Unknown avatar image')
      .nullable()
      .default(null),
  })
  // The adults-only rule, as for characters: the persona goes into an adult prompt.
  .superRefine((persona, context) => {
    const minor = checkPersonaIsAdult(persona);
    if (minor) context.addIssue({ code: 'custom', path: [minor.field], message: minor.message });
  });
export type PersonaRequest = z.input<typeof personaRequest>;

export const personaSchema = z.object({
  /** Null for the profile, which is edited on the profile page. */
  id: z.number().nullable(),
  name: z.string(),
  description: z.string(),
  avatarImage: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type Persona = z.infer<typeof personaSchema>;

/** GET /api/personas: the profile first (when saved), then the others oldest first. */
export const personaListResponse = z.object({ personas: z.array(personaSchema) });
export type PersonaListResponse = z.infer<typeof personaListResponse>;
