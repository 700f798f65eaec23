/** Frames the user's words as a tasteful portrait of an adult, the only kind we generate. */
export function avatarPrompt(description: string): string {
  return [
    'A tasteful, safe-for-work portrait avatar of a fictional adult character (clearly over 25).',
    'Head and shoulders, centered, soft cinematic lighting, no text, no watermark, no nudity.',
    `Character: ${description}`,
  ].join(' ');
}
