import { BookOpen, Bot, MessageCircle, MessagesSquare } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { Character } from '../../../shared/characters/contract';
import type { ChatMode } from '../../../shared/chat/rules';
import { AiBadge } from '../characters/components/AiBadge';
import { CharacterAvatar } from '../characters/components/CharacterAvatar';
import { useProfile } from '../profile/profile-api';
import { StoryStart } from './story-lazy';

// With the chat's other persona parts, a chunk of its own: it shows only for users with personas
// besides the profile, and the chooser's files are named in the chat's first load.
const PersonaChoice = lazy(() =>
  import('../personas/chat-parts').then((m) => ({ default: m.PersonaChoice })),
);

/**
 * Before the first message: who the user is (when they have personas besides the profile), then
 * Chat Mode (Texting or Assistant) or Story Mode.
 */
export function ModeChooser({
  character,
  onChoose,
  cameBackFrom = null,
}: {
  character: Character;
  onChoose: (mode: ChatMode) => void;
  /** The mode the user just left with 'Choose another mode': its button has the focus. */
  cameBackFrom?: ChatMode | null;
}) {
  // Story Mode's parts are a chunk of their own, fetched when a pointer, finger or keyboard
  // reaches 'Start a story' (before it can be pressed), not with every chooser shown.
  const preloadStory = () => void StoryStart.preload();
  // Read with the chat page: whether there is a persona to choose (most users have none).
  const profile = useProfile(true);
  const card = 'rounded-2xl border border-border bg-surface p-5 text-left';
  const choice =
    'flex flex-1 items-center justify-center gap-2 rounded-lg border border-border px-3 py-2 text-sm font-semibold hover:border-accent';
  return (
    <div className="flex min-h-full flex-col items-center justify-center px-6 py-10 text-center">
      <CharacterAvatar
        name={character.name}
        avatarUrl={character.avatarUrl}
        avatarColor={character.avatarColor}
        size="lg"
      />
      <div className="mt-4 flex items-center gap-2">
        <h2 className="text-2xl font-bold">{character.name}</h2>
        <AiBadge />
      </div>
      <p className="mt-2 max-w-md text-muted">{character.description}</p>
      {profile.data?.personaCount ? (
        <Suspense fallback={null}>
          <PersonaChoice characterId={character.id} />
        </Suspense>
      ) : null}
      <div className="mt-8 grid w-full max-w-xl gap-4 sm:grid-cols-2">
        <section className={card} aria-labelledby="chat-mode">
          <h3 id="chat-mode" className="flex items-center gap-2 font-bold">
            <MessageCircle className="size-5 text-accent" aria-hidden /> Chat Mode
          </h3>
          <p className="mt-1 text-sm text-muted">Classic back-and-forth messaging.</p>
          <div className="mt-4 flex gap-2">
            <button type="button" className={choice} onClick={() => onChoose('texting')}>
              <MessagesSquare className="size-4" aria-hidden /> Texting
            </button>
            <button type="button" className={choice} onClick={() => onChoose('assistant')}>
              <Bot className="size-4" aria-hidden /> Assistant
            </button>
          </div>
        </section>
        <section className={card} aria-labelledby="story-mode">
          <h3 id="story-mode" className="flex items-center gap-2 font-bold">
            <BookOpen className="size-5 text-accent" aria-hidden /> Story Mode
          </h3>
          <p className="mt-1 text-sm text-muted">Immersive roleplay with suggested actions.</p>
          <button
            type="button"
            className={`${choice} mt-4 w-full`}
            onPointerEnter={preloadStory}
            onPointerDown={preloadStory}
            onFocus={preloadStory}
            // Back where the user left.
            autoFocus={cameBackFrom === 'immersive'}
            onClick={() => onChoose('immersive')}
          >
            Start a story
          </button>
        </section>
      </div>
      <p className="mt-6 text-sm text-muted">
        Select a mode to start chatting with your character!
      </p>
    </div>
  );
}
