import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { continuationJoin, type ChatMode } from '../../../shared/chat/rules';
import type { Notice } from '../../../shared/safety/contract';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { reloadMessages } from './message-cache';
import type { DisplayMessage } from './display-message';
import { useCreateConversation, useCreditCheck, useGenerateScenario, useReply } from './mutations';
import { NoticeCard } from './lazy-parts';
import { refreshAfterPause } from './notices';
import { isChatPaused } from './safety-hooks';
import { useUnansweredWrites } from './unanswered';

const FRESH_MS = 5000;
/** Keys for messages on their way (not stored yet). */
let pendingCount = 0;

/** What can be asked of a stored reply: a new alternative, or more of it. */
type ReworkKind = 'regenerate' | 'continue';

/** A message sent as a new branch: after `parentId` (null: a new first message). */
export interface Branch {
  parentId: number | null;
}

/** Whether a send went through: 'failed' gives the text back to the box it came from. */
type SendOutcome = 'sent' | 'kept' | 'failed';

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
  const creditCheck = useCreditCheck();
  const create = useCreateConversation();
  const scenario = useGenerateScenario();
  const reply = useReply();
  const unanswered = useUnansweredWrites();
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
  const [notices, setNotices] = useState<Notice[]>([]);
  // (A self-declared minor's message is refused with a 403, never streamed: see isChatPaused.)
  const onNotice = (notice: Notice) => setNotices((shown) => [...shown, notice]);
  const [starting, setStarting] = useState(false);
  // A regenerate or a continue asked for (its reply stays on screen until the server takes it);
  // a continued reply grows in its own place, `streaming` its whole text so far.
  const [reworking, setReworking] = useState<{ kind: ReworkKind; id: number } | null>(null);
  // The reply's connection dropped and is being made again: 'Reconnecting…' under it.
  const [reconnecting, setReconnecting] = useState(false);
  // The newest reply is 'new' for 5 s: its texting bubbles are revealed one by one.
  const [fresh, setFresh] = useState<number | null>(null);
  useEffect(() => {
    if (fresh === null) return;
    const timer = setTimeout(() => setFresh(null), FRESH_MS);
    return () => clearTimeout(timer);
  }, [fresh]);
  const busy = streaming !== null || starting || reworking !== null;

  const sendOnce = async (
    text: string,
    mode: ChatMode,
    retryOf?: string,
    branch?: Branch,
  ): Promise<SendOutcome> => {
    const { characterId, newestStoredId } = ctx;
    // Nothing goes to the model, but the user's words stay in the thread (on the server, so in
    // every tab); one that could not be kept goes back to the box, and the dialog says why.
    const keep = async (conversationId: number | null): Promise<SendOutcome> => {
      ctx.onOutOfCredits();
      if (retryOf) return 'kept';
      try {
        await unanswered.keep.mutateAsync({
          characterId,
          conversationId,
          content: text,
          afterId: newestStoredId,
        });
        return 'kept';
      } catch (error) {
        toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
        return 'failed';
      }
    };
    try {
      // A notice can come before the reply: its card is fetched beside the stream reader.
      void NoticeCard.preload();
      if (!(await creditCheck.mutateAsync(isChatPaused))) return await keep(ctx.activeId);
    } catch (error) {
      if (await isChatPaused(error)) refreshAfterPause(client, ctx.activeId);
      else toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
      return 'failed';
    }
    let id = ctx.activeId;
    // Until the server answers, nothing of this message has been stored.
    let accepted = false;
    try {
      if (id === null) {
        setStarting(true);
        const model = ctx.pickedModel ?? undefined;
        id = await create.mutateAsync({ characterId, chatMode: mode, model });
        // What was typed before the conversation existed belongs to it now.
        void unanswered.move.mutateAsync({ characterId, conversationId: id }).catch(() => {});
        // Open it at once, so a failure below does not leave an unseen empty conversation.
        ctx.onCreated(id);
      }
      // A story needs its opening scene first (again, if generating it failed last time); a new
      // first message (an edit saved as a new branch) begins a new story with a scene of its own.
      if (mode === 'immersive' && (!ctx.scenario || branch?.parentId === null)) {
        await scenario.mutateAsync({ id, text });
      }
      if (retryOf) {
        // Forgotten before it is sent, so no other tab offers to send it a second time.
        await unanswered.drop.mutateAsync({ characterId, conversationId: id, displayId: retryOf });
      }
      // A branch shows the history up to where it starts; the thread's ids grow along a path.
      setShownUpTo(branch ? (branch.parentId ?? 0) : newestStoredId);
      setPending({ id: `pending-${++pendingCount}`, sender: 'user', content: text });
      const done = await reply.mutateAsync({
        conversationId: id,
        mode,
        action: { kind: 'send', text, parentId: branch?.parentId, after: newestStoredId },
        onAccepted: () => {
          accepted = true;
          // 'Typing…' on the server's word: it has stored the message and a reply is coming.
          setStreaming((s) => s ?? '');
        },
        onNotice,
        onToken: (t) => {
          setStarting(false);
          setStreaming((s) => (s ?? '') + t);
        },
        onReconnecting: setReconnecting,
      });
      ctx.onReplied(id);
      if (ctx.shownId.current === id) setFresh(done.messageId);
      return 'sent';
    } catch (error) {
      if (await isChatPaused(error)) {
        refreshAfterPause(client, id);
        return accepted ? 'sent' : 'failed';
      }
      if (error instanceof ApiError && error.status === 403 && !accepted) {
        return await keep(id);
      }
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Something went wrong.',
        variant: 'destructive',
      });
      if (id !== null) await reloadMessages(client, id).catch(() => undefined);
      // A stored message is in the thread now; one the server refused goes back to the box.
      return accepted ? 'sent' : 'failed';
    } finally {
      setStarting(false);
      setReconnecting(false);
      setStreaming(null);
      setNotices([]);
      setPending(null);
      setShownUpTo(null);
    }
  };

  /**
   * Resolves true unless the text should go back where the user typed it. With `branch` the
   * message starts a new branch after that message (an edit saved as a new branch).
   */
  const send = async (text: string, retryOf?: string, branch?: Branch): Promise<boolean> => {
    if (!text.trim() || busy || !ctx.mode || inFlight.current) return false;
    inFlight.current = true;
    try {
      return (await sendOnce(text, ctx.mode, retryOf, branch)) !== 'failed';
    } finally {
      inFlight.current = false;
    }
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
    const id = ctx.activeId;
    if (busy || !ctx.mode || id === null || inFlight.current) return;
    inFlight.current = true;
    const settle = () => {
      setReconnecting(false);
      setStreaming(null);
      setNotices([]);
      setShownUpTo(null);
      setReworking(null);
    };
    try {
      void NoticeCard.preload();
      if (!(await creditCheck.mutateAsync(isChatPaused))) return ctx.onOutOfCredits();
      // The reply's bubbles are not revealed again: a continued one keeps those already read.
      setFresh(null);
      setReworking({ kind, id: target.id });
      const before = kind === 'continue' ? target.content : '';
      let addition = '';
      const done = await reply.mutateAsync({
        conversationId: id,
        mode: ctx.mode,
        action: { kind, messageId: target.id },
        onAccepted: () => {
          if (kind === 'continue') return setStreaming((s) => s ?? before);
          setShownUpTo(target.parentId ?? 0);
          setStreaming((s) => s ?? '');
        },
        onNotice,
        onToken: (t) => {
          addition += t;
          // What the server stores: the model's words trimmed, joined to the reply.
          setStreaming(
            kind === 'continue'
              ? before + continuationJoin(before, addition.trimStart())
              : addition,
          );
        },
        onReconnecting: setReconnecting,
      });
      ctx.onReplied(id);
      // A new alternative is a fresh reply; a continued one was read as it grew.
      if (kind === 'regenerate' && ctx.shownId.current === id) setFresh(done.messageId);
    } catch (error) {
      // What was on screen before the request, at once: the reply as it was.
      settle();
      if (await isChatPaused(error)) return refreshAfterPause(client, id);
      if (error instanceof ApiError && error.status === 403) return ctx.onOutOfCredits();
      toast({
        title: 'Error',
        description: error instanceof Error ? error.message : 'Something went wrong.',
        variant: 'destructive',
      });
      await reloadMessages(client, id).catch(() => undefined);
    } finally {
      settle();
      inFlight.current = false;
    }
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
      const model = ctx.pickedModel ?? undefined;
      ctx.onCreated(
        await create.mutateAsync({ characterId: ctx.characterId, chatMode: mode, model }),
      );
    } catch (error) {
      // The first message sent starts it instead (and is greeted then).
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
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
    busy,
    fresh,
  };
}
