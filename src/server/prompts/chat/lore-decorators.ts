import type { LorebookEntry } from '../../../shared/character-cards/contract';

/**
 * Character Card V3 decorators (issue 47): the lines at the top of a lorebook entry's content
 * that start with `@@`, each a name and an optional value (`@@scan_depth 2`,
 * `@@additional_keys a, b`). They are read here where they map to Reverie's entry fields and are
 * never part of the text that reaches the prompt. They stay in the stored content, so the editor
 * shows them and an export gives them back as they came.
 *
 * As the spec and RisuAI read them: the first line that does not start with `@@` ends them (a
 * `@@` further down is text); a name we do not know, a value that is not valid, or a second line
 * of the same name is ignored, and then the `@@@` fallback lines right after it are tried in turn
 * until one is used. Decorators for what Reverie has no place for (`@@depth`, `@@role`,
 * `@@activate_only_after`, `@@is_greeting`…) are ignored, so their fallbacks are tried.
 */

export type LorePosition = LorebookEntry['position'];

export interface EntryDecorators {
  /** `@@activate`: the entry goes in whatever was said (as a constant entry, without conditions). */
  activate: boolean;
  /** `@@dont_activate`: the entry never goes in, unless `@@activate` is there too. */
  dontActivate: boolean;
  /** `@@position`: where it goes instead of the entry's own position. */
  position: LorePosition | null;
  /** `@@additional_keys`: one of these must be found too (the spec's and RisuAI's reading). */
  additionalKeys: string[];
  /** `@@exclude_keys`: the entry does not go in when one of these is found. */
  excludeKeys: string[];
  /** `@@scan_depth`: how many of the newest messages this entry's keys are looked for in. */
  scanDepth: number | null;
}

export interface DecoratedContent {
  /** The content without its decorator lines, trimmed as the spec asks. */
  text: string;
  decorators: EntryDecorators;
}

/**
 * The spec's positions mapped to ours: the description opens the character's section, so
 * `before_desc` is just before it; `after_desc`, `personality` (the section's end) and `scenario`
 * (the next section) are nearest just after it.
 */
const POSITIONS: Record<string, LorePosition> = {
  before_desc: 'before_char',
  after_desc: 'after_char',
  personality: 'after_char',
  scenario: 'after_char',
  before_char: 'before_char',
  after_char: 'after_char',
};

const DECORATOR = /^@@(@?)([^\s@][^\s]*)?\s*(.*)$/s;

/** The entry's content read: its decorators and the text the prompt may carry. */
export function readDecorators(content: string): DecoratedContent {
  const decorators: EntryDecorators = {
    activate: false,
    dontActivate: false,
    position: null,
    additionalKeys: [],
    excludeKeys: [],
    scanDepth: null,
  };
  const start = content.length - content.trimStart().length;
  if (!content.startsWith('@@', start)) return { text: content, decorators };

  const seen = new Set<string>();
  // Whether the line before was ignored, so a `@@@` fallback line is tried.
  let tryFallback = false;
  let at = start;
  while (at < content.length) {
    const end = content.indexOf('\n', at);
    const line = content.slice(at, end === -1 ? content.length : end).trim();
    const parsed = DECORATOR.exec(line);
    if (!parsed) break;
    at = end === -1 ? content.length : end + 1;
    const [, fallback, name = '', value = ''] = parsed;
    if (fallback && !tryFallback) continue;
    const key = name.toLowerCase();
    tryFallback = name !== '' && (seen.has(key) || !apply(decorators, key, value.trim()));
    if (!tryFallback && name) seen.add(key);
  }
  return { text: content.slice(at).trim(), decorators };
}

/** Applies one decorator; false when it is not ours or its value is not valid (ignored). */
function apply(decorators: EntryDecorators, name: string, value: string): boolean {
  switch (name) {
    case 'activate':
      decorators.activate = true;
      return true;
    case 'dont_activate':
      decorators.dontActivate = true;
      return true;
    case 'position': {
      const position = POSITIONS[value.toLowerCase()];
      if (!position) return false;
      decorators.position = position;
      return true;
    }
    case 'additional_keys':
    case 'exclude_keys': {
      const keys = value
        .split(',')
        .map((key) => key.trim())
        .filter(Boolean);
      if (keys.length === 0) return false;
      decorators[name === 'additional_keys' ? 'additionalKeys' : 'excludeKeys'] = keys;
      return true;
    }
    case 'scan_depth': {
      if (!/^\d+$/.test(value)) return false;
      decorators.scanDepth = Number(value);
      return true;
    }
    default:
      return false;
  }
}
