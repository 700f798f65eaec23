import { Suspense, useRef, useState } from 'react';
import { CHAT_LIMITS } from '../../../shared/chat/rules';
import { preloadable } from '../../lib/preloadable';
import { MessageEditor, ScenePart } from './lazy-parts';
import { Bubbles, MessageText, ReplyBubble } from './MessageParts';
import { MessageToolbar, type TreeActions } from './MessageToolbar';
import { VersionSwitcher } from './VersionSwitcher';
import type { DisplayMessage } from './display-message';

export type { TreeActions } from './MessageToolbar';

// Under the few messages that show them (message-extras.tsx): a picture the character sent, the
// 'Lore · n' of a reply that used lorebook entries, the note of a message left unanswered.
const MessageExtras = preloadable(() => import('./message-extras').then((m) => m.MessageExtras));

/**
 * Whether the pointer can hover, as the styles' hover: variants ask. On a touch screen the
 * browser's stand-in mouse events (after a tap, or as the thread scrolls under where the last
 * one was) would otherwise open an earlier message's toolbar, which on a phone takes room: the
 * thread would jump under the finger. There a tap shows it (onClick). jsdom has no matchMedia.
 */
const canHover = () =>
  typeof window.matchMedia !== 'function' || window.matchMedia('(hover: hover)').matches;

/**
 * One message with its toolbar (MessageToolbar.tsx). The toolbar shows on hover or focus and
 * stays a second after; on touch, a tap or a long press shows it (a tap on the message itself
 * too), never a hover, and a tap elsewhere hides it. Hidden, it keeps its place on wide screens
 * (nothing moves when it appears) and takes none on phones (no empty gap under each bubble). The
 * newest reply's toolbar always shows: Regenerate and Continue, with their cost, are one press
 * away. A message with a picture shows it under its text (its toolbar offers neither).
 */
export function MessageView({
  message,
  asBubbles,
  fresh,
  onEdit,
  onRetry,
  tree = {},
  highlighted = false,
}: {
  message: DisplayMessage;
  asBubbles: boolean;
  fresh: boolean;
  onEdit?: (text: string) => Promise<boolean>;
  /** For an unanswered message: send it again. */
  onRetry?: () => void;
  tree?: TreeActions;
  /** Opened from a memory's link: marked until the user moves on. */
  highlighted?: boolean;
}) {
  const [toolbar, setToolbar] = useState(false);
  const [editing, setEditing] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mine = message.sender === 'user';
  const saved = typeof message.id === 'number';
  const pinned = tree.onContinue !== undefined;

  const show = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    setToolbar(true);
    // Edit is one press away now: its editor's chunk is fetched before it is pressed.
    if (onEdit) void MessageEditor.preload();
  };
  const hideSoon = () => {
    hideTimer.current = setTimeout(() => setToolbar(false), CHAT_LIMITS.hoverToolbarMs);
  };
  const siblings = message.siblingIds ?? [];
  const place = typeof message.id === 'number' ? siblings.indexOf(message.id) : -1;

  return (
    <div
      className={`message group flex flex-col ${mine ? 'items-end' : 'items-start'} ${highlighted ? 'rounded-2xl p-2 ring-2 ring-accent' : ''}`}
      data-highlighted={highlighted || undefined}
      onMouseEnter={() => canHover() && show()}
      // Guarded as onMouseEnter: after a scroll the stand-in mouse 'leaves' a message a tap
      // opened, which hid its toolbar a second later under the user's finger. On a touch screen
      // a tap focuses the message instead (out of the Tab order), and a tap anywhere else blurs
      // it: that is what puts its toolbar away there. A scroll moves no focus.
      onMouseLeave={() => canHover() && hideSoon()}
      tabIndex={-1}
      onFocus={show}
      onBlur={hideSoon}
      onClick={show}
      onTouchStart={({ currentTarget }) => {
        pressTimer.current = setTimeout(
          () => currentTarget.focus({ preventScroll: true }),
          CHAT_LIMITS.longPressMs,
        );
      }}
      onTouchEnd={() => pressTimer.current && clearTimeout(pressTimer.current)}
      onTouchMove={() => pressTimer.current && clearTimeout(pressTimer.current)}
      data-testid={`message-${message.sender}`}
      data-message-id={saved ? message.id : undefined}
    >
      {/* Who said it, in a group scene (issue 51). */}
      {message.speakerId !== undefined && (
        <Suspense fallback={null}>
          <ScenePart part="speaker" id={message.speakerId} />
        </Suspense>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <MessageEditor
            text={message.content}
            label={mine ? 'Edit message' : 'Edit reply'}
            onEdit={onEdit}
            onEditAsBranch={tree.onEditAsBranch}
            busy={tree.busy}
            onClose={() => setEditing(false)}
          />
        </Suspense>
      ) : mine ? (
        <div
          className={`max-w-[85%] rounded-2xl rounded-tr-sm bubble-user px-4 py-2 ${message.unanswered ? 'opacity-70' : ''}`}
        >
          <MessageText text={message.content} />
        </div>
      ) : asBubbles ? (
        <Bubbles text={message.content} reveal={fresh} />
      ) : (
        <ReplyBubble text={message.content} />
      )}
      {(message.attachments?.length || message.lore?.length || message.unanswered) && (
        <Suspense fallback={null}>
          <MessageExtras message={message} onRetry={onRetry} />
        </Suspense>
      )}
      {place >= 0 && siblings.length > 1 && !editing && (
        <VersionSwitcher
          siblings={siblings}
          place={place}
          busy={tree.busy}
          onSwitch={tree.onSwitch}
        />
      )}
      {typeof message.id === 'number' && !editing && (
        <MessageToolbar
          message={{ ...message, id: message.id }}
          tree={tree}
          onEdit={onEdit ? () => setEditing(true) : undefined}
          className={`mt-1 transition-opacity ${toolbar || pinned ? 'opacity-100' : 'opacity-0 focus-within:opacity-100 max-sm:not-focus-within:sr-only'}`}
        />
      )}
    </div>
  );
}
