import { Suspense } from 'react';
import type { ChatMode } from '../../../shared/chat/rules';
import type { Notice } from '../../../shared/safety/contract';
import type { useMessages } from '../chat-data/api';
import { MessagesFailed, StoryStart } from './lazy-parts';
import { LoadEarlierButton } from './MessageParts';
import { ScenarioCard } from './StreamingReply';
import { NoticeList } from './ThreadItems';

/** A story's opening as the chat holds it: the draft, and the way back to the modes. */
export interface StoryStartDraft {
  draft: string;
  onDraft: (text: string) => void;
  /** Back to the choice of modes; absent once the conversation exists. */
  onBack?: () => void;
}

/**
 * Above the messages: earlier pages on demand; once the oldest page is on screen, the notices at
 * the top and a story's scenario; an empty conversation's story opening or greeting line.
 */
export function ThreadTop({
  history,
  onLoadOlder,
  notices,
  scenario,
  empty,
  mode,
  characterName,
  story,
}: {
  history: ReturnType<typeof useMessages>;
  onLoadOlder: () => void;
  notices: Notice[];
  scenario: string | null | undefined;
  /** No messages (and nothing starting): what to say first. */
  empty: boolean;
  mode: ChatMode;
  characterName: string;
  /** A story's first message box, unless the account is paused. */
  story: (StoryStartDraft & { busy: boolean; onStart: (text: string) => void }) | null;
}) {
  return (
    <>
      {/* The first page failed (a server error, no connection): not an empty conversation. */}
      {history.isError && !history.data && (
        <Suspense fallback={null}>
          <MessagesFailed onRetry={() => void history.refetch()} />
        </Suspense>
      )}
      {history.hasNextPage && (
        <LoadEarlierButton
          loading={history.isFetchingNextPage}
          failed={history.isFetchNextPageError}
          onClick={onLoadOlder}
        />
      )}
      {!history.hasNextPage && <NoticeList notices={notices} />}
      {scenario && !history.hasNextPage && <ScenarioCard text={scenario} />}
      {empty && mode === 'immersive' && story && (
        <Suspense fallback={null}>
          <StoryStart
            characterName={characterName}
            text={story.draft}
            onChange={story.onDraft}
            disabled={story.busy}
            onStart={story.onStart}
            onBack={story.onBack}
          />
        </Suspense>
      )}
      {empty && mode !== 'immersive' && (
        <p className="py-10 text-center text-muted">Say hello to {characterName}!</p>
      )}
    </>
  );
}
