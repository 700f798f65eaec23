import { Suspense } from 'react';
import type { Notice } from '../../../shared/safety/contract';
import type { DisplayMessage } from './display-message';
import { RegenerateOffer, RememberDialog, ThreadDialogs } from './lazy-parts';
import { MessageView } from './MessageView';
import { ThreadNotice } from './ThreadNotice';
import type { useThreadActions } from './use-thread-actions';

type ThreadActions = ReturnType<typeof useThreadActions>;

/** Notices in their place in the thread (ThreadNotice.tsx). */
export function NoticeList({ notices }: { notices: Notice[] }) {
  return notices.map((notice) => <ThreadNotice key={`notice-${notice.id}`} notice={notice} />);
}

/**
 * One message of the thread with what follows it: the offer of a new reply after the user
 * edited it (while that reply is shown), and the notices sent after it.
 */
export function ThreadMessage({
  message: m,
  newest,
  asBubbles,
  fresh,
  onRetry,
  actions,
  replyShown,
  highlighted,
  notices,
}: {
  message: DisplayMessage;
  /** The end of the history: the reply there can be continued. */
  newest: boolean;
  asBubbles: boolean;
  fresh: boolean;
  onRetry: (() => void) | undefined;
  actions: ThreadActions;
  /** Whether the message with this id is on screen (the offer needs its reply shown). */
  replyShown: (id: number) => boolean;
  highlighted: boolean;
  notices: Notice[];
}) {
  const { offer } = actions;
  const id = m.id;
  return (
    <>
      <MessageView
        message={m}
        asBubbles={asBubbles}
        fresh={fresh}
        // The user's own messages and the character's replies alike (issue 45).
        onEdit={typeof id === 'number' ? (text) => actions.edit(id, text) : undefined}
        onRetry={onRetry}
        tree={actions.treeActions(m, newest)}
        highlighted={highlighted}
      />
      {offer && offer.after === id && replyShown(offer.replyId) && (
        <Suspense fallback={null}>
          <RegenerateOffer cost={actions.cost} {...offer} />
        </Suspense>
      )}
      <NoticeList notices={notices} />
    </>
  );
}

/**
 * The questions asked before deleting a message or regenerating an earlier reply, and the fact
 * 'Remember this' keeps.
 */
export function ThreadQuestions({ actions }: { actions: ThreadActions }) {
  return (
    <>
      {(actions.deleting || actions.confirming) && (
        <Suspense fallback={null}>
          <ThreadDialogs {...actions} />
        </Suspense>
      )}
      {actions.remembering && (
        <Suspense fallback={null}>
          <RememberDialog {...actions.remembering} />
        </Suspense>
      )}
    </>
  );
}
