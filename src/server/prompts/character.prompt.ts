import { z } from 'zod';
import { CHARACTER_PREFERENCES, CREATE_GENDERS, MAX_ROLES } from '../../shared/characters/catalog';
import { CHARACTER_LIMITS } from '../../shared/characters/schemas';
import type { ChatMessage } from '../integrations/llm';
import { jsonSchemaOf } from '../integrations/llm/json';

/** 'Generate with AI' on the create page: a whole character from the user's one-line idea. */

const GENDERS = CREATE_GENDERS.map((g) => g.value);

const CHARACTER_SYSTEM_PROMPT = [
  'You design characters for Reverie, a fiction app for consenting adults.',
  'Every character is an adult aged 18 or older; never create or describe a minor,',
  'and never give an age under 18. Write in English.',
  `Answer with one JSON object: name (max ${CHARACTER_LIMITS.nameMax} characters),`,
  `description (one vivid sentence, ${CHARACTER_LIMITS.textMin}-${CHARACTER_LIMITS.create.descriptionMax} characters),`,
  `gender (one of ${GENDERS.join(', ')}),`,
  `personality (how they think, talk and behave, written as instructions for playing them, ${CHARACTER_LIMITS.textMin}-${CHARACTER_LIMITS.create.personalityMax} characters),`,
  `sexualPreferences (0-5 items from: ${CHARACTER_PREFERENCES.join(', ')}),`,
  'directnessLevel (0 wholesome … 4 most explicit, matching the request; 2 when unsure),',
  `roles (0-${MAX_ROLES} short role or profession names that fit, e.g. "Detective", "Vampire").`,
].join(' ');

export function characterRequest(idea: string): ChatMessage[] {
  return [
    { role: 'system', content: CHARACTER_SYSTEM_PROMPT },
    { role: 'user', content: `Create this character: ${idea}` },
  ];
}

/**
 * The answer asked for (sent to the model as its JSON Schema). The answer is then read
 * tolerantly and checked against the Create form's schema (character-generation.ts).
 */
const characterAnswer = z
  .object({
    name: z.string().max(CHARACTER_LIMITS.nameMax),
    description: z.string().max(CHARACTER_LIMITS.create.descriptionMax),
    gender: z.enum(GENDERS),
    personality: z.string().max(CHARACTER_LIMITS.create.personalityMax),
    sexualPreferences: z.array(z.enum(CHARACTER_PREFERENCES)),
    directnessLevel: z.number().int().min(0).max(4),
    roles: z.array(z.string()).max(MAX_ROLES).optional(),
  })
  .strict();
export const CHARACTER_JSON_SCHEMA = jsonSchemaOf('character', characterAnswer);
