/**
 * The persona chosen on the mode chooser for a character's next conversation, kept until the
 * send protocol creates it (with the first message, or as a greeting-first Chat Mode starts),
 * which passes it as `personaId`. Held here, in the chooser's and the protocol's chunks, rather
 * than in the chat view: the chat's first load has no room for it (tests/build/chat-budget).
 * Unset is the profile.
 */
const chosen = new Map<number, number>();

export const personaForNewChat = (characterId: number): number | null =>
  chosen.get(characterId) ?? null;

/** `personaId` null: the profile. */
export function choosePersonaForNewChat(characterId: number, personaId: number | null) {
  if (personaId === null) chosen.delete(characterId);
  else chosen.set(characterId, personaId);
}

/** The conversation exists: the next one starts as the profile again. */
export const forgetPersonaForNewChat = (characterId: number) => void chosen.delete(characterId);
