import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { Character } from '../../../shared/characters/contract';
import { greetsFirst } from '../../../shared/characters/greetings';
import { LLM_SETUP_EXAMPLE, normalizeChatMode, type ChatMode } from '../../../shared/chat/rules';
import { PageLoader } from '../../app/PageLoader';
import { flattenPages, useConversation, useMessages } from './api';
import { ChatThread } from './ChatThread';
import { MessageBox } from './MessageBox';
import { ModeChooser } from './ModeChooser';
import { ConversationMissing, NoModelNotice, PausedBanner, StoryOptions } from './lazy-parts';
import { useChatPause, useNotices } from './safety-hooks';
import { unansweredKey, useUnanswered, withUnanswered } from './unanswered';
import { useModelSelection } from './use-model-selection';
import { useSendMessage } from './use-send-message';
import { useStoryOptions } from './use-story-options';

// Staff only (STAFF_EMAILS): everyone else never needs it.
const ModelPicker = lazy(() => import('./ModelPicker').then((m) => ({ default: m.ModelPicker })));

// Dialogs load when they open, not with the page (decision 0018).
const OutOfCreditsDialog = lazy(() =>
  import('./OutOfCreditsDialog').then((m) => ({ default: m.OutOfCreditsDialog })),
);

/** The conversation area for one character: mode choice, messages, message box or options. */
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
  const shownId = useRef(activeId);
  useEffect(() => {
    shownId.current = activeId;
  }, [activeId]);
  const conversation = useConversation(activeId);
  const history = useMessages(activeId);
  const notices = useNotices(activeId);
  // A paused account (a self-declared minor): why, in the message box's place.
  const pause = useChatPause();
  const paused = pause !== null;
  const [chosenMode, setChosenMode] = useState<ChatMode | null>(null);
  const mode: ChatMode | null = conversation.data
    ? normalizeChatMode(conversation.data.chatMode)
    : chosenMode;
  const [storyDraft, setStoryDraft] = useState('');
  // 'Branch from here': the reply the next message follows instead of the end of the history.
  const [branchFrom, setBranchFrom] = useState<number | null>(null);
  const [outOfCredits, setOutOfCredits] = useState(false);
  const noCredits = () => setOutOfCredits(true);
  const unanswered = useUnanswered(unansweredKey(activeId, character.id));
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
  const [seenRoute, setSeenRoute] = useState(conversationId);
  if (conversationId !== seenRoute) {
    setSeenRoute(conversationId);
    if (conversationId !== createdId) {
      setCreatedId(null);
      setChosenMode(null);
      story.reset();
      sending.reset();
      model.reset();
      setStoryDraft('');
      setBranchFrom(null);
    }
  }

  const { shownUpTo, busy } = sending;
  const stored = allStored.filter((m) => shownUpTo === null || m.id <= shownUpTo);
  const messages = withUnanswered(stored, unanswered);
  if (sending.pending) messages.push(sending.pending);
  const notice = !model.available && (
    <Suspense fallback={null}>
      <NoModelNotice staff={model.staff} example={LLM_SETUP_EXAMPLE} />
    </Suspense>
  );
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
      <div className="flex h-full flex-col">
        {notice}
        <div className="min-h-0 flex-1">
          <ModeChooser character={character} onChoose={chooseMode} />
        </div>
      </div>
    );
  }

  return (
    <div className="flex h-full flex-col">
      {notice}
      {model.canChoose && (
        <Suspense fallback={null}>
          <ModelPicker
            models={model.models}
            value={model.value}
            onChange={(m) => void model.change(m)}
          />
        </Suspense>
      )}
      <ChatThread
        character={character}
        mode={mode}
        activeId={activeId}
        history={history}
        scenario={conversation.data?.scenario}
        messages={messages}
        notices={notices.data ?? []}
        paused={paused}
        sending={sending}
        storyDraft={storyDraft}
        onStoryDraft={setStoryDraft}
        branchFrom={branchFrom}
        onBranchFrom={setBranchFrom}
        // A story's options and scene belong to the branch now read.
        onBranchChanged={story.reset}
        focusMessageId={conversationId === activeId ? focusMessageId : null}
      />
      {paused ? (
        <Suspense fallback={null}>
          <PausedBanner message={pause.message} />
        </Suspense>
      ) : mode === 'immersive' ? (
        activeId !== null && (
          <Suspense fallback={null}>
            <StoryOptions
              options={story.options}
              loading={story.loadingFor === activeId}
              waiting={busy}
              disabled={busy}
              onChoose={sendNext}
              onReroll={() => void story.load(activeId)}
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
          onSend={sendNext}
        />
      )}
      {outOfCredits && (
        <Suspense fallback={null}>
          <OutOfCreditsDialog open onOpenChange={setOutOfCredits} />
        </Suspense>
      )}
    </div>
  );
}
