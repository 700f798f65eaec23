import type { QueryClient } from '@tanstack/react-query';
import type { Dispatch, SetStateAction } from 'react';
import { continuationJoin, type ChatMode } from '../../../shared/chat/rules';
import type { ProfileResponse } from '../../../shared/profile/contract';
import type { Notice } from '../../../shared/safety/contract';
import { toastError } from '../../components/ui/toast';
import type { ConversationDetail } from '../../../shared/chat/contract';
import { conversationKey, isOutOfCredits } from '../chat-data/api';
import { PROFILE_KEY } from '../profile/profile-api';
import type { DisplayMessage } from './display-message';
import { focusWhenShown } from './focus-when-shown';
import { reloadMessages } from './message-reload';
import {
  createConversationMutation,
  creditCheckMutation,
  generateScenarioMutation,
  replyMutation,
  runMutation,
} from './send-mutations';
import { refreshAfterPause } from './notices';
import { unansweredWrites } from './unanswered-writes';
import type { Branch, ReworkKind, SendContext } from './use-send-message';

/**
 * The send protocol of use-send-message.ts, in the chunk loaded with the first message sent (with
 * the stream reader): the chat's first load has no room for code that only runs once the user
 * sends (tests/build/chat-budget.test.ts). The hook keeps the state and checks that a send may
 * start; these run it.
 */

/** Keys for messages on their way (not stored yet). */
let pendingCount = 0;

/** Whether a send went through: 'failed' gives the text back to the box it came from. */
export type SendOutcome = 'sent' | 'kept' | 'failed';

/**
 * The hook's context and state, as one render of it holds them. NoticeCard and isChatPaused are
 * handed in rather than imported: this chunk importing lazy-parts.ts (safety-hooks.ts does) split
 * it out of the page's chunk, one more file in the first load (see lazy-parts.ts).
 */
export interface SendRun {
  ctx: SendContext;
  client: QueryClient;
  /** NoticeCard's chunk, fetched beside the stream reader (a notice can come before the reply). */
  preloadNoticeCard: () => Promise<void>;
  isChatPaused: (error: unknown) => Promise<boolean>;
  setPending: Dispatch<SetStateAction<DisplayMessage | null>>;
  setShownUpTo: Dispatch<SetStateAction<number | null>>;
  setStreaming: Dispatch<SetStateAction<string | null>>;
  setNotices: Dispatch<SetStateAction<Notice[]>>;
  setStarting: Dispatch<SetStateAction<boolean>>;
  setReworking: Dispatch<SetStateAction<{ kind: ReworkKind; id: number } | null>>;
  setReconnecting: Dispatch<SetStateAction<boolean>>;
  setSpeaker: Dispatch<SetStateAction<number | null>>;
  setFresh: Dispatch<SetStateAction<number | null>>;
}

/**
 * The persona picked on the mode chooser for the conversation about to be created (null: the
 * profile), and what forgets it once it is created. Kept in the chat's persona chunk, which the
 * chooser has loaded already; a user without personas (the profile's `personaCount`, read with
 * the chat page) picked none, and nothing is fetched.
 */
async function newChatPersona(client: QueryClient, characterId: number) {
  const profile = client.getQueryData<ProfileResponse | null>(PROFILE_KEY);
  if (!profile?.personaCount) return { personaId: null, forget: () => {} };
  const chosen = await import('../personas/chat-parts');
  return {
    personaId: chosen.personaForNewChat(characterId),
    forget: () => chosen.forgetPersonaForNewChat(characterId),
  };
}

/**
 * In a group scene (issue 51), who answers the message being sent (or writes a reply's new
 * version), as its Here-now bar chose it: that chunk is loaded already, and nothing is fetched
 * for a conversation with one character. The choice is used up; undefined lets the scene pick
 * (or a new version keep its speaker).
 */
async function sceneSpeaker(client: QueryClient, id: number) {
  if (!client.getQueryData<ConversationDetail>(conversationKey(id))?.members) return undefined;
  return (await import('./scenes/scene-parts')).takeNextSpeaker(id);
}

/** Notices sent before the reply: shown above it until the stored ones take their place. */
const noticeShower = (run: SendRun) => (notice: Notice) =>
  run.setNotices((shown) => [...shown, notice]);

/**
 * A message sent: credit check, conversation (and story scene) on first send, then the reply
 * streamed in. See useSendMessage for what shows meanwhile.
 */
export async function sendOnce(
  run: SendRun,
  text: string,
  mode: ChatMode,
  retryOf?: string,
  branch?: Branch,
): Promise<SendOutcome> {
  const { ctx, client } = run;
  const { characterId, newestStoredId } = ctx;
  const unanswered = unansweredWrites(client);
  // Nothing goes to the model, but the user's words stay in the thread (on the server, so in
  // every tab); one that could not be kept goes back to the box, and the dialog says why.
  const keep = async (conversationId: number | null): Promise<SendOutcome> => {
    ctx.onOutOfCredits();
    if (retryOf) return 'kept';
    try {
      await runMutation(client, unanswered.keep, {
        characterId,
        conversationId,
        content: text,
        afterId: newestStoredId,
      });
      return 'kept';
    } catch (error) {
      toastError(error);
      return 'failed';
    }
  };
  try {
    // A notice can come before the reply: its card is fetched beside the stream reader.
    void run.preloadNoticeCard();
    if (!(await runMutation(client, creditCheckMutation(), run.isChatPaused))) {
      return await keep(ctx.activeId);
    }
  } catch (error) {
    if (await run.isChatPaused(error)) refreshAfterPause(client, ctx.activeId);
    else toastError(error);
    return 'failed';
  }
  let id = ctx.activeId;
  // Moving what was typed before the conversation existed: a message sent again waits for it,
  // or the move's answer (still listing that message) could land after it is forgotten.
  let moved: Promise<unknown> = Promise.resolve();
  // Until the server answers, nothing of this message has been stored.
  let accepted = false;
  try {
    if (id === null) {
      run.setStarting(true);
      const model = ctx.pickedModel ?? undefined;
      const persona = await newChatPersona(client, characterId);
      id = await runMutation(client, createConversationMutation(client), {
        characterId,
        chatMode: mode,
        model,
        personaId: persona.personaId,
      });
      persona.forget();
      // What was typed before the conversation existed belongs to it now.
      moved = runMutation(client, unanswered.move, { characterId, conversationId: id }).catch(
        () => {},
      );
      // Open it at once, so a failure below does not leave an unseen empty conversation.
      ctx.onCreated(id);
    }
    // A story needs its opening scene first (again, if generating it failed last time); a new
    // first message (an edit saved as a new branch) begins a new story with a scene of its own.
    if (mode === 'immersive' && (!ctx.scenario || branch?.parentId === null)) {
      await runMutation(client, generateScenarioMutation(client), { id, text });
    }
    if (retryOf) {
      // Forgotten before it is sent, so no other tab offers to send it a second time.
      await moved;
      await runMutation(client, unanswered.drop, {
        characterId,
        conversationId: id,
        displayId: retryOf,
      });
    }
    // A branch shows the history up to where it starts; the thread's ids grow along a path.
    run.setShownUpTo(branch ? (branch.parentId ?? 0) : newestStoredId);
    run.setPending({ id: `pending-${++pendingCount}`, sender: 'user', content: text });
    const done = await runMutation(client, replyMutation(client), {
      conversationId: id,
      mode,
      action: {
        kind: 'send',
        text,
        parentId: branch?.parentId,
        after: newestStoredId,
        speakerId: await sceneSpeaker(client, id),
      },
      onAccepted: () => {
        accepted = true;
        // 'Typing…' on the server's word: it has stored the message and a reply is coming.
        run.setStreaming((s) => s ?? '');
      },
      onNotice: noticeShower(run),
      onToken: (t) => {
        run.setStarting(false);
        run.setStreaming((s) => (s ?? '') + t);
      },
      onReconnecting: run.setReconnecting,
      onSpeaker: run.setSpeaker,
    });
    ctx.onReplied(id);
    if (ctx.shownId.current === id) run.setFresh(done.messageId);
    return 'sent';
  } catch (error) {
    if (await run.isChatPaused(error)) {
      refreshAfterPause(client, id);
      return accepted ? 'sent' : 'failed';
    }
    if (isOutOfCredits(error) && !accepted) return await keep(id);
    toastError(error);
    if (id !== null) await reloadMessages(client, id).catch(() => undefined);
    // A stored message is in the thread now; one the server refused goes back to the box.
    return accepted ? 'sent' : 'failed';
  } finally {
    run.setStarting(false);
    run.setReconnecting(false);
    run.setStreaming(null);
    run.setNotices([]);
    run.setPending(null);
    run.setShownUpTo(null);
  }
}

/**
 * A new alternative of a reply (`regenerate`), or more of it (`continue`), in the conversation
 * on screen (`id`, in `mode`). See useSendMessage's `rework`.
 */
export async function rework(
  run: SendRun,
  id: number,
  mode: ChatMode,
  kind: ReworkKind,
  target: { id: number; parentId: number | null; content: string },
): Promise<void> {
  const { ctx, client } = run;
  // Pressed from the keyboard (Regenerate, Continue; its focus ring shows): the focus comes back
  // to the reply's button. Not after a pointer's or a finger's press: a reader who scrolled away
  // during the reply is not pulled back.
  const keyboard = Boolean(document.activeElement?.matches(':focus-visible'));
  const settle = () => {
    run.setReconnecting(false);
    run.setStreaming(null);
    run.setNotices([]);
    run.setShownUpTo(null);
    run.setReworking(null);
  };
  try {
    void run.preloadNoticeCard();
    if (!(await runMutation(client, creditCheckMutation(), run.isChatPaused))) {
      return ctx.onOutOfCredits();
    }
    // The reply's bubbles are not revealed again: a continued one keeps those already read.
    run.setFresh(null);
    run.setReworking({ kind, id: target.id });
    const before = kind === 'continue' ? target.content : '';
    let addition = '';
    const done = await runMutation(client, replyMutation(client), {
      conversationId: id,
      mode,
      action: {
        kind,
        messageId: target.id,
        // A group scene's new version: by the character chosen to answer next, if one is.
        speakerId: kind === 'regenerate' ? await sceneSpeaker(client, id) : undefined,
      },
      onAccepted: () => {
        if (kind === 'continue') return run.setStreaming((s) => s ?? before);
        run.setShownUpTo(target.parentId ?? 0);
        run.setStreaming((s) => s ?? '');
      },
      onNotice: noticeShower(run),
      onToken: (t) => {
        addition += t;
        // What the server stores: the model's words trimmed, joined to the reply.
        run.setStreaming(
          kind === 'continue' ? before + continuationJoin(before, addition.trimStart()) : addition,
        );
      },
      onReconnecting: run.setReconnecting,
      onSpeaker: run.setSpeaker,
    });
    ctx.onReplied(id);
    // A new alternative is a fresh reply; a continued one was read as it grew.
    if (kind === 'regenerate' && ctx.shownId.current === id) run.setFresh(done.messageId);
    // The reply is drawn anew, the button pressed with it: the focus goes back to it.
    if (keyboard && ctx.shownId.current === id)
      focusWhenShown([done.messageId], [kind, 'regenerate']);
  } catch (error) {
    // What was on screen before the request, at once: the reply as it was.
    settle();
    await replyFailed(run, id, error);
  } finally {
    settle();
  }
}

/**
 * A new version, more of a reply, or a scene's turn that failed: the account's pause told, the
 * out-of-credits dialog, or the error shown, and the thread read again as it is stored.
 */
async function replyFailed(run: SendRun, id: number, error: unknown) {
  if (await run.isChatPaused(error)) return refreshAfterPause(run.client, id);
  if (isOutOfCredits(error)) return run.ctx.onOutOfCredits();
  toastError(error);
  await reloadMessages(run.client, id).catch(() => undefined);
}

/**
 * A group scene's characters speak without a message from the user (issue 51), one turn after
 * another ('Let them talk' is two), each streamed in below the thread as a reply is and charged
 * like one; `undefined` lets the scene pick who speaks. The first turn that fails or finds no
 * credit ends them.
 */
export async function sceneTurns(run: SendRun, speakers: (number | undefined)[]): Promise<void> {
  const { ctx, client } = run;
  const { activeId: id, mode } = ctx;
  if (id === null || mode === null) return;
  // The newest message shown; each turn's reply grows below it, then becomes it.
  let shownUpTo = ctx.newestStoredId;
  const settle = () => {
    run.setReconnecting(false);
    run.setStreaming(null);
    run.setNotices([]);
    run.setShownUpTo(null);
  };
  try {
    void run.preloadNoticeCard();
    for (const speakerId of speakers) {
      if (!(await runMutation(client, creditCheckMutation(), run.isChatPaused))) {
        return ctx.onOutOfCredits();
      }
      run.setFresh(null);
      const done = await runMutation(client, replyMutation(client), {
        conversationId: id,
        mode,
        action: { kind: 'turn', speakerId },
        onAccepted: () => {
          run.setShownUpTo(shownUpTo);
          run.setStreaming((s) => s ?? '');
        },
        onNotice: noticeShower(run),
        onToken: (t) => run.setStreaming((s) => (s ?? '') + t),
        onReconnecting: run.setReconnecting,
        onSpeaker: run.setSpeaker,
      });
      // The stored reply (loaded again with its speaker) shows; the next turn types below it.
      shownUpTo = done.messageId;
      run.setShownUpTo(shownUpTo);
      run.setStreaming((s) => (s === null ? s : ''));
      if (ctx.shownId.current === id) run.setFresh(done.messageId);
    }
    // A story's options follow the last turn.
    ctx.onReplied(id);
  } catch (error) {
    settle();
    await replyFailed(run, id, error);
  } finally {
    settle();
  }
}

/** A greeting-first character's conversation, created as a Chat Mode is chosen. */
export async function start(run: SendRun, mode: ChatMode): Promise<void> {
  const { ctx, client } = run;
  try {
    const model = ctx.pickedModel ?? undefined;
    const persona = await newChatPersona(client, ctx.characterId);
    ctx.onCreated(
      await runMutation(client, createConversationMutation(client), {
        characterId: ctx.characterId,
        chatMode: mode,
        model,
        personaId: persona.personaId,
      }),
    );
    persona.forget();
  } catch (error) {
    // The first message sent starts it instead (and is greeted then).
    toastError(error);
  }
}
