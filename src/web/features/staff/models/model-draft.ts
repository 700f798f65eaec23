import type { ModelList, ModelOffering } from '../../../../shared/models/contract';
import { ApiError } from '../../../lib/api';

/** A model as the form holds it: numbers as typed, so a half-typed price stays on screen. */
export interface ModelDraft {
  model: string;
  label: string;
  enabled: boolean;
  isDefault: boolean;
  creditsPerReply: string;
  inputUsdPerMillion: string;
  outputUsdPerMillion: string;
}
export type DraftField =
  | 'label'
  | 'creditsPerReply'
  | 'inputUsdPerMillion'
  | 'outputUsdPerMillion'
  | 'isDefault'
  | 'enabled';

export const draftsOf = (list: ModelList): ModelDraft[] =>
  list.models.map((m) => ({
    ...m,
    creditsPerReply: String(m.creditsPerReply),
    inputUsdPerMillion: String(m.inputUsdPerMillion),
    outputUsdPerMillion: String(m.outputUsdPerMillion),
  }));

/** A blank or unreadable number is sent as null, for the server to say what it wants there. */
const numberOf = (typed: string) => (typed.trim() === '' ? null : Number(typed));

/** The whole list in its order, as PUT /api/admin/models takes it. */
export const offeringsOf = (drafts: ModelDraft[]): ModelOffering[] =>
  drafts.map((d) => ({
    ...d,
    creditsPerReply: numberOf(d.creditsPerReply),
    inputUsdPerMillion: numberOf(d.inputUsdPerMillion),
    outputUsdPerMillion: numberOf(d.outputUsdPerMillion),
  })) as ModelOffering[];

/** `drafts` with the one at `index` moved by `by` places (the list unchanged at its ends). */
export function moved(drafts: ModelDraft[], index: number, by: -1 | 1): ModelDraft[] {
  const to = index + by;
  if (to < 0 || to >= drafts.length) return drafts;
  const next = [...drafts];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** The model at `index` made the default (only an offered one can be). */
export const withDefault = (drafts: ModelDraft[], index: number) =>
  drafts.map((d, i) => ({ ...d, isDefault: i === index }));

/**
 * The model at `index` offered or not. Taking the default off hands it to the first model still
 * offered; the first model offered becomes the default.
 */
export function withOffered(drafts: ModelDraft[], index: number, enabled: boolean): ModelDraft[] {
  const next = drafts.map((d, i) =>
    i === index ? { ...d, enabled, isDefault: enabled && d.isDefault } : d,
  );
  if (next.some((d) => d.isDefault)) return next;
  const first = next.findIndex((d) => d.enabled);
  return first < 0 ? next : withDefault(next, first);
}

export interface SaveErrors {
  /** Per model (by its place in the list), the field's message. */
  fields: Record<number, Partial<Record<DraftField, string>>>;
  /** What no field shows: the list as a whole, or the server's message. */
  form?: string;
}

/** The server's issues (`models.2.label`) placed at their fields; anything else for the form. */
export function saveErrorsOf(error: unknown): SaveErrors {
  const errors: SaveErrors = { fields: {} };
  const issues = error instanceof ApiError ? (error.issues ?? []) : [];
  for (const issue of issues) {
    const match = /^models\.(\d+)\.(\w+)$/.exec(issue.path);
    if (match) {
      const row = (errors.fields[Number(match[1])] ??= {});
      row[match[2] as DraftField] ??= issue.message;
    } else {
      errors.form ??= issue.message;
    }
  }
  if (!issues.length) errors.form = (error as Error).message;
  return errors;
}
