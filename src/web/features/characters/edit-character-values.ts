import { useLocation } from 'wouter';
import {
  CHARACTER_PREFERENCES,
  DEFAULT_DIRECTNESS,
  MAX_DIRECTNESS,
  MIN_DIRECTNESS,
  type CharacterPreference,
} from '../../../shared/characters/catalog';
import type { Character } from '../../../shared/characters/contract';
import { characterFields, editCharacterFormSchema } from '../../../shared/characters/schemas';
import type { BasicsValues } from './components/CharacterBasics';
import type { ChatStyle } from './components/ChatStyleFields';

/** The edit form's own fields: the basics, the type kept as it is, and the voice (issue 50). */
export const editFormSchema = editCharacterFormSchema.extend({ voice: characterFields.voice });
export type EditFormValues = BasicsValues & { type: string; voice: string | null };

/** The edit page's part beyond the basics, avatar and greetings: what Settings held. */
export interface ChatSettingsValues extends ChatStyle {
  emojis: boolean;
  actionMessages: boolean;
}

const PREFERENCE_SET: ReadonlySet<string> = new Set(CHARACTER_PREFERENCES);
export const isPreference = (p: string): p is CharacterPreference => PREFERENCE_SET.has(p);

/** The stored character's settings, with defaults for anything an older record may lack. */
export function initialChatSettings(character: Character): ChatSettingsValues {
  const c = character as Partial<Omit<Character, 'settings'>> & {
    settings?: Partial<Character['settings']> | null;
  };
  const level = typeof c.directnessLevel === 'number' ? Math.round(c.directnessLevel) : NaN;
  return {
    emojis: c.settings?.emojis ?? true,
    actionMessages: c.settings?.actionMessages ?? true,
    directnessLevel:
      level >= MIN_DIRECTNESS && level <= MAX_DIRECTNESS ? level : DEFAULT_DIRECTNESS,
    sexualPreferences: Array.isArray(c.sexualPreferences) ? c.sexualPreferences : [],
    roles: Array.isArray(c.roles) ? c.roles : [],
    includeRoles: c.includeRoles ?? false,
  };
}

/**
 * Whether "back" stays on this site. The Navigation API only lists same-origin entries, so it
 * also catches a tab opened straight onto this page; elsewhere fall back to the history length.
 */
function canGoBackInApp() {
  const navigation = (window as { navigation?: { canGoBack?: unknown } }).navigation;
  return typeof navigation?.canGoBack === 'boolean'
    ? navigation.canGoBack
    : window.history.length > 1;
}

/**
 * Leaving the edit page without saving (Cancel, the corner's ×): back where the user came from,
 * or to the character's chat when the page was opened on its own. Changes are discarded without
 * asking: Cancel says as much.
 */
export function useLeaveWithoutSaving(characterId: number) {
  const [, navigate] = useLocation();
  return () => {
    if (canGoBackInApp()) window.history.back();
    else navigate(`/chat?character=${characterId}`);
  };
}

/** The chat settings as the character's update takes them. */
export function chatSettingsInput(settings: ChatSettingsValues) {
  return {
    settings: { emojis: settings.emojis, actionMessages: settings.actionMessages },
    directnessLevel: settings.directnessLevel,
    sexualPreferences: settings.sexualPreferences.filter(isPreference),
    roles: settings.roles,
    includeRoles: settings.includeRoles,
  };
}
