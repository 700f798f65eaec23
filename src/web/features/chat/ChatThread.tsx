import { Suspense, useEffect, useState } from 'react';
import type { Character } from '../../../shared/characters/contract';
import type { ChatMode } from '../../../shared/chat/rules';
import type { Notice } from '../../../shared/safety/contract';
import type { useMessages } from '../chat-data/api';
import type { DisplayMessage } from './display-message';
import { ForksBar } from './ForksBar';
import { useNoSplashOver } from './ChatSplash';
import { BranchFromNotice, FocusMessage, StartingSplash } from './lazy-parts';
import { NoticeList, ThreadMessage, ThreadQuestions } from './ThreadItems';
import { threadNotices } from './notices';
import { StreamingReply } from './StreamingReply';
import { ThreadTop, type StoryStartDraft } from './ThreadTop';
import { useMessageScroll } from './use-message-scroll';
import type { useSendMessage } from './use-send-message';
import { useThreadActions } from './use-thread-actions';

/**
 * The scrolling list of one conversation: earlier pages on demand, a story's scenario, the
 * messages with the notices that follow them, and the reply on its way.
 */
export function ChatThread({
  character,
  sceneTitle,
  mode,
  activeId,
  history,
  scenario,
  messages,
  notices,
  paused,
  sending,
  storyStart,
  branchFrom,
  onBranchFrom,
  onBranchChanged,
  focusMessageId,
}: {
  character: Character;
  /** A group scene's name (scene-title.ts): whom the empty thread and a story's start address. */
  sceneTitle: string | null;
  mode: ChatMode;
  activeId: number | null;
  history: ReturnType<typeof useMessages>;
  scenario: string | null | undefined;
  messages: DisplayMessage[];
  /** The conversation's stored notices (decision 0042). */
  notices: Notice[];
  /** The account is paused: nothing that asks for a reply is offered. */
  paused: boolean;
  sending: ReturnType<typeof useSendMessage>;
  storyStart: StoryStartDraft;
  /** 'Branch from here': the reply the next message follows (the thread ends there meanwhile). */
  branchFrom: number | null;
  onBranchFrom: (messageId: number | null) => void;
  /** Another branch is read now (a version chosen, a message deleted). */
  onBranchChanged: () => void;
  /** A message to bring into view (a memory's link). */
  focusMessageId: number | null;
}) {
  const { busy, starting, streaming, send } = sending;
  const actions = useThreadActions({
    character,
    activeId,
    paused,
    sending,
    messages,
    onBranchFrom,
    onBranchChanged,
  });
  const { bottom, scroller, loadOlder, onScroll } = useMessageScroll({
    newestId: messages.at(-1)?.id,
    streaming,
    mode,
    oldestId: messages[0]?.id,
    canLoadOlder: history.hasNextPage && !history.isFetchingNextPage,
    fetchOlder: () => void history.fetchNextPage(),
  });

  // The message a memory's link names, once found (marked while the address names it).
  const [found, setFound] = useState<number | null>(null);
  const focused = focusMessageId === null ? null : found;

  // Branching from a reply: the thread shows the path up to it until the next message is sent.
  const cut = branchFrom === null ? -1 : messages.findIndex((m) => m.id === branchFrom);
  const shown = cut >= 0 ? messages.slice(0, cut + 1) : messages;
  useNoSplashOver(shown.length > 0);
  const bubbles = mode === 'texting' || mode === 'message';
  const empty = (activeId === null || history.isSuccess) && messages.length === 0;
  // A new conversation's first message shows the opening splash: fetched ahead.
  const fresh = messages.length <= 1;
  useEffect(() => {
    if (fresh) void StartingSplash.preload();
  }, [fresh]);
  // Each notice after the message it follows, if that message is shown (null: the top); one
  // sent with the reply on its way, while the message it follows is not shown yet, above it.
  const placed = threadNotices(notices, sending.notices);
  const at = (id: number | string | null) => placed.filter((n) => n.afterMessageId === id);
  const incoming = sending.notices.filter(
    (n) => n.afterMessageId !== null && !shown.some((m) => m.id === n.afterMessageId),
  );
  return (
    <>
      <ForksBar messages={shown} />
      <div
        ref={scroller}
        data-testid="message-scroller"
        className="flex-1 overflow-y-auto px-4 py-6"
        aria-live="polite"
        onScroll={onScroll}
      >
        <div className="mx-auto flex max-w-3xl flex-col gap-4">
          {/* The top of the conversation is on screen only once its oldest page is. */}
          <ThreadTop
            history={history}
            onLoadOlder={loadOlder}
            notices={at(null)}
            scenario={scenario}
            empty={empty && !starting}
            mode={mode}
            characterName={sceneTitle ?? character.name}
            story={paused ? null : { ...storyStart, busy, onStart: (text) => void send(text) }}
          />
          {shown.map((m) => (
            <ThreadMessage
              key={m.id}
              message={m}
              newest={m.id === messages.at(-1)?.id}
              asBubbles={bubbles && m.sender === 'ai'}
              fresh={sending.fresh === m.id}
              onRetry={
                m.unanswered && !busy && !paused
                  ? () => void send(m.content, String(m.id))
                  : undefined
              }
              actions={actions}
              replyShown={(id) => shown.some((r) => r.id === id)}
              highlighted={m.id === focused}
              notices={at(m.id)}
            />
          ))}
          {cut >= 0 && (
            <Suspense fallback={null}>
              <BranchFromNotice onCancel={() => onBranchFrom(null)} />
            </Suspense>
          )}
          {/* Sent before the reply, while the message they follow is still on its way. */}
          <NoticeList notices={incoming} />
          {focusMessageId !== null && (
            <Suspense fallback={null}>
              <FocusMessage
                messageId={focusMessageId}
                conversationId={activeId}
                messages={messages}
                history={history}
                switchBranch={actions.switchBranch}
                onFound={setFound}
              />
            </Suspense>
          )}
          <StreamingReply
            streaming={streaming}
            starting={starting}
            bubbles={bubbles}
            reconnecting={sending.reconnecting}
            speakerId={sending.speaker}
            inPlace={sending.continuing !== null}
          />
          <div ref={bottom} />
        </div>
        <ThreadQuestions actions={actions} />
      </div>
    </>
  );
}
