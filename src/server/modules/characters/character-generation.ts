import { z } from 'zod';
import { checkCharacterIsAdult } from '../../../shared/characters/adults-only';
import {
  ALL_ROLES,
  AVATAR_GRADIENTS,
  CHARACTER_PREFERENCES,
  CREATE_GENDERS,
  MAX_ROLES,
} from '../../../shared/characters/catalog';
import {
  CHARACTER_LIMITS,
  createCharacterSchema,
  GENERATED_CHARACTER_FIELDS,
} from '../../../shared/characters/schemas';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { completeJson } from '../../integrations/llm/json';
import { avatarPrompt } from '../avatars/avatars.routes';
import { storeAvatar } from '../avatars/avatars.service';
import { RATE_RULES } from '../../rate-rules';
import { reviewCharacterAge } from './age-review';

const genders = CREATE_GENDERS.map((g) => g.value);
const ROLE_BY_LOWER_NAME = new Map(ALL_ROLES.map((role) => [role.toLowerCase(), role]));

/** What we ask the model for (JSON Schema for response_format). */
const characterJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'name',
    'description',
    'gender',
    'personality',
    'sexualPreferences',
    'directnessLevel',
  ],
  properties: {
    name: { type: 'string', maxLength: CHARACTER_LIMITS.nameMax },
    description: { type: 'string', maxLength: CHARACTER_LIMITS.create.descriptionMax },
    gender: { type: 'string', enum: genders },
    personality: { type: 'string', maxLength: CHARACTER_LIMITS.create.personalityMax },
    sexualPreferences: { type: 'array', items: { type: 'string', enum: CHARACTER_PREFERENCES } },
    directnessLevel: { type: 'integer', minimum: 0, maximum: 4 },
    roles: { type: 'array', items: { type: 'string' }, maxItems: MAX_ROLES },
  },
} as const;

/** Cuts text to `max` characters at a word boundary, so a slightly long answer still fits. */
function fit(value: unknown, max: number): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/\s+/g, ' ');
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[,;:\s]+$/, '')}…`;
}

/**
 * Tolerant reading of the model's answer: over-long texts are shortened, unknown preferences
 * dropped, roles capped, then the result must pass the same schema as the Create form.
 */
const generatedCharacterSchema = z.preprocess(
  (raw) => {
    if (!raw || typeof raw !== 'object') return raw;
    const r = raw as Record<string, unknown>;
    const prefs = Array.isArray(r.sexualPreferences) ? r.sexualPreferences : [];
    // Roles must come from the catalogue: match names case-insensitively, drop the rest.
    const roles = (Array.isArray(r.roles) ? r.roles : [])
      .map((x) =>
        typeof x === 'string' ? ROLE_BY_LOWER_NAME.get(x.trim().toLowerCase()) : undefined,
      )
      .filter((x): x is string => Boolean(x));
    return {
      name: fit(r.name, CHARACTER_LIMITS.nameMax),
      description: fit(r.description, CHARACTER_LIMITS.create.descriptionMax),
      gender: typeof r.gender === 'string' ? r.gender.toLowerCase() : r.gender,
      personality: fit(r.personality, CHARACTER_LIMITS.create.personalityMax),
      sexualPreferences: prefs.filter((p) =>
        (CHARACTER_PREFERENCES as readonly unknown[]).includes(p),
      ),
      directnessLevel:
        typeof r.directnessLevel === 'number' ? Math.round(r.directnessLevel) : r.directnessLevel,
      roles: [...new Set(roles)].slice(0, MAX_ROLES),
      includeRoles: roles.length > 0,
    };
  },
  createCharacterSchema.pick(GENERATED_CHARACTER_FIELDS).superRefine((character, ctx) => {
    // A model that drifts towards a minor gets one more try, with the reason, before failing.
    const problem = checkCharacterIsAdult(character);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

const SYSTEM_PROMPT = [
  'You design characters for Reverie, a fiction app for consenting adults.',
  'Every character is an adult aged 18 or older; never create or describe a minor,',
  'and never give an age under 18. Write in English.',
  `Answer with one JSON object: name (max ${CHARACTER_LIMITS.nameMax} characters),`,
  `description (one vivid sentence, ${CHARACTER_LIMITS.textMin}-${CHARACTER_LIMITS.create.descriptionMax} characters),`,
  `gender (one of ${genders.join(', ')}),`,
  `personality (how they think, talk and behave, written as instructions for playing them, ${CHARACTER_LIMITS.textMin}-${CHARACTER_LIMITS.create.personalityMax} characters),`,
  `sexualPreferences (0-5 items from: ${CHARACTER_PREFERENCES.join(', ')}),`,
  'directnessLevel (0 wholesome … 4 most explicit, matching the request; 2 when unsure),',
  `roles (0-${MAX_ROLES} short role or profession names that fit, e.g. "Detective", "Vampire").`,
].join(' ');

export async function generateCharacter(ctx: AppContext, userId: string, prompt: string) {
  const promptProblem = checkCharacterIsAdult({ description: prompt });
  if (promptProblem) throw badRequest(promptProblem);

  const character = await completeJson(
    ctx.llm,
    {
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: `Create this character: ${prompt}` },
      ],
      temperature: 0.9,
      jsonSchema: { name: 'character', schema: characterJsonSchema },
    },
    generatedCharacterSchema,
  );
  // The rule passed inside the schema; the second opinion reads the result and the request.
  await reviewCharacterAge(ctx, userId, {
    name: character.name,
    description: character.description,
    personality: character.personality,
    request: prompt,
  });
  const avatarColor = AVATAR_GRADIENTS[Math.floor(Math.random() * AVATAR_GRADIENTS.length)]!.key;
  const avatar = await generateAvatarIfConfigured(ctx, userId, character.description);
  return {
    ...character,
    avatarImage: avatar?.fileName ?? null,
    avatarUrl: avatar?.url ?? null,
    avatarColor,
  };
}

/** A portrait when image generation is set up; the character is still useful without one. */
async function generateAvatarIfConfigured(ctx: AppContext, userId: string, description: string) {
  if (!ctx.images.configured) return null;
  // The picture counts against the avatar-generation allowance; past it, the character comes
  // without one rather than failing.
  const used = await ctx.limiter.hit(RATE_RULES.imageGenerationsPerUser, userId);
  if (used.count > RATE_RULES.imageGenerationsPerUser.limit) return null;
  try {
    const bytes = await ctx.images.generate(avatarPrompt(description));
    return await storeAvatar(ctx, userId, bytes);
  } catch (err) {
    ctx.log.warn({ err }, 'avatar generation for a generated character failed');
    return null;
  }
}
