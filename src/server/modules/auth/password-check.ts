import type { PersonalInfo } from '../../../shared/password-rule';

/**
 * The shared password rule (src/shared/password-rule.ts), loaded with the first password it
 * checks: zxcvbn and its dictionaries take about 0.4 s to load and unpack, which every start of
 * the server would otherwise pay.
 */
export async function passwordProblem(
  password: string,
  personal: PersonalInfo = {},
): Promise<string | null> {
  const rule = await import('../../../shared/password-rule');
  return rule.passwordProblem(password, personal);
}
