import { z } from 'zod';
import { checkCharacterIsAdult } from '../../../shared/characters/adults-only';
import { ALL_ROLES, CHARACTER_PREFERENCES, MAX_ROLES } from '../../../shared/characters/catalog';
import { AVATAR_GRADIENTS } from '../../../shared/characters/avatar-gradients';
import {
  CHARACTER_LIMITS,
  createCharacterSchema,
  GENERATED_CHARACTER_FIELDS,
} from '../../../shared/characters/schemas';
import type { AppContext } from '../../context';
import { badRequest } from '../../errors';
import { completeJson } from '../../integrations/llm/json';
import { avatarPrompt } from '../../prompts/avatar.prompt';
import { storeAvatar } from '../avatars';
import { CHARACTER_JSON_SCHEMA, characterRequest } from '../../prompts/character.prompt';
import { MODEL_SETTINGS } from '../../prompts/model-settings';
import { RATE_RULES } from '../../rate-rules';
import { reviewCharacterAge } from '../safety';

const ROLE_BY_LOWER_NAME = new Map(ALL_ROLES.map((role) => [role.toLowerCase(), role]));

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

export async function generateCharacter(ctx: AppContext, userId: string, prompt: string) {
  const promptProblem = checkCharacterIsAdult({ description: prompt });
  if (promptProblem) throw badRequest(promptProblem);

  const character = await completeJson(
    ctx.llm,
    {
      messages: characterRequest(prompt),
      ...MODEL_SETTINGS.character,
      jsonSchema: CHARACTER_JSON_SCHEMA,
      usage: { userId, purpose: 'character' },
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
