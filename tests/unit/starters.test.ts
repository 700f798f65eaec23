import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { portraitSvg } from '../../src/server/modules/characters/starters/starter-art';
import { portraitFileName, STARTERS } from '../../src/server/modules/characters/starters/starters';
import { checkCharacterIsAdult, findMinorReference } from '../../src/shared/characters/adults-only';
import { ALL_ROLES, ROLE_CATEGORIES } from '../../src/shared/characters/catalog';
import { starterParams } from '../../src/shared/characters/contract';
import { createCharacterSchema } from '../../src/shared/characters/schemas';

/**
 * The ready-made characters' data (issue 45): each one a character the Create Character form
 * would accept unchanged, an adult by the adults-only rule, with a portrait file that is exactly
 * its drawing.
 */

const ART_DIR = path.resolve(import.meta.dirname, '../../src/web/public/art');

describe('the starters', () => {
  it('are 8 to 12, with unique ids a path can name, across categories and genders', () => {
    expect(STARTERS.length).toBeGreaterThanOrEqual(8);
    expect(STARTERS.length).toBeLessThanOrEqual(12);
    const ids = STARTERS.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(starterParams.safeParse({ id }).success, id).toBe(true);
    expect(new Set(STARTERS.map((s) => s.category)).size).toBeGreaterThanOrEqual(5);
    const genders = STARTERS.map((s) => s.character.gender);
    expect(new Set(genders).size).toBeGreaterThanOrEqual(4);
    // Neither gender outnumbers the other by more than one.
    const count = (g: string) => genders.filter((x) => x === g).length;
    expect(Math.abs(count('female') - count('male'))).toBeLessThanOrEqual(1);
    const names = STARTERS.map((s) => s.character.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(STARTERS.map((s) => [s.id, s] as const))(
    '%s is what the Create form would store, unchanged',
    (_id, { character }) => {
      const parsed = createCharacterSchema.parse(character);
      expect(parsed).toEqual({
        ...character,
        type: 'companion',
        avatarImage: null,
        voice: null,
        extras: null,
        lorebook: null,
      });
      // A greeting that names the user, and an alternative.
      expect(character.greetings.length).toBeGreaterThanOrEqual(2);
      expect(character.greetings[0]).toContain('{{user}}');
      expect(character.directnessLevel).toBeLessThanOrEqual(3);
    },
  );

  it.each(STARTERS.map((s) => [s.id, s] as const))(
    '%s is an adult by the adults-only rule, in roles of its category',
    (_id, { category, character }) => {
      const problem = checkCharacterIsAdult({
        name: character.name,
        description: character.description,
        personality: character.personality,
        greetings: character.greetings.join('\n\n'),
      });
      expect(problem).toBeNull();
      for (const role of character.roles) {
        expect(ALL_ROLES).toContain(role);
        expect(findMinorReference(role)).toBeNull();
      }
      const roles = ROLE_CATEGORIES.find((c) => c.id === category)?.roles ?? [];
      expect(roles).toContain(character.roles[0]);
    },
  );

  it.each(STARTERS.map((s) => [s.id, s] as const))(
    '%s has its portrait file, exactly its drawing, pure SVG with nothing outside it',
    (id, { art }) => {
      const svg = portraitSvg(id, art);
      expect(portraitSvg(id, art)).toBe(svg);
      const file = readFileSync(path.join(ART_DIR, portraitFileName(id)), 'utf8');
      // When this fails: npx tsx scripts/generate-starter-art.ts
      expect(file).toBe(svg);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="256"/);
      expect(svg).not.toMatch(/<(script|image|foreignObject|style|text)\b|href=|on\w+=/i);
      for (const ref of svg.matchAll(/url\(([^)]*)\)/g)) expect(ref[1]).toMatch(/^#/);
    },
  );
});
