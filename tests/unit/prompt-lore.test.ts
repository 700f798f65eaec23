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

describe('V3 decorators at the top of an entry (issue 47 part 4)', () => {
  it('are read and never reach the prompt; one we do not know is dropped and ignored', () => {
    const lamp = entry(
      '@@scan_depth 10\n@@role assistant\n@@risu_only_thing 4, 5\n\nThe lamp has not failed.',
      { keys: ['lighthouse'] },
    );
    const { system, used } = systemWith(bookOf([lamp]), said('The lighthouse?'));
    expect(system).toContain('World information:\nThe lamp has not failed.');
    expect(system).not.toContain('@@');
    expect(system).not.toContain('risu_only_thing');
    expect(used).toEqual([{ id: lamp.id, name: 'lighthouse' }]);
  });

  it('a "@@" below the text is text, kept as written and not read', () => {
    const note = entry('The keeper writes to keeper@@coast.\n@@activate\nHe never signs.', {
      keys: ['letter'],
    });
    expect(systemWith(bookOf([note]), said('Hello')).system).not.toContain('keeper@@coast');
    expect(systemWith(bookOf([note]), said('A letter came.')).system).toContain(
      'World information:\nThe keeper writes to keeper@@coast.\n@@activate\nHe never signs.',
    );
  });

  it('@@activate: in whatever is said, even with @@dont_activate or an excluding key', () => {
    const always = entry('@@activate\nThe coast is in Cornwall.', { keys: ['never said'] });
    const both = entry('@@dont_activate\n@@activate\n@@exclude_keys storm\nGulls nest here.');
    const { system } = systemWith(bookOf([always, both]), said('A storm is coming.'));
    expect(system).toContain('The coast is in Cornwall.');
    expect(system).toContain('Gulls nest here.');
  });

  it('@@dont_activate: never, whether constant or its key is said', () => {
    const constant = entry('@@dont_activate\nNobody lives here.', { constant: true });
    const keyed = entry('@@dont_activate\nThe keeper has a secret.', { keys: ['secret'] });
    const { system, used } = systemWith(bookOf([constant, keyed]), said('Any secret?'));
    expect(system).not.toContain('Nobody lives here.');
    expect(system).not.toContain('The keeper has a secret.');
    expect(used).toEqual([]);
  });

  it('@@position: before or after the character, personality and scenario after it', () => {
    const before = entry('@@position before_desc\nBefore.', {
      constant: true,
      position: 'after_char',
    });
    const after = entry('@@position after_desc\nAfter.', { constant: true });
    const personality = entry('@@position personality\nAs a person.', { constant: true });
    const scenario = entry('@@position scenario\nIn the story.', { constant: true });
    // A place we have not: ignored, so the entry keeps its own.
    const unknown = entry('@@position pt_custom\nOwn place.', { constant: true });
    const parts = systemWith(bookOf([before, after, personality, scenario, unknown])).system.split(
      '\n\n',
    );
    const character = parts.findIndex((p) => p.startsWith('You are Mira (female).'));
    expect(parts[character - 1]).toBe('World information:\nBefore.\nOwn place.');
    expect(parts[character + 1]).toBe('World information:\nAfter.\nAs a person.\nIn the story.');
  });

  it('a @@@ fallback is used when the line before it was not, and skipped when it was', () => {
    const fallback = entry('@@depth 2\n@@@position after_desc\nFell back.', { constant: true });
    const skipped = entry('@@position before_desc\n@@@position after_desc\nFirst one.', {
      constant: true,
      position: 'after_char',
    });
    const parts = systemWith(bookOf([fallback, skipped])).system.split('\n\n');
    const character = parts.findIndex((p) => p.startsWith('You are Mira (female).'));
    expect(parts[character - 1]).toBe('World information:\nFirst one.');
    expect(parts[character + 1]).toBe('World information:\nFell back.');
  });

  it('@@additional_keys: one of them must be said too', () => {
    const storm = entry('@@additional_keys storm, gale\nIn storms the lamp is lit at noon.', {
      keys: ['lamp'],
    });
    expect(systemWith(bookOf([storm]), said('Is the lamp on?')).system).not.toContain('at noon');
    expect(systemWith(bookOf([storm]), said('Is the lamp on in this gale?')).system).toContain(
      'at noon',
    );
    // A constant entry needs no key of its own, but still one of these.
    const gale = entry('@@additional_keys gale\nGales come from the west.', { constant: true });
    expect(systemWith(bookOf([gale]), said('Calm today.')).system).not.toContain('the west');
    expect(systemWith(bookOf([gale]), said('A gale!')).system).toContain('the west');
  });

  it('@@exclude_keys: not when one of them is said, constant or not', () => {
    const lamp = entry('@@exclude_keys broken, dark\nThe lamp shines.', { keys: ['lamp'] });
    const coast = entry('@@exclude_keys dark\nThe coast is calm.', { constant: true });
    const lit = systemWith(bookOf([lamp, coast]), said('Look at the lamp.')).system;
    expect(lit).toContain('The lamp shines.');
    expect(lit).toContain('The coast is calm.');
    const dark = systemWith(bookOf([lamp, coast]), said('The lamp is dark.')).system;
    expect(dark).not.toContain('The lamp shines.');
    expect(dark).not.toContain('The coast is calm.');
  });

  it('@@scan_depth: the entry looks that far back, whatever the book says', () => {
    const history = said('The lighthouse?', 'Yes.', 'Go on.', 'Well…', 'And then?', 'Rain.');
    const near = entry('@@scan_depth 1\nNear.', { keys: ['rain'] });
    const far = entry('@@scan_depth 6\nFar.', { keys: ['lighthouse'] });
    const tooNear = entry('@@scan_depth 1\nToo near.', { keys: ['then'] });
    const { system } = systemWith(bookOf([near, far, tooNear]), history);
    expect(system).toContain('Near.');
    expect(system).toContain('Far.');
    expect(system).not.toContain('Too near.');
  });
});

describe('recursive scanning (the book’s recursive_scanning)', () => {
  const lamp = () =>
    entry('The lamp is tended by Tomas.', { keys: ['lighthouse'], insertion_order: 1 });
  const tomas = () =>
    entry('Tomas lost a brother at sea.', { keys: ['Tomas'], insertion_order: 2 });

  it('off: only what was said triggers an entry; on: the entries that went in do too', () => {
    const book = [lamp(), tomas()];
    const off = systemWith(bookOf(book), said('Tell me of the lighthouse.')).system;
    expect(off).toContain('tended by Tomas.');
    expect(off).not.toContain('lost a brother');
    const on = systemWith(
      bookOf(book, { recursive_scanning: true }),
      said('Tell me of the lighthouse.'),
    );
    expect(on.system).toContain('World information:\nThe lamp is tended by Tomas.\nTomas lost');
    expect(on.used.map((u) => u.name)).toEqual(['lighthouse', 'Tomas']);
  });

  it('a few rounds at most, and never past the budget', () => {
    // A chain: each entry names the next one's key.
    const chain = ['lighthouse', 'one', 'two', 'three', 'four', 'five'].map((key, i, keys) =>
      entry(`Link ${i} leads to ${keys[i + 1] ?? 'nothing'}.`, { keys: [key], insertion_order: i }),
    );
    const { used } = systemWith(
      bookOf(chain, { recursive_scanning: true }),
      said('The lighthouse.'),
    );
    expect(used.map((u) => u.name)).toEqual(['lighthouse', 'one', 'two', 'three']);

    const first = lamp();
    const budget = estimateTextTokens(`\n\nWorld information:\n${first.content}`) + 2;
    const tight = systemWith(
      bookOf([first, tomas()], { recursive_scanning: true, token_budget: budget }),
      said('The lighthouse.'),
    );
    expect(tight.used.map((u) => u.name)).toEqual(['lighthouse']);
  });

  it('an entry may refuse to be brought in by others, or to bring others in', () => {
    const history = said('The lighthouse.');
    const excluded = tomas();
    excluded.extensions = { exclude_recursion: true };
    expect(
      systemWith(bookOf([lamp(), excluded], { recursive_scanning: true }), history).system,
    ).not.toContain('lost a brother');
    const preventing = lamp();
    preventing.extensions = { preventRecursion: true }; // SillyTavern World Info's own name
    expect(
      systemWith(bookOf([preventing, tomas()], { recursive_scanning: true }), history).system,
    ).not.toContain('lost a brother');
  });

  it('decorators are never scanned: only the text that went in', () => {
    const lamp = entry('@@exclude_keys Tomas\nThe lamp is lit.', { keys: ['lighthouse'] });
    const { system } = systemWith(
      bookOf([lamp, tomas()], { recursive_scanning: true }),
      said('The lighthouse.'),
    );
    expect(system).toContain('The lamp is lit.');
    expect(system).not.toContain('lost a brother');
  });
});
