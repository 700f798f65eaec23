import { Suspense } from 'react';
import type { Character } from '../../../shared/characters/contract';
import { PageLoader } from '../../app/PageLoader';
import { ChatComposer } from './ChatComposer';
import { ChatModelBar, ChatStart } from './ChatModelBar';
import { ChatThread } from './ChatThread';
import { ReplyCostContext } from './reply-cost';
import { ConversationMissing, ScenePart } from './lazy-parts';
import { useChatView } from './use-chat-view';

/**
 * The conversation area for one character (or a group scene, shown with its first character):
 * mode choice, messages, message box or options. Its state is useChatView's (use-chat-view.ts).
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
  const view = useChatView(character, conversationId);
  const { activeId, conversation, sceneTitle, mode, model, sending } = view;

  if (view.opened && conversation.isError) {
    return <ConversationMissing characterId={character.id} read={conversation} />;
  }
  if (view.opened && !conversation.data) return <PageLoader />;
  if (mode === null) {
    return (
      <ChatStart
        character={character}
        model={model}
        onChoose={view.chooseMode}
        cameBackFrom={view.leftMode}
      />
    );
  }

  return (
    <ReplyCostContext.Provider value={model.replyCredits}>
      <div className="flex h-full flex-col">
        <ChatModelBar model={model} picker />
        <ChatThread
          {...view.thread}
          character={character}
          mode={mode}
          focusMessageId={conversationId === activeId ? focusMessageId : null}
        />
        {conversation.data?.members && (
          <Suspense fallback={null}>
            <ScenePart part="bar" scene={conversation.data} sending={sending} />
          </Suspense>
        )}
        <ChatComposer
          {...view.composer}
          // A group scene's message goes to the scene (who answers is the bar's to say).
          character={sceneTitle ? { ...character, name: 'the scene' } : character}
          mode={mode}
        />
      </div>
    </ReplyCostContext.Provider>
  );
}
