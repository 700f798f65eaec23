import { findMinorReference } from '../../../shared/characters/adults-only';
import {
  CHARACTER_NOT_FOUND,
  LOREBOOK_LIMITS,
  lorebookInput,
  type Lorebook,
  type LorebookEntry,
} from '../../../shared/lorebooks/contract';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { readLorebookFile } from './lorebook-file';
import { changeLorebook, findLorebook, storeLorebook } from './lorebooks.repo';

/** A character's lorebook (issue 47 part 3): read, replaced, and added to from a file. */

export async function getLorebook(ctx: AppContext, userId: string, characterId: number) {
  const found = await findLorebook(ctx.db, userId, characterId);
  if (!found) throw notFound(CHARACTER_NOT_FOUND);
  return { lorebook: found.lorebook ?? null };
}

/** The whole book replaced (as the contract parsed it), or removed with null. */
export async function putLorebook(
  ctx: AppContext,
  userId: string,
  characterId: number,
  lorebook: Lorebook | null,
) {
  if (lorebook) assertAdult(lorebook);
  const stored = await storeLorebook(ctx.db, userId, characterId, lorebook);
  if (!stored) throw notFound(CHARACTER_NOT_FOUND);
  return { lorebook: stored.lorebook ?? null };
}

/** A file's entries appended to the character's book (or a new book made of them). */
export async function importLorebook(
  ctx: AppContext,
  userId: string,
  characterId: number,
  file: { bytes: Uint8Array; fileName: string },
) {
  const { book, warnings } = readLorebookFile(file.bytes, file.fileName);
  const stored = await changeLorebook(ctx.db, userId, characterId, (current) => {
    const merged = checked(appended(current, book), current?.entries.length ?? 0);
    assertAdult(merged);
    return merged;
  });
  if (!stored?.lorebook) throw notFound(CHARACTER_NOT_FOUND);
  return { lorebook: stored.lorebook, warnings };
}

/**
 * The adults-only rule (shared/characters/adults-only.ts) over every entry's content and keys,
 * as over a character's typed fields: the same message.
 */
function assertAdult(book: Lorebook) {
  for (const entry of book.entries) {
    const problem =
      findMinorReference(entry.content) ??
      findMinorReference([...entry.keys, ...entry.secondary_keys].join(', '));
    if (problem) throw badRequest(problem);
  }
}

/**
 * `imported` appended to `current` (its settings kept; a new book takes the file's). Every entry
 * gets an id no other entry of the book has, so the entries a reply used can be told apart.
 */
function appended(current: Lorebook | null, imported: Lorebook): Lorebook {
  // A new book takes the file's settings, those out of our range left to the defaults.
  const base = current ?? {
    ...imported,
    scan_depth: inRange(imported.scan_depth, LOREBOOK_LIMITS.scanDepthMax),
    token_budget: inRange(imported.token_budget, Number.MAX_SAFE_INTEGER),
    entries: [],
  };
  const taken = new Set(base.entries.map((e) => String(e.id)));
  let next = Math.max(0, ...base.entries.map((e) => (typeof e.id === 'number' ? e.id : 0)), 0) + 1;
  const entries = imported.entries.map((entry): LorebookEntry => {
    let id = entry.id;
    if (id === null || taken.has(String(id))) {
      while (taken.has(String(next))) next++;
      id = next++;
    }
    taken.add(String(id));
    return { ...entry, id };
  });
  return { ...base, entries: [...base.entries, ...entries] };
}

const inRange = (value: number | null, max: number) =>
  value !== null && Number.isInteger(value) && value >= 1 && value <= max ? value : null;

/** The merged book within the limits PUT holds a book to, or a 400 saying which entry is over. */
function checked(book: Lorebook, before: number): Lorebook {
  const added = book.entries.length - before;
  if (book.entries.length > LOREBOOK_LIMITS.entriesMax) {
    throw badRequest(
      `This file has ${added} entries and the lorebook ${before}: together they are over the ${LOREBOOK_LIMITS.entriesMax} entries a lorebook can have.`,
    );
  }
  const result = lorebookInput.safeParse(book);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const [part, index] = issue.path;
  if (part === 'entries' && typeof index === 'number') {
    const entry = book.entries[index]!;
    const label = entry.name || entry.comment || entry.keys[0];
    throw badRequest(`Entry ${index + 1}${label ? ` (${label})` : ''}: ${issue.message}`);
  }
  throw badRequest(issue.message);
}
