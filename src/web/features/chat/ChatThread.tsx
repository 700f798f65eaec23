import { lazy, Suspense, useState } from 'react';
import type { Character } from '../../../shared/characters/contract';
import type { ChatMode } from '../../../shared/chat/rules';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import type { useMessages } from './api';
import { LoadEarlierButton, MessageView, type DisplayMessage } from './MessageView';
import { useDeleteMessage, useEditMessage, useSwitchBranch } from './mutations';
import { StoryStart } from './StoryParts';
import { ScenarioCard, StreamingReply } from './StreamingReply';
import { useMessageScroll } from './use-message-scroll';
import type { useSendMessage } from './use-send-message';

// The confirmation loads when it opens: Radix Dialog is not part of the chat's first load.
const Dialog = lazy(() =>
  import('../../components/ui/dialog').then((m) => ({ default: m.Dialog })),
);

/**
 * The scrolling list of one conversation: earlier pages on demand, a story's scenario, the
 * messages, and the reply on its way.
 */
export function ChatThread({
  character,
  mode,
  activeId,
  history,
  scenario,
  messages,
  sending,
  storyDraft,
  onStoryDraft,
}: {
  character: Character;
  mode: ChatMode;
  activeId: number | null;
  history: ReturnType<typeof useMessages>;
  scenario: string | null | undefined;
  messages: DisplayMessage[];
  sending: ReturnType<typeof useSendMessage>;
  storyDraft: string;
  onStoryDraft: (text: string) => void;
}) {
  const { busy, starting, streaming, send, rework } = sending;
  const editMessage = useEditMessage();
  const switchBranch = useSwitchBranch();
  const deleteMessage = useDeleteMessage();
  const [deleting, setDeleting] = useState<number | null>(null);
  const treeBusy = busy || switchBranch.isPending || deleteMessage.isPending;
  const failed = (error: unknown) =>
    toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
  const { bottom, scroller, loadOlder, onScroll } = useMessageScroll({
    newestId: messages.at(-1)?.id,
    streaming,
    mode,
    oldestId: messages[0]?.id,
    canLoadOlder: history.hasNextPage && !history.isFetchingNextPage,
    fetchOlder: () => void history.fetchNextPage(),
  });

  /** Resolves true when saved; the inline editor stays open (with the draft) otherwise. */
  const edit = async (messageId: number, text: string) => {
    if (activeId === null) return false;
    try {
      await editMessage.mutateAsync({ messageId, text, conversationId: activeId });
      toast({ title: 'Message edited', description: 'Updated successfully' });
      return true;
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
      return false;
    }
  };

  /** The tree actions a stored message offers (the newest reply can also be continued). */
  const treeActions = (m: DisplayMessage, newest: boolean) => {
    if (typeof m.id !== 'number' || activeId === null) return undefined;
    const id = m.id;
    const parentId = m.parentId ?? null;
    const stored = { id, parentId, content: m.content };
    const ai = m.sender === 'ai';
    return {
      busy: treeBusy,
      onSwitch: (messageId: number) =>
        switchBranch.mutateAsync({ conversationId: activeId, messageId }).catch(failed),
      onRegenerate: ai && parentId !== null ? () => void rework('regenerate', stored) : undefined,
      onContinue: ai && newest ? () => void rework('continue', stored) : undefined,
      onDelete: () => setDeleting(id),
      onEditAsBranch: ai ? undefined : (text: string) => send(text, undefined, { parentId }),
    };
  };
  const removeMessage = async () => {
    if (deleting === null || activeId === null) return;
    try {
      await deleteMessage.mutateAsync({ conversationId: activeId, messageId: deleting });
      toast({ title: 'Message deleted' });
    } catch (error) {
      failed(error);
    }
    setDeleting(null);
  };

  const bubbles = mode === 'texting' || mode === 'message';
  const empty = (activeId === null || history.isSuccess) && messages.length === 0;
  return (
    <div
      ref={scroller}
      data-testid="message-scroller"
      className="flex-1 overflow-y-auto px-4 py-6"
      aria-live="polite"
      onScroll={onScroll}
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        {history.hasNextPage && (
          <LoadEarlierButton loading={history.isFetchingNextPage} onClick={loadOlder} />
        )}
        {scenario && !history.hasNextPage && <ScenarioCard text={scenario} />}
        {empty && mode === 'immersive' && !starting && (
          <StoryStart
            text={storyDraft}
            onChange={onStoryDraft}
            disabled={busy}
            onStart={(text) => void send(text)}
          />
        )}
        {empty && mode !== 'immersive' && !starting && (
          <p className="py-10 text-center text-muted">Say hello to {character.name}!</p>
        )}
        {messages.map((m, i) => (
          <MessageView
            key={m.id}
            message={m}
            asBubbles={bubbles && m.sender === 'ai'}
            fresh={sending.fresh === m.id}
            onEdit={
              m.sender === 'user' && typeof m.id === 'number'
                ? (text) => edit(m.id as number, text)
                : undefined
            }
            onRetry={m.unanswered && !busy ? () => void send(m.content, String(m.id)) : undefined}
            tree={treeActions(m, i === messages.length - 1)}
          />
        ))}
        <StreamingReply streaming={streaming} starting={starting} bubbles={bubbles} />
        <div ref={bottom} />
      </div>
      {deleting !== null && (
        <Suspense fallback={null}>
          <Dialog
            open
            onOpenChange={(open) => !open && !deleteMessage.isPending && setDeleting(null)}
            title="Delete this message?"
            description="This message and everything after it, on every branch, will be deleted. This cannot be undone."
          >
            <div className="flex justify-end gap-3">
              <Button
                variant="secondary"
                disabled={deleteMessage.isPending}
                onClick={() => setDeleting(null)}
              >
                Cancel
              </Button>
              <Button
                variant="destructive"
                disabled={deleteMessage.isPending}
                onClick={() => void removeMessage()}
              >
                {deleteMessage.isPending ? 'Deleting...' : 'Delete'}
              </Button>
            </div>
          </Dialog>
        </Suspense>
      )}
    </div>
  );
}
