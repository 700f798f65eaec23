import { Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import type { Character } from '../../../shared/characters/contract';
import { greetsFirst } from '../../../shared/characters/greetings';
import { normalizeChatMode, type ChatMode } from '../../../shared/chat/rules';
import { PageLoader } from '../../app/PageLoader';
import { flattenPages, useConversation, useMessages } from '../chat-data/api';
import { ChatComposer } from './ChatComposer';
import { useSceneTitle } from './scene-title';
import { ChatModelBar, ChatStart } from './ChatModelBar';
import { ChatThread } from './ChatThread';
import { ReplyCostContext } from './reply-cost';
import { shownMessages, useReadMark, useRouteChange, useShownId } from './chat-view-hooks';
import { ConversationMissing, ScenePart } from './lazy-parts';
import { useChatPause, useNotices } from './safety-hooks';
import { useUnanswered } from './unanswered';
import { useModelSelection } from './use-model-selection';
import { useSendMessage } from './use-send-message';
import { useStoryOptions } from './use-story-options';

/**
 * The conversation area for one character (or a group scene, shown with its first character):
 * mode choice, messages, message box or options.
 */
export function ChatView({
  character,
  conversationId,
  focusMessageId = null,
}: {
  character: Character;
  conversationId: number | null;
  /** A message to bring into view (a memory's link). */
  focusMessageId?: number | null;
}) {
  const [, navigate] = useLocation();
  const [createdId, setCreatedId] = useState<number | null>(null);
  const activeId = conversationId ?? createdId;
  // The conversation on screen, for replies that finish after the user moved on.
  const shownId = useShownId(activeId);
  const conversation = useConversation(activeId);
  const sceneTitle = useSceneTitle(activeId);
  const history = useMessages(activeId);
  const notices = useNotices(activeId);
  // A paused account (a self-declared minor): why, in the message box's place.
  const pause = useChatPause();
  const paused = pause !== null;
  const [chosenMode, setChosenMode] = useState<ChatMode | null>(null);
  // The mode left with 'Choose another mode': the chooser gives its button the focus back.
  const [leftMode, setLeftMode] = useState<ChatMode | null>(null);
  const mode: ChatMode | null = conversation.data
    ? normalizeChatMode(conversation.data.chatMode)
    : chosenMode;
  const [storyDraft, setStoryDraft] = useState('');
  // 'Branch from here': the reply the next message follows instead of the end of the history.
  const [branchFrom, setBranchFrom] = useState<number | null>(null);
  const [outOfCredits, setOutOfCredits] = useState(false);
  const noCredits = () => setOutOfCredits(true);
  const unanswered = useUnanswered({ characterId: character.id, conversationId: activeId });
  const model = useModelSelection(activeId, conversation.data?.model);
  const story = useStoryOptions({
    shownId,
    stored: conversation.data?.currentOptions,
    onOutOfCredits: noCredits,
  });
  const allStored = flattenPages(history.data?.pages);
  const sending = useSendMessage({
    characterId: character.id,
    activeId,
    mode,
    scenario: conversation.data?.scenario,
    newestStoredId: allStored.at(-1)?.id ?? 0,
    pickedModel: model.picked,
    shownId,
    onCreated: (id) => {
      setCreatedId(id);
      navigate(`/chat/${id}?character=${character.id}`);
    },
    // Options are made even if the user has moved on: they are waiting when they come back.
    onReplied: (id) => void (mode === 'immersive' && story.load(id)),
    onOutOfCredits: noCredits,
  });
  // Another conversation opened (not the one this view just created): start from a clean slate.
  useRouteChange(conversationId, () => {
    if (conversationId === createdId) return;
    setCreatedId(null);
    setChosenMode(null);
    story.reset();
    sending.reset();
    model.reset();
    setStoryDraft('');
    setBranchFrom(null);
  });

  useReadMark(activeId, allStored.at(-1)?.id ?? 0, conversation.data);
  const messages = shownMessages(allStored, sending, unanswered);
  const chooseMode = (chosen: ChatMode) => {
    setChosenMode(chosen);
    // A character with greetings speaks first: the conversation starts with its greeting.
    if (greetsFirst(chosen, character.greetings) && model.available && !paused) {
      void sending.start(chosen);
    }
  };
  /** The next message: after the end of the history, or as a new branch after `branchFrom`. */
  const sendNext = (text: string) => {
    const branch = branchFrom !== null ? { parentId: branchFrom } : undefined;
    setBranchFrom(null);
    return sending.send(text, undefined, branch);
  };

  // An existing conversation opened by its address: wait for it (its mode decides the screen).
  const opened = conversationId !== null && conversationId !== createdId;
  if (opened && conversation.isError) return <ConversationMissing characterId={character.id} />;
  if (opened && !conversation.data) return <PageLoader />;
  if (mode === null) {
    return (
      <ChatStart
        character={character}
        model={model}
        onChoose={chooseMode}
        cameBackFrom={leftMode}
      />
    );
  }

  return (
    <ReplyCostContext.Provider value={model.replyCredits}>
      <div className="flex h-full flex-col">
        <ChatModelBar model={model} picker />
        <ChatThread
          character={character}
          sceneTitle={sceneTitle}
          mode={mode}
          activeId={activeId}
          history={history}
          scenario={conversation.data?.scenario}
          messages={messages}
          notices={notices.data ?? []}
          paused={paused}
          sending={sending}
          storyStart={{
            draft: storyDraft,
            onDraft: setStoryDraft,
            onBack:
              activeId === null
                ? () => {
                    setLeftMode(mode);
                    setChosenMode(null);
                  }
                : undefined,
          }}
          branchFrom={branchFrom}
          onBranchFrom={setBranchFrom}
          // A story's options and scene belong to the branch now read.
          onBranchChanged={story.reset}
          focusMessageId={conversationId === activeId ? focusMessageId : null}
        />
        {conversation.data?.members && (
          <Suspense fallback={null}>
            <ScenePart part="bar" scene={conversation.data} sending={sending} />
          </Suspense>
        )}
        <ChatComposer
          // A group scene's message goes to the scene (who answers is the bar's to say).
          character={sceneTitle ? { ...character, name: 'the scene' } : character}
          mode={mode}
          activeId={activeId}
          pause={pause}
          story={story}
          busy={sending.busy}
          onSend={sendNext}
          outOfCredits={outOfCredits}
          onOutOfCredits={setOutOfCredits}
        />
      </div>
    </ReplyCostContext.Provider>
  );
}
