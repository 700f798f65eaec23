import type { ReadCardResponse } from '../../../shared/character-cards/contract';

/**
 * The card just read, handed from the import dialog to the Create Character form. Kept in this
 * page's memory only, never in storage (a card's text is the user's): the history entry of /create
 * holds just its key, so a reload, or /create reached any other way, opens the empty form.
 * One card at a time: a new import replaces the last.
 */
let kept: { key: string; card: ReadCardResponse } | null = null;

/** What wouter's navigate() puts in the /create history entry. */
export interface ImportedCardState {
  importedCard: string;
}

export function keepImportedCard(card: ReadCardResponse): ImportedCardState {
  const key = Math.random().toString(36).slice(2);
  kept = { key, card };
  return { importedCard: key };
}

/** The card the current history entry points at, if this page still holds it. */
export function importedCardOf(state: unknown): ReadCardResponse | null {
  const key = (state as Partial<ImportedCardState> | null)?.importedCard;
  return key && kept?.key === key ? kept.card : null;
}
