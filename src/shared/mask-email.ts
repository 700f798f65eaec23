/**
 * Masks an e-mail for display in the user menu: the first 3 and last 3 characters of the local
 * part with '...' between them; local parts of 6 characters or fewer are shown unmasked.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length <= 6) return email;
  return `${local.slice(0, 3)}...${local.slice(-3)}${domain}`;
}
