import { describe, expect, it } from 'vitest';
import type { Lorebook, LorebookEntry } from '../../src/shared/character-cards/contract';
import { buildChatPromptParts, type PromptInput } from '../../src/server/prompts/chat.prompt';
import { LORE_SHARE } from '../../src/server/prompts/chat/budget';
import { chooseLore } from '../../src/server/prompts/chat/lore';
import { looksSafe } from '../../src/server/prompts/chat/lore-keys';
import { estimateTextTokens } from '../../src/server/prompts/tokens';

/**
 * Issue 47 part 3: a character's lorebook in the reply's prompt. An entry goes in when one of its
 * keys is in the newest messages (or it is constant), in insertion order within the budget, just
 * before or after the character's section.
 */

let ids = 0;
function entry(content: string, fields: Partial<LorebookEntry> = {}): LorebookEntry {
  return {
    id: ++ids,
    name: '',
    comment: '',
    keys: [],
    secondary_keys: [],
    content,
    enabled: true,
    insertion_order: 100,
    case_sensitive: false,
    constant: false,
    selective: false,
    priority: null,
    position: 'before_char',
    use_regex: false,
    extensions: {},
    ...fields,
  };
}

const bookOf = (entries: LorebookEntry[], fields: Partial<Lorebook> = {}): Lorebook => ({
  name: 'Coast lore',
  description: '',
  scan_depth: null,
  token_budget: null,
  recursive_scanning: false,
  extensions: {},
  entries,
  ...fields,
});

const base: PromptInput = {
  character: {
    name: 'Mira',
    gender: 'female',
    description: 'A lighthouse keeper on a stormy coast.',
    personality: 'Patient, dry humour, fond of tea.',
    directnessLevel: 1,
    sexualPreferences: [],
    roles: [],
    includeRoles: false,
    settings: { emojis: false, actionMessages: false },
  },
  profile: { name: 'Riley', gender: 'Non-binary', sexualPreferences: [] },
  mode: 'texting',
  scenario: null,
  memories: [],
  history: [{ sender: 'user', content: 'Hello' }],
  contextTokens: 8192,
};

const said = (...texts: string[]) =>
  texts.map((content, i) => ({ sender: i % 2 ? ('ai' as const) : ('user' as const), content }));

/** The system message of a prompt with `book`, after `history`. */
function systemWith(book: Lorebook, history = said('Hello')) {
  const built = buildChatPromptParts({ ...base, history, lore: book });
  return { system: built.messages[0]!.content, used: built.lore };
}

describe('which entries a prompt carries', () => {
  const lamp = entry('The lamp has not failed in forty years.', { keys: ['lighthouse'] });

  it('an entry whose key is in the newest messages, not one whose key is not', () => {
    const harbour = entry('The harbour froze once.', { keys: ['harbour'] });
    const { system, used } = systemWith(
      bookOf([lamp, harbour]),
      said('Tell me about the LIGHTHOUSE.'),
    );
    expect(system).toContain('The lamp has not failed in forty years.');
    expect(system).not.toContain('The harbour froze once.');
    expect(used).toEqual([{ id: lamp.id, name: 'lighthouse' }]);
  });

  it('only within the scan depth: a key said earlier than that is not looked at', () => {
    const history = said('The lighthouse?', 'Yes.', 'Go on.', 'Well…', 'And then?');
    expect(systemWith(bookOf([lamp]), history).system).not.toContain('forty years');
    expect(systemWith(bookOf([lamp], { scan_depth: 5 }), history).system).toContain('forty years');
    // The default depth is four messages: the fourth from the end is still scanned.
    expect(systemWith(bookOf([lamp]), history.slice(0, 4)).system).toContain('forty years');
  });

  it('whole words, and case only where the entry asks for it', () => {
    const cat = entry('Whiskers is the lighthouse cat.', { keys: ['cat'] });
    expect(systemWith(bookOf([cat]), said('We concatenate strings.')).system).not.toContain(
      'Whiskers',
    );
    expect(systemWith(bookOf([cat]), said('Where is the Cat?')).system).toContain('Whiskers');

    const strict = entry('Ada is the ship.', { keys: ['Ada'], case_sensitive: true });
    expect(systemWith(bookOf([strict]), said('ada, are you there?')).system).not.toContain(
      'Ada is the ship.',
    );
    expect(systemWith(bookOf([strict]), said('Ada, are you there?')).system).toContain(
      'Ada is the ship.',
    );
    // Scripts without spaces between words match anywhere in the text.
    const tower = entry('The tower is white.', { keys: ['灯台'] });
    expect(systemWith(bookOf([tower]), said('あの灯台は古い')).system).toContain('white');
  });

  it('a selective entry needs one of its secondary keys too', () => {
    const storm = entry('In storms the lamp is lit at noon.', {
      keys: ['lamp'],
      secondary_keys: ['storm', 'gale'],
      selective: true,
    });
    expect(systemWith(bookOf([storm]), said('Is the lamp on?')).system).not.toContain('at noon');
    expect(systemWith(bookOf([storm]), said('Is the lamp on in this gale?')).system).toContain(
      'at noon',
    );
  });

  it('a constant entry always; a disabled one never, whatever is said', () => {
    const always = entry('The coast is in Cornwall.', { constant: true });
    const off = entry('The keeper has a secret.', { keys: ['secret'], enabled: false });
    const offConstant = entry('Nobody lives here.', { constant: true, enabled: false });
    const { system } = systemWith(bookOf([always, off, offConstant]), said('Any secret?'));
    expect(system).toContain('The coast is in Cornwall.');
    expect(system).not.toContain('The keeper has a secret.');
    expect(system).not.toContain('Nobody lives here.');
  });

  it('regular expression keys, with their flags; an unsafe or invalid one is skipped', () => {
    const dragons = entry('Dragons nest on the cliffs.', {
      keys: ['/drag(?:on|oon)s?/i'],
      use_regex: true,
    });
    expect(systemWith(bookOf([dragons]), said('A DRAGOON rode by.')).system).toContain(
      'Dragons nest',
    );
    expect(systemWith(bookOf([dragons]), said('A dragnet.')).system).not.toContain('Dragons nest');

    const catastrophic = entry('Never.', { keys: ['/(a+)+$/'], use_regex: true });
    const invalid = entry('Nor this.', { keys: ['/(unclosed/'], use_regex: true });
    const long = entry('Too long.', { keys: [`/${'a'.repeat(300)}/`], use_regex: true });
    const { system } = systemWith(
      bookOf([catastrophic, invalid, long]),
      said(`${'a'.repeat(5000)}!`),
    );
    expect(system).not.toMatch(/Never\.|Nor this\.|Too long\./);
    expect(looksSafe('(a+)+$')).toBe(false);
    expect(looksSafe('(x|x)*y')).toBe(false);
    expect(looksSafe('(\\w)\\1')).toBe(false);
    expect(looksSafe('drag(?:on|oon)s?')).toBe(true);

    // Without use_regex a key in slashes is plain text.
    const plain = entry('Slashes.', { keys: ['/drag/'] });
    expect(systemWith(bookOf([plain]), said('a dragon')).system).not.toContain('Slashes.');
  });

  it('a slow expression that slips past the checks runs out of time instead of holding the reply', () => {
    const slow = entry('Slow.', { keys: ['/\\w*\\w*\\w*c/'], use_regex: true });
    const quick = entry('Quick.', { keys: ['/lamp/'], use_regex: true });
    const started = performance.now();
    const { system } = systemWith(bookOf([slow, quick]), said(`${'a'.repeat(4000)} lamp`));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(system).not.toContain('Slow.');
    expect(system).toContain('Quick.');
  });
});

describe('order, budget and placement', () => {
  it('in insertion order, ties by priority (higher first)', () => {
    const third = entry('Third.', { constant: true, insertion_order: 30 });
    const first = entry('First.', { constant: true, insertion_order: 10 });
    const secondLow = entry('Second, low.', { constant: true, insertion_order: 20, priority: 1 });
    const secondHigh = entry('Second, high.', {
      constant: true,
      insertion_order: 20,
      priority: 9,
    });
    const { system, used } = systemWith(bookOf([third, first, secondLow, secondHigh]));
    expect(system).toContain('World information:\nFirst.\nSecond, high.\nSecond, low.\nThird.');
    expect(used.map((u) => u.id)).toEqual([first.id, secondHigh.id, secondLow.id, third.id]);
  });

  it('within the book’s token budget, and never over the window’s share', () => {
    const long = 'The keeper logs every ship that passes the point in a leather book. '.repeat(4);
    const a = entry(`A: ${long}`, { constant: true, insertion_order: 1 });
    const b = entry(`B: ${long}`, { constant: true, insertion_order: 2 });
    const c = entry('C: short.', { constant: true, insertion_order: 3 });
    const budget = estimateTextTokens(`\n\nWorld information:\nA: ${long}\nC: short.`) + 2;
    const { system, used } = systemWith(bookOf([a, b, c], { token_budget: budget }));
    expect(used.map((u) => u.id)).toEqual([a.id, c.id]);
    expect(system).not.toContain('B: ');

    // A book asking for more than the share gets the share: 10 % of a 4096 window.
    const many = Array.from({ length: 40 }, (_, i) =>
      entry(`${i}: ${long}`, { constant: true, insertion_order: i }),
    );
    const chosen = chooseLore(
      bookOf(many, { token_budget: 100_000 }),
      said('Hi'),
      { contextTokens: 4096, room: 4000 },
      { user: 'Riley', char: 'Mira', seed: 's' },
    );
    expect(chosen.used.length).toBeGreaterThan(0);
    expect(chosen.used.length).toBeLessThan(40);
    expect(estimateTextTokens(`\n\n${chosen.before!}`)).toBeLessThanOrEqual(
      Math.floor(4096 * LORE_SHARE),
    );
  });

  it('before_char entries just before the character, after_char just after it', () => {
    const before = entry('The coast is in Cornwall.', { constant: true });
    const after = entry('{{char}} keeps a cat for {{user}}.', {
      constant: true,
      position: 'after_char',
    });
    const parts = systemWith(bookOf([before, after])).system.split('\n\n');
    const character = parts.findIndex((p) => p.startsWith('You are Mira (female).'));
    expect(parts[character - 1]).toBe('World information:\nThe coast is in Cornwall.');
    expect(parts[character + 1]).toBe('World information:\nMira keeps a cat for Riley.');
  });

  it('no book, no lore and nothing used', () => {
    const built = buildChatPromptParts({ ...base, lore: null });
    expect(built.messages[0]!.content).not.toContain('World information');
    expect(built.lore).toEqual([]);
  });
});
