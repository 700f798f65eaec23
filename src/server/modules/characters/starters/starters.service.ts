import { ROLE_CATEGORIES } from '../../../../shared/characters/catalog';
import { STARTER_NOT_FOUND, type Starter } from '../../../../shared/characters/contract';
import { createCharacterSchema } from '../../../../shared/characters/schemas';
import type { AppContext } from '../../../context';
import { notFound } from '../../../errors';
import { storeAvatar } from '../../avatars';
import { createCharacter } from '../characters.service';
import { PORTRAIT_SIZE, portraitSvg } from './starter-art';
import {
  findStarter,
  PORTRAIT_URL_PREFIX,
  portraitFileName,
  STARTERS,
  type StarterDefinition,
} from './starters';

/** How many of a starter's preferences its card shows. */
const CARD_TAGS = 3;
/** An adopted starter's avatar is its portrait at this width and height (a PNG). */
export const STARTER_AVATAR_PIXELS = 512;

const categoryLabel = (id: string) => ROLE_CATEGORIES.find((c) => c.id === id)?.label ?? 'Other';

function toCard({ id, category, character }: StarterDefinition): Starter {
  return {
    id,
    name: character.name,
    description: character.description,
    gender: character.gender,
    category: categoryLabel(category),
    avatarUrl: PORTRAIT_URL_PREFIX + portraitFileName(id),
    avatarColor: character.avatarColor,
    tags: character.sexualPreferences.slice(0, CARD_TAGS),
  };
}

let cards: Starter[] | undefined;

/** GET /api/starters: the same for everyone, made once. */
export function listStarters(): { starters: Starter[] } {
  cards ??= STARTERS.map(toCard);
  return { starters: cards };
}

const portraits = new Map<string, Promise<Buffer>>();

/** The starter's portrait as a PNG, drawn once per process (a failed drawing is tried again). */
function portraitPng(starter: StarterDefinition): Promise<Buffer> {
  let png = portraits.get(starter.id);
  if (!png) {
    png = (async () => {
      // Loaded on first use, as for uploads (decision 0019).
      const { default: sharp } = await import('sharp');
      const svg = Buffer.from(portraitSvg(starter.id, starter.art));
      // librsvg draws an SVG at 72 dpi: this density gives STARTER_AVATAR_PIXELS square.
      const density = (72 * STARTER_AVATAR_PIXELS) / PORTRAIT_SIZE;
      return sharp(svg, { density }).png({ compressionLevel: 9 }).toBuffer();
    })();
    png.catch(() => portraits.delete(starter.id));
    portraits.set(starter.id, png);
  }
  return png;
}

/**
 * POST /api/starters/{id}/adopt: the user's own copy of a starter, made as the Create Character
 * form makes one: its fields through the form's schema, its portrait stored as an avatar the user
 * owns (as an upload is: the user may replace or remove it, and it goes with the character),
 * then createCharacter, with the adults-only rule and the model's second opinion. Answers as a
 * create does: `{ id, name }`.
 */
export async function adoptStarter(ctx: AppContext, userId: string, id: string) {
  const starter = findStarter(id);
  if (!starter) throw notFound(STARTER_NOT_FOUND);
  const { character } = starter;
  const input = createCharacterSchema.parse({
    ...character,
    settings: { ...character.settings },
    sexualPreferences: [...character.sexualPreferences],
    roles: [...character.roles],
    greetings: [...character.greetings],
  });
  const avatar = await storeAvatar(ctx, userId, await portraitPng(starter));
  return createCharacter(ctx, userId, { ...input, avatarImage: avatar.fileName });
}
