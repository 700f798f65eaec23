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
import { findCharacter, type CharacterRow } from '../characters';
import { reviewCharacterAge } from '../safety';
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
  if (lorebook) {
    assertAdult(lorebook);
    await reviewNewTexts(ctx, userId, await characterOf(ctx, userId, characterId), lorebook);
  }
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
  // The rule and the limits first (as below, on the book as stored now), then the model, which
  // must not think while the row is locked. Two imports at once both land, each reviewed with
  // the book it was added to.
  const character = await characterOf(ctx, userId, characterId);
  const before = character.lorebook;
  const reviewed = checked(appended(before, book), before?.entries.length ?? 0);
  assertAdult(reviewed);
  await reviewNewTexts(ctx, userId, character, reviewed);
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

/** The user's character (its definition, card and book), or a 404. */
async function characterOf(ctx: AppContext, userId: string, characterId: number) {
  const found = await findCharacter(ctx.db, userId, characterId);
  if (!found) throw notFound(CHARACTER_NOT_FOUND);
  return found;
}

/** An entry's texts as the adults-only rule reads them: its content, and its keys. */
const textsOf = (entry: LorebookEntry) => [
  entry.content,
  [...entry.keys, ...entry.secondary_keys].join(', '),
];

/**
 * The model's second opinion on the character with its changed book, when the book brings a text
 * the stored one did not have (an entry added, or its content or keys changed): switching,
 * reordering or deleting entries adds nothing to read. The new entries come first, so the cut
 * the model reads of a long book holds them.
 */
async function reviewNewTexts(
  ctx: AppContext,
  userId: string,
  character: CharacterRow,
  next: Lorebook,
) {
  const known = new Set(character.lorebook?.entries.flatMap(textsOf));
  const isNew = (entry: LorebookEntry) => textsOf(entry).some((text) => !known.has(text));
  const added = next.entries.filter(isNew);
  if (added.length === 0) return;
  const definition = {
    name: character.name,
    type: character.type,
    description: character.description,
    personality: character.personality,
    greetings: character.greetings.join('\n\n'),
  };
  const lorebook = { ...next, entries: [...added, ...next.entries.filter((e) => !isNew(e))] };
  await reviewCharacterAge(ctx, userId, definition, { extras: character.cardExtras, lorebook });
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
