import { lazy, Suspense } from 'react';
import type { Character } from '../../../shared/characters/contract';
import type { ChatMode } from '../../../shared/chat/rules';
import { PictureButton } from '../pictures/pictures-lazy';
import { useSiteStatus } from '../site/site-status';
import { MessageBox } from './MessageBox';
import { PausedBanner, RemovedCharacterNotice, StoryOptions } from './lazy-parts';
import type { useChatPause } from './safety-hooks';
import type { useStoryOptions } from './use-story-options';

// Dialogs load when they open, not with the page (decision 0018).
const OutOfCreditsDialog = lazy(() =>
  import('./OutOfCreditsDialog').then((m) => ({ default: m.OutOfCreditsDialog })),
);

/**
 * Below the thread: the message box, a story's options in its place, or why there is none (the
 * account paused, `pause`; the character removed by moderation); and the out-of-credits dialog
 * when a message found no credit. Where images are configured, 'Send me a picture' sits beside
 * the message box, or above a story's options (once the conversation exists).
 */
export function ChatComposer({
  character,
  mode,
  activeId,
  pause,
  story,
  busy,
  onSend,
  outOfCredits,
  onOutOfCredits,
}: {
  character: Character;
  mode: ChatMode;
  activeId: number | null;
  pause: ReturnType<typeof useChatPause>;
  story: ReturnType<typeof useStoryOptions>;
  busy: boolean;
  onSend: (text: string) => Promise<boolean>;
  outOfCredits: boolean;
  onOutOfCredits: (open: boolean) => void;
}) {
  // An older server's status has no `pictures`: off.
  const picture = useSiteStatus().data?.features?.pictures && activeId !== null && (
    <Suspense fallback={null}>
      <PictureButton conversationId={activeId} name={character.name} disabled={busy} />
    </Suspense>
  );
  return (
    <>
      {pause !== null ? (
        <Suspense fallback={null}>
          <PausedBanner message={pause.message} />
        </Suspense>
      ) : character.removedByModeration ? (
        <Suspense fallback={null}>
          <RemovedCharacterNotice />
        </Suspense>
      ) : mode === 'immersive' ? (
        activeId !== null && (
          <Suspense fallback={null}>
            <StoryOptions
              options={story.options}
              loading={story.loadingFor === activeId}
              waiting={busy}
              disabled={busy}
              onChoose={onSend}
              onReroll={() => void story.load(activeId)}
              picture={picture}
              conversationId={activeId}
            />
          </Suspense>
        )
      ) : (
        <MessageBox
          characterId={character.id}
          name={character.name}
          directness={character.directnessLevel}
          showIntimacy={mode !== 'assistant'}
          disabled={busy}
          onSend={onSend}
          // A mode just chosen for a new conversation: what to do next is to write.
          autoFocus={activeId === null}
          picture={picture}
        />
      )}
      {outOfCredits && (
        <Suspense fallback={null}>
          <OutOfCreditsDialog open onOpenChange={onOutOfCredits} />
        </Suspense>
      )}
    </>
  );
}
