import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Character } from '../../../shared/characters/contract';
import { greetsFirst } from '../../../shared/characters/greetings';
import { normalizeChatMode, type ChatMode } from '../../../shared/chat/rules';
import { flattenPages, useConversation, useMessages } from '../chat-data/api';
import { shownMessages, useReadMark, useRouteChange, useShownId } from './chat-view-hooks';
import { useChatPause, useNotices } from './safety-hooks';
import { useSceneTitle } from './scene-title';
import { useUnanswered } from './unanswered';
import { useModelSelection } from './use-model-selection';
import { useSendMessage } from './use-send-message';
import { useStoryOptions } from './use-story-options';

/**
 * What ChatView shows, and how it changes: the conversation on screen (the address's, else the
 * one this view just created), its reads, the Chat Mode, the message being sent or branched, the
 * story's options and draft, the model and credits. ChatView (ChatView.tsx) draws it.
 */
export function useChatView(character: Character, conversationId: number | null) {
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

  return {
    activeId,
    // An existing conversation opened by its address: wait for it (its mode decides the screen).
    opened: conversationId !== null && conversationId !== createdId,
    conversation,
    sceneTitle,
    mode,
    leftMode,
    chooseMode,
    model,
    sending,
    /** ChatThread's props, but for what ChatView adds (the character, mode, focus). */
    thread: {
      sceneTitle,
      activeId,
      history,
      scenario: conversation.data?.scenario,
      messages,
      notices: notices.data ?? [],
      paused,
      sending,
      storyStart: {
        draft: storyDraft,
        onDraft: setStoryDraft,
        onBack:
          activeId === null
            ? () => {
                setLeftMode(mode);
                setChosenMode(null);
              }
            : undefined,
      },
      branchFrom,
      onBranchFrom: setBranchFrom,
      // A story's options and scene belong to the branch now read.
      onBranchChanged: story.reset,
    },
    /** ChatComposer's props, but for the character and mode. */
    composer: {
      activeId,
      pause,
      story,
      busy: sending.busy,
      onSend: sendNext,
      outOfCredits,
      onOutOfCredits: setOutOfCredits,
    },
  };
}
