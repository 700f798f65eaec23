import type { Lorebook, LorebookEntry } from '../../src/shared/lorebooks/contract';

/** A lorebook entry as the server sends it, with `changes`. */
export const entry = (changes: Partial<LorebookEntry>): LorebookEntry => ({
  id: 1,
  name: '',
  comment: 'kept',
  keys: [],
  secondary_keys: [],
  content: '',
  enabled: true,
  insertion_order: 100,
  case_sensitive: false,
  constant: false,
  selective: false,
  priority: 5,
  position: 'before_char',
  use_regex: false,
  extensions: { tool: { kept: true } },
  ...changes,
});

/** Mira's book: one entry, 'Lamp'. */
export const BOOK: Lorebook = {
  name: 'Coast lore',
  description: '',
  scan_depth: 4,
  token_budget: 512,
  recursive_scanning: false,
  extensions: {},
  entries: [
    entry({ name: 'Lamp', keys: ['lighthouse', 'lamp'], content: 'The lamp never fails.' }),
  ],
};
