import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ChatMode } from '../../../shared/chat/rules';
import type { Notice } from '../../../shared/safety/contract';
import { toastError } from '../../components/ui/toast';
import type { DisplayMessage } from './display-message';
import { NoticeCard } from './lazy-parts';
import { isChatPaused } from './safety-hooks';
import type { SendRun } from './send-protocol';

const FRESH_MS = 5000;

/**
 * The protocol's code and the stream reader, one chunk fetched when the first message is sent
 * (or a reply reworked, or a greeting-first conversation started), not with the chat page.
 */
const protocol = () => import('./send-protocol');
type Protocol = Awaited<ReturnType<typeof protocol>>;

/** What can be asked of a stored reply: a new alternative, or more of it. */
export type ReworkKind = 'regenerate' | 'continue';

/** A message sent as a new branch: after `parentId` (null: a new first message). */
export interface Branch {
  parentId: number | null;
}

export interface SendContext {
  characterId: number;
  /** The conversation on screen, null before its first message. */
  activeId: number | null;
  mode: ChatMode | null;
  /** A story's opening scene, once it has one. */
  scenario: string | null | undefined;
  /** The newest stored message: messages typed without credits are shown after it. */
  newestStoredId: number;
  /** Staff only: the model a conversation not created yet starts with. */
  pickedModel: string | null;
  /** The conversation on screen now (replies can finish after the user moved on). */
  shownId: RefObject<number | null>;
  onCreated: (id: number) => void;
  onReplied: (id: number) => void;
  onOutOfCredits: () => void;
}

/**
 * The send protocol: credit check, conversation (and story scene) on first send, then the reply
 * streamed in. While it runs the user's message shows as `pending`, the notices sent before the
 * reply in `notices`, and the reply grows in `streaming`. Without credits the message stays in
 * the thread, unanswered (the model is never called); a message the server refused goes back to
 * where it was typed. A paused account's refusal is no lack of credits: the pause is read again
 * (the banner replaces the box) and the thread's notices with it.
 */
export function useSendMessage(ctx: SendContext) {
  const client = useQueryClient();
  // Sends in flight, checked synchronously so a double click cannot send twice.
  const inFlight = useRef(false);
  // The message being sent, shown until the stored pair replaces it.
  const [pending, setPending] = useState<DisplayMessage | null>(null);
  // While a send is in flight, stored messages newer than this are not shown yet: the user's
  // message is already on screen as `pending`, and a history load in between must not show it
  // a second time.
  const [shownUpTo, setShownUpTo] = useState<number | null>(null);
  const [streaming, setStreaming] = useState<string | null>(null);
  // Notices sent before this reply: shown above it until the stored ones take their place.
  // (A self-declared minor's message is refused with a 403, never streamed: see isChatPaused.)
  const [notices, setNotices] = useState<Notice[]>([]);
  const [starting, setStarting] = useState(false);
  // A regenerate or a continue asked for (its reply stays on screen until the server takes it);
  // a continued reply grows in its own place, `streaming` its whole text so far.
  const [reworking, setReworking] = useState<{ kind: ReworkKind; id: number } | null>(null);
  // The reply's connection dropped and is being made again: 'Reconnecting…' under it.
  const [reconnecting, setReconnecting] = useState(false);
  // A group scene's reply on its way: who is answering (issue 51).
  const [speaker, setSpeaker] = useState<number | null>(null);
  // The newest reply is 'new' for 5 s: its texting bubbles are revealed one by one.
  const [fresh, setFresh] = useState<number | null>(null);
  useEffect(() => {
    if (fresh === null) return;
    const timer = setTimeout(() => setFresh(null), FRESH_MS);
    return () => clearTimeout(timer);
  }, [fresh]);
  const busy = streaming !== null || starting || reworking !== null;

  // What the send protocol (send-protocol.ts) works with: this render's context and setters.
  const run: SendRun = {
    ctx,
    client,
    preloadNoticeCard: NoticeCard.preload,
    isChatPaused,
    setPending,
    setShownUpTo,
    setStreaming,
    setNotices,
    setStarting,
    setReworking,
    setReconnecting,
    setSpeaker,
    setFresh,
  };

  /**
   * Runs a step of the protocol once its chunk is here, one at a time (a send, a rework; a group
   * scene's turns, asked for by its own chunk): false when another is in flight or the chunk
   * could not come (told in a toast).
   */
  const perform = async <T>(step: (p: Protocol, r: SendRun) => Promise<T>): Promise<T | false> => {
    if (busy || inFlight.current) return false;
    inFlight.current = true;
    try {
      return await step(await protocol(), run);
    } catch (error) {
      toastError(error);
      return false;
    } finally {
      inFlight.current = false;
    }
  };

  /**
   * Resolves true unless the text should go back where the user typed it. With `branch` the
   * message starts a new branch after that message (an edit saved as a new branch).
   */
  const send = async (text: string, retryOf?: string, branch?: Branch): Promise<boolean> => {
    const { mode } = ctx;
    if (!text.trim() || !mode) return false;
    const outcome = await perform((p, r) => p.sendOnce(r, text, mode, retryOf, branch));
    return outcome !== false && outcome !== 'failed';
  };

  /**
   * A new alternative of a reply (`regenerate`), or more of it (`continue`). The reply stays as
   * it is until the server takes the request. A new alternative then takes its place: the
   * history shows up to the message it answers, the new reply grows below. A continued reply
   * stays where it is and grows there, its addition joined as the server joins it when it stores
   * it; on a failure it is as it was. No splash either way: that is a new conversation's. Charged
   * like a reply; out of credits opens the dialog.
   */
  const rework = async (
    kind: ReworkKind,
    target: { id: number; parentId: number | null; content: string },
  ): Promise<void> => {
    const { activeId: id, mode } = ctx;
    if (mode && id !== null) await perform((p, r) => p.rework(r, id, mode, kind, target));
  };

  /**
   * A character with greetings speaks first: the conversation starts (with the greeting as its
   * first message, at no cost) as soon as a Chat Mode is chosen.
   */
  const start = async (mode: ChatMode): Promise<void> => {
    if (ctx.activeId !== null || busy || inFlight.current) return;
    inFlight.current = true;
    setStarting(true);
    try {
      await (await protocol()).start(run, mode);
    } catch (error) {
      toastError(error);
    } finally {
      setStarting(false);
      inFlight.current = false;
    }
  };

  /** Another conversation opened: nothing of this one's send stays on screen. */
  const reset = () => {
    setPending(null);
    setNotices([]);
    setShownUpTo(null);
    setFresh(null);
  };

  return {
    send,
    rework,
    perform,
    /** The reply being continued: it shows `streaming` in its own place. */
    continuing: reworking?.kind === 'continue' ? reworking.id : null,
    start,
    reset,
    pending,
    notices,
    shownUpTo,
    streaming,
    starting,
    reconnecting,
    speaker,
    busy,
    fresh,
  };
}
