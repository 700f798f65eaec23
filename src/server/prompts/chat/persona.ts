import type { PromptPersona, PromptProfile } from './input';

/**
 * Who the user is in a prompt (issue 47 part 5): the conversation's persona when it has one (its
 * name and description; the gender is the description's to say), else the profile. The profile's
 * preferences stay the user's own whichever persona they play: they are what the user asked
 * characters to know of their tastes, not a trait of one persona.
 */
export function promptUser(
  profile: PromptProfile | null,
  persona: PromptPersona | null | undefined,
): PromptProfile | null {
  if (!persona) return profile;
  return {
    name: persona.name,
    gender: null,
    sexualPreferences: profile?.sexualPreferences ?? [],
    description: persona.description.trim() || null,
  };
}
