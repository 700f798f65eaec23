import { Loader2 } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { PageLoader } from '../app/PageLoader';
import { buttonClass } from '../components/ui/button';
import { useSession } from '../features/auth/session';
import { parseId } from '../../shared/ids';
import { useCharacter } from '../features/characters/api';
import { SignInPrompt } from '../features/auth/SignInPrompt';
import { usePageTitle } from '../lib/use-page-title';
import { EditCharacterForm } from '../features/characters/EditCharacterForm';

export default function EditCharacterPage() {
  usePageTitle('Edit Character');
  const { characterId } = useParams<{ characterId: string }>();
  const id = parseId(characterId);
  const { user, isLoading } = useSession();
  const character = useCharacter(user ? id : null);

  if (isLoading) return <PageLoader />;
  if (!user) return <SignInPrompt message="Please sign in to edit your character." />;
  if (character.isError || id === null) {
    return (
      <main className="flex min-h-screen items-center justify-center px-4">
        <div className="rounded-2xl border border-border bg-surface p-8 text-center">
          <h1 className="text-2xl font-bold">Character not found</h1>
          <Link href="/chat" className={buttonClass('primary', 'md', 'mt-6')}>
            Back to Chat
          </Link>
        </div>
      </main>
    );
  }
  if (!character.data) {
    return (
      <div
        role="status"
        className="fixed inset-0 flex flex-col items-center justify-center gap-3 bg-main"
      >
        <Loader2 className="size-10 animate-spin text-accent" aria-hidden />
        <p className="text-muted">Loading character…</p>
      </div>
    );
  }
  return <EditCharacterForm key={character.data.id} character={character.data} />;
}
