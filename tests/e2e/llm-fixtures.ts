import sharp from 'sharp';

/** What the language-model stand-in answers to "generate a character" in browser tests. */
export const E2E_CHARACTER = {
  name: 'Captain Mara Vex',
  description: 'A daring sky-pirate captain with a scar and a soft spot for rogues.',
  gender: 'female',
  personality: 'Bold, sarcastic and fiercely loyal. Speaks in nautical slang and flirts boldly.',
  sexualPreferences: ['Adventure', 'Teasing'],
  directnessLevel: 3,
  roles: ['Pirate'],
};

/** A 256 px portrait-like picture for generated avatars. */
export function e2eAvatarImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#a21caf"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#g)"/>
    <circle cx="128" cy="100" r="48" fill="#fde68a"/>
    <rect x="60" y="160" width="136" height="96" rx="48" fill="#fde68a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
