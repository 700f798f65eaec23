/**
 * 'Mira', 'Mira and Theo', 'Mira, Theo and Ada': names as a sentence says them (a group scene's
 * title, its "not a human" notice, who talks next). One place, so every screen and notice says a
 * scene the same way.
 */
export function namesText(names: readonly string[]): string {
  if (names.length < 2) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
