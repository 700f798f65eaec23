import type { FieldIssue } from '../../../shared/http/error-body';

/** The messages of a refused draft, by field; `persona` for the rest. */
export type PersonaErrors = Partial<
  Record<'name' | 'description' | 'avatarImage' | 'persona', string>
>;

const FIELDS = ['name', 'description', 'avatarImage'] as const;

/** The server's (or the schema's) issues as the fields show them. */
export function errorsOf(issues: FieldIssue[] | undefined, fallback = '') {
  const errors: PersonaErrors = {};
  for (const issue of issues ?? []) {
    const field = FIELDS.find((f) => issue.path === f) ?? 'persona';
    errors[field] ??= issue.message;
  }
  if (Object.keys(errors).length === 0 && fallback) errors.persona = fallback;
  return errors;
}
