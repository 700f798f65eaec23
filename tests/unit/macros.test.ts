import { describe, expect, it } from 'vitest';
import { fillGreeting } from '../../src/shared/characters/greetings';
import { fillMacros, isFilledFrom } from '../../src/shared/characters/macros';

/** Issue 47 part 4: the card macros in a character's texts and greetings. */

const names = { user: 'Riley', char: 'Selene' };
const fill = (text: string, seed = 'conversation-1', random?: () => number) =>
  fillMacros(text, { ...names, seed, ...(random ? { random } : {}) });
/** A stand-in for Math.random that gives these draws in turn. */
const draws = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('names', () => {
  it('fills {{user}} and {{char}} in any case, with spaces inside the braces', () => {
    expect(fill('{{char}} waves at {{user}}. {{ USER }}, {{ Char }}!')).toBe(
      'Selene waves at Riley. Riley, Selene!',
    );
  });

  it('puts a name in as written, even one that looks like a replacement pattern', () => {
    expect(fillMacros('Hi {{user}}', { user: '$& $1', char: 'S', seed: 's' })).toBe('Hi $& $1');
  });

  it('keeps fillGreeting filling greetings as before', () => {
    expect(fillGreeting('Welcome, {{user}}. I am {{char}}.', names)).toBe(
      'Welcome, Riley. I am Selene.',
    );
  });
});

describe('{{random}}', () => {
  it('chooses one of the options by the draw, in both syntaxes', () => {
    expect(fill('{{random:red,green,blue}}', 's', () => 0)).toBe('red');
    expect(fill('{{random: red, green, blue}}', 's', () => 0.5)).toBe('green');
    expect(fill('{{random::a, b::c, d}}', 's', () => 0.99)).toBe('c, d');
    expect(fill('{{RANDOM::x::y}}', 's', () => 0)).toBe('x');
  });

  it('chooses anew each time the text is filled', () => {
    const random = draws(0, 0.6);
    expect(fill('{{random:cat,dog}}', 's', random)).toBe('cat');
    expect(fill('{{random:cat,dog}}', 's', random)).toBe('dog');
  });

  it('comes out as every option over many fills', () => {
    const seen = new Set(Array.from({ length: 200 }, () => fill('{{random:a,b,c}}')));
    expect([...seen].sort()).toEqual(['a', 'b', 'c']);
  });
});

describe('{{pick}}', () => {
  const options = 'one,two,three,four,five,six,seven,eight';

  it('picks the same option for the same seed, whatever the random draws', () => {
    const first = fill(`{{pick:${options}}}`, 'conv-7', () => 0);
    expect(fill(`{{pick:${options}}}`, 'conv-7', () => 0.99)).toBe(first);
    expect(fill(`{{pick::${options.replaceAll(',', '::')}}}`, 'conv-7')).toBe(first);
  });

  it('picks differently for different seeds', () => {
    const picks = new Set(
      Array.from({ length: 50 }, (_, i) => fill(`{{pick:${options}}}`, `conv-${i}`)),
    );
    expect(picks.size).toBeGreaterThan(4);
  });

  it('picks each place of the text on its own', () => {
    const text = Array.from({ length: 12 }, () => `{{pick:${options}}}`).join(' ');
    const picked = fill(text, 'conv-7').split(' ');
    expect(new Set(picked).size).toBeGreaterThan(2);
    // Stable place by place across fills.
    expect(fill(text, 'conv-7')).toBe(picked.join(' '));
  });
});

describe('{{roll}}', () => {
  const rolls = (text: string, times = 300) =>
    Array.from({ length: times }, () => Number(fill(text)));

  it('rolls one die of the sides given, d6 or a bare number', () => {
    for (const r of rolls('{{roll:d6}}'))
      expect(r >= 1 && r <= 6 && Number.isInteger(r)).toBe(true);
    expect(new Set(rolls('{{roll:d6}}')).size).toBe(6);
    for (const r of rolls('{{roll:20}}')) expect(r >= 1 && r <= 20).toBe(true);
    expect(fill('{{roll:20}}', 's', () => 0.999)).toBe('20');
    expect(fill('{{roll:D6}}', 's', () => 0)).toBe('1');
  });

  it('sums several dice', () => {
    for (const r of rolls('{{roll:2d6}}')) expect(r >= 2 && r <= 12).toBe(true);
    expect(fill('{{roll:3d10}}', 's', draws(0, 0.5, 0.95))).toBe(String(1 + 6 + 10));
  });

  it('leaves absurd or empty dice as written', () => {
    for (const text of [
      '{{roll:101d6}}',
      '{{roll:d1001}}',
      '{{roll:0d6}}',
      '{{roll:d0}}',
      '{{roll:}}',
    ])
      expect(fill(text)).toBe(text);
    expect(Number(fill('{{roll:100d1000}}'))).toBeGreaterThanOrEqual(100);
  });
});

describe('comments, unknown macros and malformed braces', () => {
  it('removes a comment without a trace', () => {
    expect(fill('Hi{{// only for the author}}!')).toBe('Hi!');
    expect(fill('Calm.{{//note: keep her shy}} Shy.')).toBe('Calm. Shy.');
    expect(fill('{{ // spaced }}Hello')).toBe('Hello');
  });

  it('leaves macros it does not know as written', () => {
    const text = '{{time}} {{getvar::x}} {{random}} {{pick:}} {{ original }}';
    expect(fill(text)).toBe(text);
  });

  it('never throws on broken braces', () => {
    for (const text of ['{{user', 'user}}', '{{{user}}}', '{{}}', '{{random:a,b', '}}{{', '{{{{']) {
      expect(() => fill(text)).not.toThrow();
    }
    expect(fill('{{user')).toBe('{{user');
    expect(fill('{{{user}}}')).toBe('{Riley}');
    expect(fill('{{}}')).toBe('{{}}');
  });

  it('leaves a text without macros as it is', () => {
    const text = 'Plain text with { single } braces.';
    expect(fill(text)).toBe(text);
  });
});

describe('isFilledFrom', () => {
  const template =
    '*{{char}} looks up.* {{random:Hi,Hello}}, {{user}}! Rolled {{roll:2d6}}.{{// x}}';

  it('knows a text filled from the template, whatever came out', () => {
    for (let i = 0; i < 20; i++) expect(isFilledFrom(template, fill(template), names)).toBe(true);
  });

  it('refuses a text that was edited or filled for someone else', () => {
    expect(isFilledFrom(template, '*Selene looks up.* Hey, Riley! Rolled 7.', names)).toBe(false);
    expect(isFilledFrom(template, '*Selene looks up.* Hi, Sam! Rolled 7.', names)).toBe(false);
    expect(isFilledFrom(template, '*Selene looks up.* Hi, Riley! Rolled .', names)).toBe(false);
  });

  it('stays quick with options that overlap', () => {
    const overlapping = '{{random:a,aa}}'.repeat(40);
    const started = performance.now();
    expect(isFilledFrom(overlapping, `${'a'.repeat(79)}b`, names)).toBe(false);
    expect(performance.now() - started).toBeLessThan(100);
  });
});
