import type { ReadCardResponse } from '../../../shared/character-cards/contract';
import { CREATE_GENDERS } from '../../../shared/characters/catalog';
import type { BasicsValues } from './components/CharacterBasics';
import { DEFAULT_EXTRAS, type Extras } from './CreateCharacterForm';

/**
 * The Create Character form's values from a card read by 'Import character' (issue 47): every
 * text whole, however long (the form says how much must be cut). Cards have no gender, so the
 * form asks, unless the card is one Reverie exported (`draft.reverie`: our own settings, each
 * already checked by the server).
 */
export function importedDraft({ draft, avatarUploadId, avatarUrl }: ReadCardResponse): {
  basics: BasicsValues;
  extras: Extras;
} {
  const ours = draft.reverie ?? {};
  const gender = CREATE_GENDERS.some((g) => g.value === ours.gender) ? ours.gender! : '';
  return {
    basics: {
      name: draft.name,
      description: draft.description,
      gender,
      personality: draft.personality,
    },
    extras: {
      avatar: {
        avatarImage: avatarUploadId,
        avatarUrl: avatarUploadId ? avatarUrl : null,
        avatarColor: ours.avatarColor ?? DEFAULT_EXTRAS.avatar.avatarColor,
      },
      sexualPreferences: ours.sexualPreferences ?? DEFAULT_EXTRAS.sexualPreferences,
      directnessLevel: ours.directnessLevel ?? DEFAULT_EXTRAS.directnessLevel,
      includeRoles: ours.includeRoles ?? DEFAULT_EXTRAS.includeRoles,
      roles: ours.roles ?? DEFAULT_EXTRAS.roles,
      greetings: draft.greetings,
    },
  };
}
