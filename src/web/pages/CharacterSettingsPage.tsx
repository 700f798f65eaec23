import { Redirect, useParams } from 'wouter';
import { CHAT_SETTINGS_ANCHOR, editPath } from '../features/characters/edit-path';

/**
 * Route /settings/:characterId, kept for old links and bookmarks: a character's settings are on
 * its one edit page now, where this leads (in place of this address in the history).
 */
export default function CharacterSettingsPage() {
  const { characterId = '' } = useParams<{ characterId?: string }>();
  return <Redirect to={editPath(encodeURIComponent(characterId), CHAT_SETTINGS_ANCHOR)} replace />;
}
