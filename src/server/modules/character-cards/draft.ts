import { z } from 'zod';
import type { CardDraft, Lorebook } from '../../../shared/character-cards/contract';
import {
  CHARACTER_LIMITS,
  characterFields,
  GREETING_LIMITS,
} from '../../../shared/characters/schemas';
import { formatCount } from '../../../shared/format-count';
import type { CardData, NormalisedCard } from './normalise';
import { normaliseLorebook } from './lorebook';

/**
 * The card's fields POST /api/characters does not take yet, kept for `draft.extras` exactly as
 * the card had them: a later change stores them on the character (issue 47 item 2), and an
 * export gives them back.
 */
const EXTRA_FIELDS = [
  'scenario',
  'mes_example',
  'system_prompt',
  'post_history_instructions',
  'nickname',
  'creator_notes',
  'tags',
  'creator',
  'character_version',
  'source',
  'creation_date',
  'modification_date',
  'group_only_greetings',
  'extensions',
  'assets',
] as const satisfies readonly (keyof CardData)[];

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && Object.keys(value).length === 0);

/** A warning when `text` is over `max` characters; the text itself stays whole. */
function overLimit(label: string, text: string, max: number, warnings: string[]) {
  // Counted as the form and createCharacterSchema count: the trimmed text's length.
  const length = text.trim().length;
  if (length > max) {
    warnings.push(
      `The ${label} is ${formatCount(length)} characters, ${formatCount(length - max)} over ` +
        `Reverie’s limit of ${formatCount(max)}: shorten it before saving.`,
    );
  }
}

export interface CardReading {
  draft: CardDraft;
  lorebook: Lorebook | null;
}

/** What the Create Character form opens with, from a normalised card. Nothing is cut. */
export function draftOf(card: NormalisedCard, warnings: string[]): CardReading {
  const { data } = card;
  const all = [data.first_mes, ...data.alternate_greetings].filter((g) => g.trim() !== '');
  const greetings = all.slice(0, GREETING_LIMITS.count);
  if (all.length > greetings.length) {
    const left = all.length - greetings.length;
    warnings.push(
      `The card has ${all.length} greetings; Reverie keeps ${GREETING_LIMITS.count}, so ` +
        `${left} ${left === 1 ? 'was' : 'were'} left out.`,
    );
  }

  overLimit('name', data.name, CHARACTER_LIMITS.nameMax, warnings);
  overLimit('description', data.description, CHARACTER_LIMITS.create.descriptionMax, warnings);
  overLimit('personality', data.personality, CHARACTER_LIMITS.create.personalityMax, warnings);
  greetings.forEach((greeting, i) =>
    overLimit(
      i === 0 ? 'first greeting' : `greeting ${i + 1}`,
      greeting,
      GREETING_LIMITS.lengthMax,
      warnings,
    ),
  );

  const extras: Record<string, unknown> = {};
  for (const field of EXTRA_FIELDS) {
    if (data.present.has(field) && !isEmpty(data[field])) extras[field] = data[field];
  }
  Object.assign(extras, data.unknown);

  const reverie = reverieSettingsOf(data.extensions);
  return {
    draft: {
      name: data.name,
      description: data.description,
      personality: data.personality,
      greetings,
      extras,
      ...(reverie && { reverie }),
    },
    lorebook: normaliseLorebook(data.character_book, warnings),
  };
}

/** Each of Reverie's own settings a field's rule accepts (`extensions.reverie`, card-write.ts). */
const REVERIE_FIELDS = {
  gender: characterFields.gender,
  type: characterFields.type,
  directnessLevel: characterFields.directnessLevel,
  sexualPreferences: characterFields.sexualPreferences,
  roles: characterFields.roles,
  includeRoles: z.boolean(),
  settings: characterFields.settings,
  avatarColor: characterFields.avatarColor,
};

/**
 * The settings a card Reverie exported carries (`extensions.reverie`), each kept only when it is
 * valid here (a card edited elsewhere may hold anything); undefined for none.
 */
function reverieSettingsOf(extensions: unknown): CardDraft['reverie'] {
  const own = (extensions as { reverie?: unknown } | null)?.reverie;
  if (!own || typeof own !== 'object') return undefined;
  const settings: Record<string, unknown> = {};
  for (const [field, rule] of Object.entries(REVERIE_FIELDS)) {
    const parsed = rule.safeParse((own as Record<string, unknown>)[field]);
    if (parsed.success && parsed.data !== undefined) settings[field] = parsed.data;
  }
  return Object.keys(settings).length ? (settings as CardDraft['reverie']) : undefined;
}
