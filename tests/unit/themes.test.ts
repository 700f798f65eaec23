import { describe, expect, it } from 'vitest';
import {
  checkThemeContrast,
  CONTRAST_MESSAGES,
  contrastRatio,
  isLightColor,
  normalizeHex,
  optimizedTextColors,
  relativeLuminance,
} from '../../src/shared/themes/color';
import { PRESET_THEMES } from '../../src/shared/themes/presets';
import { saveThemeBody, themeSelectionSchema } from '../../src/shared/themes/contract';

describe('WCAG colour maths', () => {
  it('computes relative luminance as WCAG 2 defines it', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ff0000')).toBeCloseTo(0.2126, 4);
    expect(relativeLuminance('#00ff00')).toBeCloseTo(0.7152, 4);
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 4);
    expect(relativeLuminance('#fff')).toBe(1);
  });

  it('computes contrast ratios matching the WCAG reference values', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#ff0000', '#ffffff')).toBeCloseTo(4.0, 1);
    expect(contrastRatio('#abcdef', '#abcdef')).toBe(1);
  });

  it('normalises short and upper-case hex colours and refuses the rest', () => {
    expect(normalizeHex('#AbC')).toBe('#aabbcc');
    expect(normalizeHex('#A1B2C3')).toBe('#a1b2c3');
    expect(() => normalizeHex('red')).toThrow();
    expect(() => normalizeHex('#12345')).toThrow();
  });

  it('calls a colour light above a luminance of 0.5', () => {
    expect(isLightColor('#ffffff')).toBe(true);
    expect(isLightColor('#bcbcbc')).toBe(true); // 0.5029
    expect(isLightColor('#bbbbbb')).toBe(false); // 0.4969
    expect(isLightColor('#000000')).toBe(false);
  });

  it('picks dark text only when both backgrounds are light', () => {
    expect(optimizedTextColors('#ffffff', '#f4f5f7')).toEqual({
      textPrimary: '#1a1a1a',
      textSecondary: '#666666',
    });
    expect(optimizedTextColors('#ffffff', '#101010')).toEqual({
      textPrimary: '#ffffff',
      textSecondary: '#b0b0b0',
    });
    expect(optimizedTextColors('#000000', '#000000').textPrimary).toBe('#ffffff');
  });
});

describe('the contrast check', () => {
  const good = {
    main: '#0b0b10',
    theme: '#15151e',
    chatBubbleUser: '#a21caf',
    chatBubbleAI: '#1f1f2b',
    textPrimary: '#ffffff',
  };

  it('passes a readable theme', () => {
    expect(checkThemeContrast(good)).toEqual({ valid: true, issues: [] });
  });

  it('names each problem with the spec’s words and thresholds', () => {
    // White text on a pale main background, a pale sidebar and pale bubbles.
    const result = checkThemeContrast({
      main: '#eeeeee',
      theme: '#dddddd',
      chatBubbleUser: '#cccccc',
      chatBubbleAI: '#bbbbbb',
      textPrimary: '#ffffff',
    });
    expect(result.valid).toBe(false);
    expect(result.issues).toEqual([
      CONTRAST_MESSAGES.main,
      CONTRAST_MESSAGES.theme,
      CONTRAST_MESSAGES.chatBubbleUser,
      CONTRAST_MESSAGES.chatBubbleAI,
    ]);
  });

  it('uses 4.5 for text on backgrounds and 3 for bubbles', () => {
    // #767676 on white is 4.54: enough for text; #949494 on white is 3.03: enough for bubbles.
    const text = '#ffffff';
    expect(checkThemeContrast({ ...good, main: '#767676', textPrimary: text }).issues).toEqual([]);
    expect(checkThemeContrast({ ...good, main: '#777777', textPrimary: text }).issues).toEqual([
      CONTRAST_MESSAGES.main,
    ]);
    expect(
      checkThemeContrast({ ...good, chatBubbleAI: '#949494', textPrimary: text }).issues,
    ).toEqual([]);
    expect(
      checkThemeContrast({ ...good, chatBubbleAI: '#959595', textPrimary: text }).issues,
    ).toEqual([CONTRAST_MESSAGES.chatBubbleAI]);
  });
});

describe('the presets', () => {
  it('are the spec’s ten, two of them light', () => {
    expect(PRESET_THEMES.map((p) => p.name)).toEqual([
      'Ultra Dark',
      'Midnight Blue',
      'Deep Forest',
      'Royal Purple',
      'Messenger Blue',
      'Green Chat',
      'Sky Messenger',
      'Gamer Dark',
      'Workspace Light',
      'Corporate Clean',
    ]);
    const light = PRESET_THEMES.filter((p) => p.colors.textPrimary === '#1a1a1a');
    expect(light.map((p) => p.name)).toEqual(['Workspace Light', 'Corporate Clean']);
  });

  it.each(PRESET_THEMES.map((p) => [p.name, p] as const))(
    '%s passes the contrast check',
    (_, p) => {
      expect(checkThemeContrast(p.colors)).toEqual({ valid: true, issues: [] });
      // Secondary text stays readable on both backgrounds too (4.5:1).
      expect(contrastRatio(p.colors.textSecondary, p.colors.main)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(p.colors.textSecondary, p.colors.theme)).toBeGreaterThanOrEqual(4.5);
    },
  );
});

describe('the theme contract', () => {
  it('accepts #rgb and #rrggbb, trims names, and refuses the rest', () => {
    const parsed = saveThemeBody.parse({
      name: '  Night  ',
      colors: { main: '#000', theme: '#111111', chatBubbleUser: '#A21CAF', chatBubbleAI: '#222' },
    });
    expect(parsed.name).toBe('Night');
    expect(parsed.colors.main).toBe('#000000');
    expect(parsed.colors.chatBubbleUser).toBe('#a21caf');
    const bad = saveThemeBody.safeParse({
      name: '   ',
      colors: { main: 'black', theme: '#11', chatBubbleUser: '#a21caf', chatBubbleAI: '#222' },
    });
    expect(bad.success).toBe(false);
    expect(saveThemeBody.safeParse({ name: 'x'.repeat(41), colors: parsed.colors }).success).toBe(
      false,
    );
    expect(themeSelectionSchema.parse({ selectedThemeId: null })).toEqual({
      selectedThemeId: null,
    });
  });
});
