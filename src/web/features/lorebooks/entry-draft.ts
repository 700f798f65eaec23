import type { LorebookEntry } from '../../../shared/lorebooks/contract';

/** An entry as its editor holds it: keys as the comma-separated text the user types. */
export interface EntryDraft {
  name: string;
  keys: string;
  secondaryKeys: string;
  selective: boolean;
  content: string;
  enabled: boolean;
  constant: boolean;
  position: LorebookEntry['position'];
  insertionOrder: string;
  caseSensitive: boolean;
}

/** A new entry: what the card spec gives an entry left unset. */
export const NEW_ENTRY: LorebookEntry = {
  id: null,
  name: '',
  comment: '',
  keys: [],
  secondary_keys: [],
  content: '',
  enabled: true,
  insertion_order: 100,
  case_sensitive: false,
  constant: false,
  selective: false,
  priority: null,
  position: 'before_char',
  use_regex: false,
  extensions: {},
};

export const draftOf = (entry: LorebookEntry): EntryDraft => ({
  name: entry.name,
  keys: entry.keys.join(', '),
  secondaryKeys: entry.secondary_keys.join(', '),
  selective: entry.selective,
  content: entry.content,
  enabled: entry.enabled,
  constant: entry.constant,
  position: entry.position,
  insertionOrder: String(entry.insertion_order),
  caseSensitive: entry.case_sensitive,
});

const keyList = (text: string) =>
  text
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);

/**
 * The draft laid over the entry it edits: what the editor does not show (id, comment, priority,
 * extensions…) goes back as the card had it, so an export gives it back.
 */
export function entryOf(draft: EntryDraft, entry: LorebookEntry): LorebookEntry {
  const order = Number(draft.insertionOrder);
  return {
    ...entry,
    name: draft.name.trim(),
    keys: keyList(draft.keys),
    secondary_keys: keyList(draft.secondaryKeys),
    selective: draft.selective,
    content: draft.content,
    enabled: draft.enabled,
    constant: draft.constant,
    position: draft.position,
    insertion_order: draft.insertionOrder.trim() && Number.isFinite(order) ? order : 100,
    case_sensitive: draft.caseSensitive,
  };
}

/** What the list calls an entry: its name, else its first key. */
export const titleOf = (entry: LorebookEntry) =>
  entry.name.trim() || entry.keys[0] || 'Untitled entry';

/** The server's field path (`lorebook.entries.3.content`) as the editor's field, for entry `index`. */
export function fieldOf(path: string, index: number): keyof EntryDraft | 'entry' | null {
  const match = /^lorebook\.entries\.(\d+)(?:\.(\w+))?/.exec(path);
  if (!match || Number(match[1]) !== index) return null;
  const fields: Record<string, keyof EntryDraft> = {
    name: 'name',
    keys: 'keys',
    secondary_keys: 'secondaryKeys',
    content: 'content',
    insertion_order: 'insertionOrder',
  };
  return (match[2] && fields[match[2]]) || 'entry';
}
