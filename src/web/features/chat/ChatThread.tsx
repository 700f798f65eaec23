import { GitBranch } from 'lucide-react';
import { Fragment, lazy, Suspense, useState } from 'react';
import type { Character } from '../../../shared/characters/contract';
import { excerpt, type ChatMode } from '../../../shared/chat/rules';
import type { Notice } from '../../../shared/safety/contract';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import type { useMessages } from '../chat-data/api';
import type { DisplayMessage } from './display-message';
import { LoadEarlierButton, MessageView } from './MessageView';
import { useDeleteMessage, useEditMessage, useSwitchBranch } from './mutations';
import { BranchSwitcher, FocusMessage, StoryStart } from './lazy-parts';
import { ThreadNotice } from './ThreadNotice';
import { threadNotices } from './notices';
import { ScenarioCard, StreamingReply } from './StreamingReply';
import { useMessageScroll } from './use-message-scroll';
import { memoryTextOf, useAddMemory } from '../memories/api';
import type { useSendMessage } from './use-send-message';

// The confirmation loads when it opens: Radix Dialog is not part of the chat's first load.
const Dialog = lazy(() =>
  import('../../components/ui/dialog').then((m) => ({ default: m.Dialog })),
);

/**
 * The scrolling list of one conversation: earlier pages on demand, a story's scenario, the
 * messages with the notices that follow them, and the reply on its way.
 */
export function ChatThread({
  character,
  mode,
  activeId,
  history,
  scenario,
  messages,
  notices,
  paused,
  sending,
  storyDraft,
  onStoryDraft,
  branchFrom,
  onBranchFrom,
  onBranchChanged,
  focusMessageId,
}: {
  character: Character;
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
  storyDraft: string;
  onStoryDraft: (text: string) => void;
  /** 'Branch from here': the reply the next message follows (the thread ends there meanwhile). */
  branchFrom: number | null;
  onBranchFrom: (messageId: number | null) => void;
  /** Another branch is read now (a version chosen, a message deleted). */
  onBranchChanged: () => void;
  /** A message to bring into view (a memory's link). */
  focusMessageId: number | null;
}) {
  const { busy, starting, streaming, send, rework } = sending;
  const editMessage = useEditMessage();
  const switchBranch = useSwitchBranch();
  const deleteMessage = useDeleteMessage();
  const addMemory = useAddMemory(character.id);
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

  const remember = (messageId: number, content: string) =>
    addMemory
      .mutateAsync({ content: memoryTextOf(content), messageId })
      .then(
        () => toast({ title: 'Remembered', description: `${character.name} will remember this.` }),
        failed,
      );

  /** The tree actions a stored message offers (the newest reply can also be continued). */
  const treeActions = (m: DisplayMessage, newest: boolean) => {
    if (typeof m.id !== 'number' || activeId === null) return undefined;
    const id = m.id;
    const parentId = m.parentId ?? null;
    const stored = { id, parentId, content: m.content };
    const ai = m.sender === 'ai';
    const asks = !paused; // a paused account's reply requests are refused
    return {
      busy: treeBusy,
      onSwitch: (messageId: number) =>
        switchBranch
          .mutateAsync({ conversationId: activeId, messageId })
          .then(onBranchChanged, failed),
      onRegenerate:
        asks && ai && parentId !== null ? () => void rework('regenerate', stored) : undefined,
      onContinue: asks && ai && newest ? () => void rework('continue', stored) : undefined,
      onDelete: () => setDeleting(id),
      onEditAsBranch:
        asks && !ai ? (text: string) => send(text, undefined, { parentId }) : undefined,
      onRemember: () => void remember(id, m.content),
      onBranchFrom: asks && ai && !newest ? () => onBranchFrom(id) : undefined,
    };
  };
  const removeMessage = async () => {
    if (deleting === null || activeId === null) return;
    try {
      await deleteMessage.mutateAsync({ conversationId: activeId, messageId: deleting });
      onBranchChanged();
      toast({ title: 'Message deleted' });
    } catch (error) {
      failed(error);
    }
    setDeleting(null);
  };

  // The message a memory's link names, once found (marked while the address names it).
  const [found, setFound] = useState<number | null>(null);
  const focused = focusMessageId === null ? null : found;

  // Branching from a reply: the thread shows the path up to it until the next message is sent.
  const cut = branchFrom === null ? -1 : messages.findIndex((m) => m.id === branchFrom);
  const shown = cut >= 0 ? messages.slice(0, cut + 1) : messages;
  const bubbles = mode === 'texting' || mode === 'message';
  const empty = (activeId === null || history.isSuccess) && messages.length === 0;
  // Each notice after the message it follows, if that message is shown (null: the top); one
  // sent with the reply on its way, while the message it follows is not shown yet, above it.
  const placed = threadNotices(notices, sending.notices);
  const at = (id: number | string | null) => placed.filter((n) => n.afterMessageId === id);
  const incoming = sending.notices.filter(
    (n) => n.afterMessageId !== null && !shown.some((m) => m.id === n.afterMessageId),
  );
  return (
    <div
      ref={scroller}
      data-testid="message-scroller"
      className="flex-1 overflow-y-auto px-4 py-6"
      aria-live="polite"
      onScroll={onScroll}
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-4">
        {/* Forks are rare: their menu is a part of its own (lazy-parts.ts). */}
        {shown.some((m) => (m.siblingIds?.length ?? 0) > 1) && (
          <Suspense fallback={null}>
            <BranchSwitcher messages={shown} excerpt={excerpt} />
          </Suspense>
        )}
        {history.hasNextPage && (
          <LoadEarlierButton loading={history.isFetchingNextPage} onClick={loadOlder} />
        )}
        {/* The top of the conversation is on screen only once its oldest page is. */}
        {!history.hasNextPage && <NoticeList notices={at(null)} />}
        {scenario && !history.hasNextPage && <ScenarioCard text={scenario} />}
        {empty && mode === 'immersive' && !starting && !paused && (
          <Suspense fallback={null}>
            <StoryStart
              text={storyDraft}
              onChange={onStoryDraft}
              disabled={busy}
              onStart={(text) => void send(text)}
            />
          </Suspense>
        )}
        {empty && mode !== 'immersive' && !starting && (
          <p className="py-10 text-center text-muted">Say hello to {character.name}!</p>
        )}
        {shown.map((m) => (
          <Fragment key={m.id}>
            <MessageView
              message={m}
              asBubbles={bubbles && m.sender === 'ai'}
              fresh={sending.fresh === m.id}
              onEdit={
                m.sender === 'user' && typeof m.id === 'number'
                  ? (text) => edit(m.id as number, text)
                  : undefined
              }
              onRetry={
                m.unanswered && !busy && !paused
                  ? () => void send(m.content, String(m.id))
                  : undefined
              }
              tree={treeActions(m, m.id === messages.at(-1)?.id)}
              highlighted={m.id === focused}
            />
            <NoticeList notices={at(m.id)} />
          </Fragment>
        ))}
        {cut >= 0 && (
          <p
            role="status"
            className="flex flex-wrap items-center justify-center gap-2 rounded-xl border border-dashed border-border px-3 py-2 text-sm text-muted"
          >
            <GitBranch className="size-4" aria-hidden />A new branch starts here: your next message
            begins it. The other branch is kept.
            <button
              type="button"
              className="font-semibold text-accent underline-offset-2 hover:underline"
              onClick={() => onBranchFrom(null)}
            >
              Cancel
            </button>
          </p>
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
              switchBranch={switchBranch}
              onFound={setFound}
            />
          </Suspense>
        )}
        <StreamingReply
          streaming={streaming}
          starting={starting}
          bubbles={bubbles}
          reconnecting={sending.reconnecting}
          inPlace={sending.continuing !== null}
        />
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

/** Notices in their place in the thread (ThreadNotice.tsx). */
function NoticeList({ notices }: { notices: Notice[] }) {
  return notices.map((notice) => <ThreadNotice key={`notice-${notice.id}`} notice={notice} />);
}
