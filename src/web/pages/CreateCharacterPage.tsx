import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { PageLoader } from '../app/PageLoader';
import { buttonClass } from '../components/ui/button';
import { useSession } from '../features/auth/session';
import type { GeneratedCharacter } from '../../shared/characters/contract';
import { type BasicsValues } from '../features/characters/components/CharacterBasics';
import { SignInPrompt } from '../features/auth/SignInPrompt';
import { usePageTitle } from '../lib/use-page-title';
import {
  EMPTY_BASICS,
  type Extras,
  DEFAULT_EXTRAS,
  CreateCharacterForm,
} from '../features/characters/CreateCharacterForm';
import { GenerateCharacterIntro } from '../features/characters/GenerateCharacterIntro';
import { importedCardOf } from '../features/character-cards/imported-card';
import { importedDraft } from '../features/characters/imported-draft';

export default function CreateCharacterPage() {
  usePageTitle('Create Character');
  const { user, isLoading } = useSession();
  // A card read by 'Import character' opens the form filled in (issue 47); a reload, without it.
  const [card] = useState(() => importedCardOf(window.history.state));
  const [step, setStep] = useState<'intro' | 'form'>(card ? 'form' : 'intro');
  const [draft, setDraft] = useState<{ basics: BasicsValues; extras: Extras }>(() =>
    card ? importedDraft(card) : { basics: EMPTY_BASICS, extras: DEFAULT_EXTRAS },
  );

  if (isLoading) return <PageLoader />;
  if (!user) return <SignInPrompt message="Please sign in to create a character." />;

  const useGenerated = (g: GeneratedCharacter) => {
    setDraft({
      basics: {
        name: g.name,
        description: g.description,
        gender: g.gender,
        personality: g.personality,
      },
      extras: {
        avatar: { avatarImage: g.avatarImage, avatarUrl: g.avatarUrl, avatarColor: g.avatarColor },
        sexualPreferences: g.sexualPreferences,
        directnessLevel: g.directnessLevel,
        includeRoles: g.includeRoles,
        roles: g.roles,
        greetings: [],
      },
    });
    setStep('form');
  };

  return (
    <main className="min-h-screen bg-main px-4 py-6 sm:py-10">
      <div className="mx-auto max-w-2xl">
        <Link href="/chat" className={buttonClass('ghost', 'sm')}>
          <ArrowLeft className="size-4" aria-hidden /> Back to Chat
        </Link>
        <h1 className="mt-4 text-3xl font-extrabold">Create New Character</h1>
        {step === 'intro' ? (
          <GenerateCharacterIntro onGenerated={useGenerated} onManual={() => setStep('form')} />
        ) : (
          <CreateCharacterForm
            // A new generation replaces the whole form.
            key={draft.basics.name}
            initialBasics={draft.basics}
            initialExtras={draft.extras}
            card={card}
          />
        )}
      </div>
    </main>
  );
}
