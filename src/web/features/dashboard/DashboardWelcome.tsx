import { MessageCircleHeart } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { buttonClass } from '../../components/ui/button';
import { ImportCharacterButton } from '../character-cards/ImportCharacterButton';

// Only an empty dashboard shows the ready-made characters: their chunk is not part of the chat's
// first load (tests/build/chat-budget.test.ts).
const StarterGallery = lazy(() => import('../characters/starters/StarterGallery'));

/**
 * The main area of /chat when no character is open: a welcome, and for a new account (no
 * characters yet) 'Create Character', 'Import character' and the ready-made characters to start with (issue 45).
 */
export function DashboardWelcome({
  name,
  hasCharacters,
}: {
  name: string;
  hasCharacters: boolean;
}) {
  return (
    <div className="flex min-h-full flex-col items-center justify-center px-4 py-10 text-center sm:px-6">
      <MessageCircleHeart className="size-14 text-accent" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">Welcome, {name}</h1>
      <p className="mt-2 max-w-md text-muted">
        {hasCharacters
          ? 'Choose a character from the sidebar to start chatting.'
          : 'Create your first companion to start chatting.'}
      </p>
      {!hasCharacters && (
        <>
          <div className="mt-6 flex w-full max-w-xs flex-col gap-3 sm:w-auto sm:max-w-none sm:flex-row">
            <Link href="/create" className={buttonClass('primary', 'md', 'min-h-11')}>
              Create Character
            </Link>
            <ImportCharacterButton />
          </div>
          <Suspense fallback={null}>
            <StarterGallery title="Or start with one of ours" className="mt-10 max-w-5xl" />
          </Suspense>
        </>
      )}
    </div>
  );
}
