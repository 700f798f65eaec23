/**
 * Avatar backgrounds for characters without a picture (a module of its own: every chat page
 * shows avatars, while the rest of ./catalog is for the character forms). White initials sit on top, so every
 * colour stop keeps at least 3:1 contrast with white (tests/unit/characters-catalog.test.ts
 * checks this).
 */
export const AVATAR_GRADIENTS = [
  { key: 'default', label: 'Default', css: 'linear-gradient(135deg, #d946ef 0%, #7c3aed 100%)' },
  { key: 'ocean', label: 'Ocean', css: 'linear-gradient(135deg, #0284c7 0%, #1e3a8a 100%)' },
  {
    key: 'jungle',
    label: 'Jungle',
    css: 'linear-gradient(135deg, #4d7c0f 0%, #15803d 50%, #065f46 100%)',
  },
  { key: 'fire', label: 'Fire', css: 'linear-gradient(135deg, #ea580c 0%, #dc2626 100%)' },
  { key: 'dusk', label: 'Dusk', css: 'linear-gradient(135deg, #db2777 0%, #4c1d95 100%)' },
  {
    key: 'lava',
    label: 'Lava',
    css: 'linear-gradient(135deg, #dc2626 0%, #7f1d1d 55%, #1c1917 100%)',
  },
  { key: 'space', label: 'Space', css: 'linear-gradient(135deg, #312e81 0%, #0f172a 100%)' },
  {
    key: 'aurora',
    label: 'Aurora',
    css: 'linear-gradient(135deg, #059669 0%, #0891b2 50%, #7c3aed 100%)',
  },
  { key: 'ruby', label: 'Ruby', css: 'linear-gradient(135deg, #e11d48 0%, #881337 100%)' },
  {
    key: 'eclipse',
    label: 'Eclipse',
    css: 'linear-gradient(135deg, #b45309 0%, #1c1917 55%, #0a0a0a 100%)',
  },
  { key: 'storm', label: 'Storm', css: 'linear-gradient(135deg, #64748b 0%, #1e293b 100%)' },
  {
    key: 'forest',
    label: 'Forest',
    css: 'linear-gradient(135deg, #166534 0%, #14532d 50%, #052e16 100%)',
  },
  {
    key: 'galaxy',
    label: 'Galaxy',
    css: 'linear-gradient(135deg, #6d28d9 0%, #be185d 50%, #1e1b4b 100%)',
  },
  { key: 'bronze', label: 'Bronze', css: 'linear-gradient(135deg, #a16207 0%, #713f12 100%)' },
  { key: 'velvet', label: 'Velvet', css: 'linear-gradient(135deg, #9d174d 0%, #581c87 100%)' },
  { key: 'abyss', label: 'Abyss', css: 'linear-gradient(135deg, #164e63 0%, #020617 100%)' },
] as const;
export type AvatarGradientKey = (typeof AVATAR_GRADIENTS)[number]['key'];
export type AvatarGradient = (typeof AVATAR_GRADIENTS)[number];

export const DEFAULT_AVATAR_GRADIENT: AvatarGradientKey = 'default';

const GRADIENT_KEYS: ReadonlySet<string> = new Set(AVATAR_GRADIENTS.map((g) => g.key));

export function isAvatarGradientKey(x: string): x is AvatarGradientKey {
  return GRADIENT_KEYS.has(x);
}
