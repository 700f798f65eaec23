import { useParams } from 'wouter';
import { PageLoader } from '../app/PageLoader';
import { useSession } from '../features/auth/session';
import { parseId } from '../../shared/ids';
import { useCharacter } from '../features/characters/api';
import { SignInPrompt } from '../features/auth/SignInPrompt';
import { usePageTitle } from '../lib/use-page-title';
import {
  SettingsForm,
  CharacterNotFound,
  useLoadErrorToast,
} from '../features/characters/CharacterSettingsForm';

/** Route /settings/:characterId — switches, directness, preferences and roles of one character. */
export default function CharacterSettingsPage() {
  usePageTitle('Character Settings');
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoader />;
  if (!user) return <SignInPrompt message="Please sign in to change character settings." />;
  return <CharacterSettings />;
}

function CharacterSettings() {
  const { characterId } = useParams<{ characterId?: string }>();
  const id = parseId(characterId);
  const character = useCharacter(id);
  useLoadErrorToast(character.error);

  if (character.data) return <SettingsForm key={character.data.id} character={character.data} />;
  if (id === null || character.isError) return <CharacterNotFound />;
  return <PageLoader />;
}
