import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  contrastIssues,
  contrastRatio,
  isLightColor,
  normalizeHex,
  optimizedTextColors,
  relativeLuminance,
  textOnBubble,
} from '../../src/shared/themes/color';
import { DEFAULT_THEME, PRESET_THEMES } from '../../src/shared/themes/presets';
import { themeVariables } from '../../src/shared/themes/variables';
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

  it('moves the softer text towards the main text only as far as it must to read', () => {
    const text = optimizedTextColors('#4a4a4a', '#4a4a4a');
    expect(text).toEqual({ textPrimary: '#ffffff', textSecondary: '#d0d0d0' });
    expect(contrastIssues({ main: '#4a4a4a', theme: '#4a4a4a', ...text })).toEqual([]);
  });
});

describe('the contrast check', () => {
  const good = {
    main: '#0b0b10',
    theme: '#15151e',
    textPrimary: '#ffffff',
    textSecondary: '#b0b0b0',
  };
  const messages = (colors: typeof good) => contrastIssues(colors).map((i) => i.message);

  it('passes a readable theme', () => {
    expect(contrastIssues(good)).toEqual([]);
  });

  it('names what is hard to read, and where', () => {
    // White text on a pale Background; the dark Sidebar is fine.
    const issues = contrastIssues({ ...good, main: '#f2f2f2' });
    expect(issues).toEqual([
      {
        surface: 'main',
        message: 'Text on your Background colour is hard to read',
        ratio: expect.closeTo(1.11, 2),
      },
    ]);
    expect(messages({ ...good, theme: '#eeeeee' })).toEqual([
      'Text on your Sidebar colour is hard to read',
    ]);
  });

  it('asks 4.5:1 of text and softer text, on the shade a selected row takes', () => {
    // White on #6c6c6c is 5.3:1, on its selected rows (7% lighter) 4.5:1; #6d6d6d falls below.
    expect(messages({ ...good, main: '#6c6c6c', textSecondary: '#ffffff' })).toEqual([]);
    expect(messages({ ...good, main: '#6d6d6d', textSecondary: '#ffffff' })).toEqual([
      'Text on your Background colour is hard to read',
    ]);
    // Main text reads on a mid-dark grey, the spec's softer #b0b0b0 does not.
    expect(messages({ ...good, main: '#4a4a4a' })).toEqual([
      'Softer text (hints, times) on your Background colour is hard to read',
    ]);
  });
});

describe('text on a chat bubble', () => {
  it('is near-black or white, whichever reads better', () => {
    expect(textOnBubble('#fde68a').text).toBe('#1a1a1a'); // pale yellow: white was 1.3:1
    expect(textOnBubble('#a21caf').text).toBe('#ffffff');
    expect(textOnBubble('#dbeafe').text).toBe('#1a1a1a');
  });

  it('is pure black on a mid-tone bubble where neither reaches 4.5:1', () => {
    expect(contrastRatio('#1a1a1a', '#777777')).toBeLessThan(4.5);
    expect(contrastRatio('#ffffff', '#777777')).toBeLessThan(4.5);
    expect(textOnBubble('#777777').text).toBe('#000000');
  });

  it('reaches 4.5:1 on every bubble colour, its softer shade too', () => {
    const unreadable = [];
    for (let i = 0; i < 4096; i++) {
      const bubble = `#${i.toString(16).padStart(3, '0')}`;
      const { text, muted } = textOnBubble(bubble);
      const worst = Math.min(contrastRatio(text, bubble), contrastRatio(muted, bubble));
      if (worst < 4.5) unreadable.push(bubble);
    }
    expect(unreadable).toEqual([]);
  });

  it("keeps the presets' bubbles in their text colour", () => {
    for (const p of PRESET_THEMES) {
      expect(textOnBubble(p.colors.chatBubbleUser).text, p.name).toBe(p.colors.textPrimary);
      expect(textOnBubble(p.colors.chatBubbleAI).text, p.name).toBe(p.colors.textPrimary);
    }
  });

  it("is set as CSS variables, with the default theme's in styles.css", () => {
    const css = readFileSync(path.resolve(import.meta.dirname, '../../src/web/styles.css'), 'utf8');
    const { vars } = themeVariables(DEFAULT_THEME.colors);
    for (const name of [
      '--on-bubble-user',
      '--on-bubble-user-muted',
      '--on-bubble-ai',
      '--on-bubble-ai-muted',
    ]) {
      expect(vars[name], name).toMatch(/^#/);
      expect(css, name).toContain(`${name}: ${vars[name]};`);
    }
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
      // Text and softer text readable on both backgrounds (4.5:1).
      expect(contrastIssues(p.colors)).toEqual([]);
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
