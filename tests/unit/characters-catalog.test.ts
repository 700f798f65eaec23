import { describe, expect, it } from 'vitest';
import { findMinorReference } from '../../src/shared/characters/adults-only';
import {
  ALL_ROLES,
  CHARACTER_GENDER_VALUES,
  CHARACTER_PREFERENCES,
  CREATE_GENDERS,
  DEFAULT_DIRECTNESS,
  DIRECTNESS_LEVELS,
  EDIT_GENDERS,
  MAX_DIRECTNESS,
  MAX_ROLES,
  MIN_DIRECTNESS,
  ROLE_CATEGORIES,
  directnessLabel,
  searchRoles,
} from '../../src/shared/characters/catalog';
import {
  AVATAR_GRADIENTS,
  DEFAULT_AVATAR_GRADIENT,
  isAvatarGradientKey,
} from '../../src/shared/characters/avatar-gradients';

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
}
const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('character preferences', () => {
  it('has the 29 preferences in order', () => {
    expect(CHARACTER_PREFERENCES).toHaveLength(29);
    expect(CHARACTER_PREFERENCES[0]).toBe('Romance');
    expect(CHARACTER_PREFERENCES[10]).toBe('BDSM');
    expect(CHARACTER_PREFERENCES[28]).toBe('Physical attraction');
    expect(new Set(CHARACTER_PREFERENCES).size).toBe(29);
  });
});

describe('character genders', () => {
  it('offers five genders on create and four on edit', () => {
    expect(CREATE_GENDERS.map((g) => g.value)).toEqual([
      'female',
      'male',
      'non-binary',
      'fluid',
      'other',
    ]);
    expect(CREATE_GENDERS.find((g) => g.value === 'fluid')?.label).toBe('Fluid (Gender Fluid)');
    expect(EDIT_GENDERS.map((g) => g.label)).toEqual(['Female', 'Male', 'Non-binary', 'Other']);
  });

  it('accepts every offered value', () => {
    for (const { value } of [...CREATE_GENDERS, ...EDIT_GENDERS]) {
      expect(CHARACTER_GENDER_VALUES).toContain(value);
    }
    expect(CHARACTER_GENDER_VALUES).toHaveLength(5);
  });
});

describe('directness', () => {
  it('has five labelled levels from 0 to 4', () => {
    expect(DIRECTNESS_LEVELS.map((d) => d.level)).toEqual([0, 1, 2, 3, 4]);
    expect(DIRECTNESS_LEVELS.map((d) => d.label)).toEqual([
      'NOTHING',
      'FLIRTACIOUS',
      'BALANCED',
      'HYPERSEXUAL',
      'LUST INCARNATE',
    ]);
    for (const d of DIRECTNESS_LEVELS) expect(d.description).toMatch(/^[A-Z].+\.$/);
    expect([MIN_DIRECTNESS, DEFAULT_DIRECTNESS, MAX_DIRECTNESS]).toEqual([0, 2, 4]);
  });

  it('labels levels, clamping values off the scale', () => {
    expect(directnessLabel(0)).toBe('NOTHING');
    expect(directnessLabel(2)).toBe('BALANCED');
    expect(directnessLabel(4)).toBe('LUST INCARNATE');
    expect(directnessLabel(-3)).toBe('NOTHING');
    expect(directnessLabel(9)).toBe('LUST INCARNATE');
    expect(directnessLabel(2.6)).toBe('HYPERSEXUAL');
    expect(directnessLabel(Number.NaN)).toBe('BALANCED');
  });
});

describe('avatar gradients', () => {
  it('has the 16 gradients in order', () => {
    expect(AVATAR_GRADIENTS.map((g) => g.key)).toEqual([
      'default',
      'ocean',
      'jungle',
      'fire',
      'dusk',
      'lava',
      'space',
      'aurora',
      'ruby',
      'eclipse',
      'storm',
      'forest',
      'galaxy',
      'bronze',
      'velvet',
      'abyss',
    ]);
    expect(DEFAULT_AVATAR_GRADIENT).toBe('default');
    expect(AVATAR_GRADIENTS[0].css).toBe('linear-gradient(135deg, #d946ef 0%, #7c3aed 100%)');
  });

  it.each(AVATAR_GRADIENTS.map((g) => [g.key, g.css]))('%s is a valid gradient', (_key, css) => {
    const stop = '#[0-9a-f]{6} \\d{1,3}%';
    expect(css).toMatch(new RegExp(`^linear-gradient\\(135deg, ${stop}(, ${stop})+\\)$`));
    const positions = [...css.matchAll(/ (\d+)%/g)].map((m) => Number(m[1]));
    expect(positions[0]).toBe(0);
    expect(positions.at(-1)).toBe(100);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it.each(AVATAR_GRADIENTS.map((g) => [g.key, g.css]))(
    '%s keeps white initials at 3:1 contrast or better',
    (_key, css) => {
      for (const [hex] of css.matchAll(/#[0-9a-f]{6}/g)) {
        expect(contrastWithWhite(hex), hex).toBeGreaterThanOrEqual(3);
      }
    },
  );

  it('recognises gradient keys', () => {
    expect(isAvatarGradientKey('abyss')).toBe(true);
    expect(isAvatarGradientKey('Abyss')).toBe(false);
    expect(isAvatarGradientKey('rainbow')).toBe(false);
  });
});

describe('role catalog', () => {
  it('has the 10 categories in order', () => {
    expect(ROLE_CATEGORIES.map((c) => c.label)).toEqual([
      'Professions',
      'Monsters: Classic Myth & Folklore',
      'Monsters: Dark Fantasy & Gothic',
      'Monsters: Sci-Fi & Alien',
      'Monsters: Eldritch & Tentacled',
      'Monsters: Fae & Otherworldly',
      'Monsters: Hybrid & Unique',
      'Monsters: Extreme & Niche',
      'Family',
      'Other',
    ]);
    for (const c of ROLE_CATEGORIES) expect(c.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(new Set(ROLE_CATEGORIES.map((c) => c.id)).size).toBe(10);
    expect(MAX_ROLES).toBe(5);
  });

  it('has between 230 and 280 roles', () => {
    const total = ROLE_CATEGORIES.reduce((n, c) => n + c.roles.length, 0);
    expect(total).toBeGreaterThanOrEqual(230);
    expect(total).toBeLessThanOrEqual(280);
  });

  it('has no duplicates within a category but repeats some across categories', () => {
    for (const c of ROLE_CATEGORIES) expect(new Set(c.roles).size, c.label).toBe(c.roles.length);
    const total = ROLE_CATEGORIES.reduce((n, c) => n + c.roles.length, 0);
    expect(ALL_ROLES.length).toBeLessThan(total);
    expect(new Set(ALL_ROLES).size).toBe(ALL_ROLES.length);
    const inProfessions = ROLE_CATEGORIES[0]?.roles ?? [];
    const inOther = ROLE_CATEGORIES[9]?.roles ?? [];
    expect(inProfessions).toContain('Detective');
    expect(inOther).toContain('Detective');
  });

  it('uses non-empty, trimmed names', () => {
    for (const role of ALL_ROLES) {
      expect(role).toBe(role.trim());
      expect(role).toMatch(/^[A-Z]/);
    }
  });

  it('has no child-care or minor-coded roles', () => {
    const lower = ALL_ROLES.map((r) => r.toLowerCase());
    for (const banned of ['nanny', 'babysitter', 'schoolgirl', 'schoolboy', 'au pair']) {
      expect(lower).not.toContain(banned);
    }
    expect(lower.filter((r) => r.includes('student'))).toEqual(['college student']);
    for (const role of ALL_ROLES) expect(findMinorReference(role), role).toBeNull();
  });
});

describe('searchRoles', () => {
  it('returns every category for a blank query', () => {
    expect(searchRoles('')).toEqual(ROLE_CATEGORIES);
    expect(searchRoles('   ')).toHaveLength(10);
  });

  it('matches substrings case-insensitively after trimming', () => {
    const result = searchRoles('  VAMP ');
    expect(result.map((c) => c.id)).toEqual(['monsters-classic', 'monsters-dark-fantasy']);
    expect(result[0]?.roles).toEqual(['Vampire']);
    expect(result[1]?.roles).toEqual(['Vampire', 'Vampire Lord']);
  });

  it('keeps category and role order and hides empty categories', () => {
    const result = searchRoles('detective');
    expect(result.map((c) => c.label)).toEqual(['Professions', 'Other']);
    expect(searchRoles('step').flatMap((c) => c.roles)).toEqual([
      'Stepmother',
      'Stepfather',
      'Stepsister',
      'Stepbrother',
      'Stepdaughter',
      'Stepson',
    ]);
  });

  it('returns nothing when no role matches and leaves the catalog untouched', () => {
    expect(searchRoles('zzz-no-such-role')).toEqual([]);
    searchRoles('elf');
    expect(ROLE_CATEGORIES[5]?.roles.length).toBe(20);
  });
});
