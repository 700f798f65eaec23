import { MESSAGE_NOT_FOUND, type ReplyJsonResult } from '../../../shared/chat/contract';
import type { Notice } from '../../../shared/safety/contract';
import {
  CHAT_LIMITS,
  continuationJoin,
  conversationTitle,
  normalizeChatMode,
} from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { isMissingReference } from '../../db/sql-errors';
import { badRequest, notFound, serviceUnavailable } from '../../errors';
import { LLM_EMPTY, LLM_NOT_CONFIGURED, LlmError, type Completion } from '../../integrations/llm';
import {
  refundCharge,
  settleCharge,
  STALE_CHARGE_MS,
  takeCredit,
} from '../credits/credits.service';
import type { CharacterRow } from '../characters/characters.repo';
import type { ReplyGuard } from '../safety/reply-guard';
import type { ScreenMode } from '../safety/message-screen';
import {
  noticesForReply,
  noticesForWithheldReply,
  replyCare,
  requireChatAllowed,
  screenForCrisis,
  screenUserMessage,
  withheldReplyText,
} from '../safety/safety.service';
import { buildChatPrompt, CONTINUE_INSTRUCTION } from '../../prompts/chat.prompt';
import { MODEL_SETTINGS } from '../../prompts/model-settings';
import {
  appendToMessage,
  findMessage,
  storeMessage,
  type ConversationRow,
  type MessageRow,
} from './chat.repo';
import { contextTokensOf, loadConversationWithCharacter } from './conversation-context';
import {
  readPromptContext,
  storeMessageAndReadPrompt,
  type PromptContext,
  type PromptRead,
} from './prompt-context.repo';
import { queueSummaryIfDue } from './memory.service';
import { storeReplyAndSettle } from './reply.repo';
import { resolveModel } from './model-policy';

/**
 * A reply is a pipeline of named steps: screen the user's message (the crisis protocol, decision
 * 0042), find what it answers (refusing early), charge one credit, store the user's message,
 * show the notices that are due, generate (steered and checked by the protocol), and store the
 * reply with its bookkeeping and the charge's settlement in one transaction. A reply that fails
 * anywhere after the charge, or that the protocol withheld, gives the credit back. Regenerating
 * or continuing a reply are the same steps without storing a new user message.
 */

/** How many recent messages are read to fill the prompt (the budget then trims further). */
const HISTORY_WINDOW = 200;

/** What a reply answers: the conversation, its character and the model it will use. */
export interface ReplyTarget {
  conversation: ConversationRow;
  character: CharacterRow;
  model: string;
}

/** What a streamed reply tells its client as it goes. */
export interface ReplyListener {
  /** A notice shown before the reply (all of them come before the first token). */
  notice?(notice: Notice): void;
  /** Text of the reply as the protocol's guard releases it. */
  token?(text: string): void;
}

export interface PreparedReply {
  /** The user's message, stored before any reply starts. */
  userMessageId: number;
  /** Calls the model (telling `listener` the notices, then the text as it grows) and stores the reply. */
  run(listener?: ReplyListener): Promise<ReplyJsonResult>;
}

/**
 * Everything that can refuse a message happens here, before any reply starts: ownership, the
 * model allow-list, configuration, and the credit (taken atomically; no credit → 403 and the
 * model is never called). The user's message is stored at once, so it is never lost.
 */
export async function prepareReply(
  ctx: AppContext,
  userId: string,
  input: {
    message: string;
    conversationId: number;
    model?: string | undefined;
    parentId?: number | null | undefined;
  },
  mode: ScreenMode = 'chat',
): Promise<PreparedReply> {
  // Screened before anything is charged or stored: a self-declared minor is refused here (403).
  const { crisis } = await screenUserMessage(
    ctx,
    userId,
    input.conversationId,
    input.message,
    mode,
  );
  if (input.parentId === undefined) return prepareReplyAtEnd(ctx, userId, input, crisis);
  await requireChatAllowed(ctx, userId);
  // The prompt's reads depend neither on the checks nor on the credit or the stored message.
  const context = promptContext(ctx, userId, input.conversationId, input.parentId);
  const target = await targetOf(ctx, userId, input.conversationId, input.model, context);
  // A branch starts after a message of this conversation; anything else is not found.
  if (input.parentId) await requireMessageIn(ctx, userId, target, input.parentId);
  const chargeId = await takeCredit(ctx, userId, target.conversation.id);
  const userMessageId = await storeUserMessageOrRefund(ctx, userId, target, input, chargeId);
  return replyAfterUserMessage(
    ctx,
    userId,
    target,
    chargeId,
    userMessageId,
    input,
    context,
    crisis,
  );
}

/**
 * The common case, a message at the end of the history, in as few round trips as possible
 * before the model is called (issue 12): one statement takes the credit, stores the message (it
 * checks on its own that the conversation is the user's and its character still there, so a
 * refusal takes and stores nothing) and reads the prompt (thread, profile, memories, and the
 * conversation with its character; decision 0032). When no credit was taken that way (none left,
 * a period to renew, a new account) the careful path takes over.
 */
async function prepareReplyAtEnd(
  ctx: AppContext,
  userId: string,
  input: { message: string; conversationId: number; model?: string | undefined },
  crisis: boolean,
): Promise<PreparedReply> {
  // The model refusals come first: nothing may be charged or stored for a reply that cannot be.
  resolveModel(ctx, input.model, null);
  if (!ctx.llm.configured) throw serviceUnavailable(LLM_NOT_CONFIGURED);
  const both = storeMessageAndReadPrompt(
    ctx.db,
    userId,
    input.conversationId,
    {
      content: input.message,
      titleIfNew: conversationTitle(input.message),
      model: input.model || null, // '' asks for no model in particular
    },
    promptWindow(ctx),
  );
  const context = both.then(({ read }) => read);
  context.catch(() => undefined); // awaited in run(); this only marks a refusal as handled
  let target: ReplyTarget;
  try {
    target = await targetOf(ctx, userId, input.conversationId, input.model, context);
  } catch (error) {
    // A refused conversation took nothing (the credit waits for it in the same statement); a
    // refusal found after the read (the conversation's model no longer offered) gives back the
    // credit the statement took.
    const taken = await both.then(({ stored }) => stored.chargeId).catch(() => null);
    if (taken !== null) await refundCharge(ctx, taken);
    throw error;
  }
  let { chargeId, id: userMessageId } = (await both).stored;
  if (chargeId === null) {
    // No credit was taken: none left, a period to renew, a new account, or a paused account.
    await requireChatAllowed(ctx, userId);
    chargeId = await takeCredit(ctx, userId, target.conversation.id);
    userMessageId = await storeUserMessageOrRefund(ctx, userId, target, input, chargeId);
  }
  return replyAfterUserMessage(
    ctx,
    userId,
    target,
    chargeId,
    userMessageId,
    input,
    context,
    crisis,
  );
}

async function storeUserMessageOrRefund(
  ctx: AppContext,
  userId: string,
  target: ReplyTarget,
  input: { message: string; parentId?: number | null | undefined },
  chargeId: number,
) {
  try {
    return await storeUserMessage(ctx, userId, target, input.message, input.parentId);
  } catch (error) {
    await refundCharge(ctx, chargeId);
    throw error;
  }
}

/** The reply to the user's stored message `userMessageId`, ready to run. */
function replyAfterUserMessage(
  ctx: AppContext,
  userId: string,
  target: ReplyTarget,
  chargeId: number,
  userMessageId: number,
  input: { message: string },
  context: Promise<PromptContext>,
  crisis: boolean,
) {
  const newMessage = { id: userMessageId, sender: 'user' as const, content: input.message };
  return preparedRun(ctx, userId, target, chargeId, userMessageId, {
    // The read may have seen the new message or not; either way it ends the thread once.
    thread: context.then((read) => ({
      ...read,
      history: [...read.history.filter((m) => m.id !== userMessageId), newMessage],
    })),
    crisis,
    noticesAfter: userMessageId,
    store: (reply, record, paid) =>
      storeReply(ctx, userId, record, chargeId, reply, userMessageId, paid),
  });
}

/**
 * A new alternative to the AI message `messageId` (a sibling answering the same message), which
 * becomes the end of the history. Charged like any reply.
 */
export async function prepareRegenerate(
  ctx: AppContext,
  userId: string,
  messageId: number,
): Promise<PreparedReply> {
  const { original, target, chargeId, context } = await chargeForReply(
    ctx,
    userId,
    messageId,
    (m) =>
      m.sender !== 'ai' || m.parentId === null
        ? 'Only a reply to a message can be regenerated.'
        : null,
    (m) => m.parentId!,
  );
  const answered = original.parentId!;
  return preparedRun(ctx, userId, target, chargeId, answered, {
    thread: context,
    crisis: context.then((read) => crisisOfLastMessage(ctx, userId, read, target)),
    noticesAfter: answered,
    store: (reply, record, paid) =>
      storeReply(ctx, userId, record, chargeId, reply, answered, paid),
  });
}

/** A new reply to an earlier message: that message screened again for its crisis part. */
function crisisOfLastMessage(
  ctx: AppContext,
  userId: string,
  read: PromptContext,
  target: ReplyTarget,
): Promise<boolean> | boolean {
  const last = read.history.findLast((m) => m.sender === 'user' && m.id !== 0);
  if (!last) return false;
  const mode = normalizeChatMode(target.conversation.chatMode) === 'immersive' ? 'story' : 'chat';
  return screenForCrisis(ctx, userId, last.content, mode);
}

/** More of the AI message `messageId`, appended to it (a reply that stopped short). */
export async function prepareContinue(
  ctx: AppContext,
  userId: string,
  messageId: number,
): Promise<PreparedReply> {
  const { original, target, chargeId, context } = await chargeForReply(
    ctx,
    userId,
    messageId,
    (m) => (m.sender !== 'ai' ? 'Only a reply can be continued.' : null),
    (m) => m.id,
  );
  const answered = original.parentId ?? messageId;
  return preparedRun(ctx, userId, target, chargeId, answered, {
    thread: context.then((read) => ({
      ...read,
      history: [...read.history, { id: 0, sender: 'user' as const, content: CONTINUE_INSTRUCTION }],
    })),
    crisis: context.then((read) => crisisOfLastMessage(ctx, userId, read, target)),
    noticesAfter: original.parentId,
    store: async (addition, _record, paid) => {
      const joined = continuationJoin(original.content, addition);
      const row = await appendToMessage(ctx.db, userId, messageId, joined);
      if (!row) throw notFound(MESSAGE_NOT_FOUND); // deleted while the model wrote
      if (paid) await settleCharge(ctx, chargeId);
      return { messageId, message: row.content };
    },
  });
}

/**
 * The common start of a regenerate and a continue: the user's message `messageId` (404 if not
 * theirs; 400 with the refusal `refuse` gives), its
 * conversation as a reply target, the thread up to `threadEnd` read meanwhile, and the credit.
 */
async function chargeForReply(
  ctx: AppContext,
  userId: string,
  messageId: number,
  refuse: (message: MessageRow) => string | null,
  threadEnd: (message: MessageRow) => number,
) {
  const original = await findMessage(ctx.db, userId, messageId);
  if (!original) throw notFound(MESSAGE_NOT_FOUND);
  const refusal = refuse(original);
  if (refusal) throw badRequest(refusal);
  const context = promptContext(ctx, userId, original.conversationId, threadEnd(original));
  const target = await targetOf(ctx, userId, original.conversationId, undefined, context);
  await requireChatAllowed(ctx, userId);
  const chargeId = await takeCredit(ctx, userId, target.conversation.id);
  return { original, target, chargeId, context };
}

async function requireMessageIn(
  ctx: AppContext,
  userId: string,
  target: ReplyTarget,
  messageId: number,
) {
  const found = await findMessage(ctx.db, userId, messageId);
  if (!found || found.conversationId !== target.conversation.id) {
    throw notFound(MESSAGE_NOT_FOUND);
  }
}

/**
 * What a reply keeps while the model writes: a few fields, not the conversation's and the
 * character's rows (their texts and dates went into the prompt; an open stream waiting for a
 * model should cost little memory, issue 16 item 4).
 */
interface ReplyRecord {
  conversationId: number;
  /** The model the conversation had, and the one this reply is made with. */
  conversationModel: string | null;
  model: string;
  summarizedAt: Date | null;
  /** For the notices ("Mira is an AI…"). */
  characterName: string;
  /** The message the notices follow: the one the reply answers (null: the top). */
  noticesAfter: number | null;
  /** Whether the message answered showed a crisis (known now, or once the thread is read). */
  crisis: boolean | Promise<boolean>;
}

/** Stores the reply; `paid` is false for a reply the protocol withheld (its credit goes back). */
type StoreStep = (
  reply: string,
  record: ReplyRecord,
  paid: boolean,
) => Promise<{ messageId: number; message: string; messageCount?: number }>;

/** What a prepared reply does when run: generate from `thread`, then `store` what came. */
function preparedRun(
  ctx: AppContext,
  userId: string,
  target: ReplyTarget,
  chargeId: number,
  userMessageId: number,
  steps: {
    thread: Promise<PromptContext>;
    crisis: boolean | Promise<boolean>;
    noticesAfter: number | null;
    store: StoreStep;
  },
): PreparedReply {
  if (steps.crisis instanceof Promise) steps.crisis.catch(() => undefined); // awaited in run()
  const record: ReplyRecord = {
    conversationId: target.conversation.id,
    conversationModel: target.conversation.model,
    model: target.model,
    summarizedAt: target.conversation.summarizedAt,
    characterName: target.character.name,
    noticesAfter: steps.noticesAfter,
    crisis: steps.crisis,
  };
  const { store } = steps;
  // The rows and the thread are needed only to build the prompt: handed over once, then let go.
  let prompt: PromptParts | undefined = { target, thread: steps.thread };
  const takePrompt = () => {
    const parts = prompt;
    prompt = undefined;
    if (!parts) throw new Error('a prepared reply runs once');
    return parts;
  };
  return {
    userMessageId,
    // Not an async function: a reply waiting for the model keeps as few suspended frames as can be.
    run: (listener) =>
      answer(ctx, userId, record, chargeId, takePrompt, listener, store, userMessageId),
  };
}

interface PromptParts {
  target: ReplyTarget;
  thread: Promise<PromptContext>;
}

/**
 * The prompt's thread ending at `from` (by default the end of the history; null: a new first
 * message, with nothing before it), the user's profile and the character's memories. It needs only
 * the conversation's id, so it is read alongside the steps that check the conversation, not after
 * them; without a reply it is simply not used.
 */
function promptContext(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  from: number | null | undefined,
) {
  const context = readPromptContext(ctx.db, userId, conversationId, {
    from,
    ...promptWindow(ctx),
  });
  context.catch(() => undefined); // awaited in run(); this only marks a refusal as handled
  return context;
}

/** How much of the thread a prompt reads: the budget's worth (about four characters a token). */
function promptWindow(ctx: AppContext) {
  return { limit: HISTORY_WINDOW, maxChars: contextTokensOf(ctx) * 4 };
}

/**
 * Step 1: the conversation (the user's, its character still there) and the model to use, as the
 * prompt's read brought them (one statement fewer before the model is called); only a refusal
 * reads them again, to say which (not found, or the character deleted).
 */
async function targetOf(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  requestedModel: string | undefined,
  context: Promise<PromptRead>,
): Promise<ReplyTarget> {
  const { target } = await context;
  if (target?.character) {
    return replyTarget(ctx, target.conversation, target.character, requestedModel);
  }
  return findReplyTarget(ctx, userId, conversationId, requestedModel);
}

async function findReplyTarget(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  requestedModel: string | undefined,
): Promise<ReplyTarget> {
  const { conversation, character } = await loadConversationWithCharacter(
    ctx,
    userId,
    conversationId,
  );
  return replyTarget(ctx, conversation, character, requestedModel);
}

/** A conversation and its character as a reply target: with the model, if one can answer. */
function replyTarget(
  ctx: AppContext,
  conversation: ConversationRow,
  character: CharacterRow,
  requestedModel: string | undefined,
): ReplyTarget {
  const model = resolveModel(ctx, requestedModel, conversation.model);
  if (!ctx.llm.configured || !model) throw serviceUnavailable(LLM_NOT_CONFIGURED);
  return { conversation, character, model };
}

/**
 * Step 2: the user's message, counted and shown as the conversation's preview at once (a reply
 * that fails later leaves the conversation consistent with what is stored), naming a new
 * conversation after it, and remembering the model it was sent to.
 */
async function storeUserMessage(
  ctx: AppContext,
  userId: string,
  { conversation, model }: ReplyTarget,
  text: string,
  parentId: number | null | undefined,
): Promise<number> {
  const stored = await storeMessage(ctx.db, userId, conversation.id, {
    sender: 'user',
    content: text,
    parentId,
    titleIfNew: conversationTitle(text),
    model: conversation.model !== model ? model : undefined,
  });
  return stored.id;
}

/**
 * Steps 3 and 4 for a charged reply: the notices that are due (recorded alongside the model's
 * call, told before the first token), the reply generated from the thread as stored and checked
 * as it grows, then stored. Any failure gives the credit back: no reply, no charge; so does a
 * reply the protocol withheld.
 */
async function answer(
  ctx: AppContext,
  userId: string,
  record: ReplyRecord,
  chargeId: number,
  takePrompt: () => PromptParts,
  listener: ReplyListener | undefined,
  store: StoreStep,
  userMessageId: number,
): Promise<ReplyJsonResult> {
  const relay = new NoticesFirst(listener);
  try {
    const crisis = await record.crisis;
    const due = noticesForReply(ctx, {
      userId,
      conversationId: record.conversationId,
      characterName: record.characterName,
      afterMessageId: record.noticesAfter,
      crisis,
    });
    due.then(
      (notices) => relay.open(notices),
      () => undefined, // awaited below: the reply fails without its notices
    );
    const { text, withheld } = await generateReply(ctx, takePrompt, crisis, relay);
    const notices = await due;
    let stored = text;
    if (withheld) {
      stored = withheldReplyText(ctx.config.safety.crisisResources);
      for (const notice of await noticesForWithheldReply(ctx, {
        userId,
        conversationId: record.conversationId,
        characterName: record.characterName,
        afterMessageId: record.noticesAfter,
      })) {
        relay.notice(notice);
        notices.push(notice);
      }
    }
    const { messageId, message, messageCount } = await store(stored, record, !withheld);
    if (withheld) await refundCharge(ctx, chargeId);
    if (messageCount !== undefined) {
      // Never throws: the reply is stored whatever happens to its summary.
      const { conversationId: id, summarizedAt } = record;
      await queueSummaryIfDue(ctx, userId, { id, summarizedAt, messageCount });
    }
    return { messageId, message, userMessageId, notices };
  } catch (error) {
    await refundCharge(ctx, chargeId);
    throw error;
  }
}

/**
 * Tells a listener the notices first, then the reply's text: text that the guard released
 * before the notices were recorded waits for them. A listener that fails (a closed socket) must
 * not stop the reply.
 */
class NoticesFirst {
  private opened = false;
  private held = '';

  constructor(private readonly listener: ReplyListener | undefined) {}

  open(notices: readonly Notice[]) {
    for (const notice of notices) this.notice(notice);
    this.opened = true;
    if (this.held) this.send(this.held);
    this.held = '';
  }

  notice(notice: Notice) {
    try {
      this.listener?.notice?.(notice);
    } catch {
      /* a closed socket */
    }
  }

  token(text: string) {
    if (this.opened) this.send(text);
    else this.held += text;
  }

  private send(text: string) {
    try {
      this.listener?.token?.(text);
    } catch {
      /* a closed socket */
    }
  }
}

/**
 * Step 3: the model's answer to the thread, steered and checked by the crisis protocol, its text
 * told to `relay` as the guard releases it. `withheld`: it gave self-harm methods or
 * encouragement, and none of that was told.
 */
function generateReply(
  ctx: AppContext,
  takePrompt: () => PromptParts,
  crisis: boolean,
  relay: NoticesFirst,
): Promise<{ text: string; withheld: boolean }> {
  // The reply is produced to the end even if the client goes away: it is stored either way. It
  // must end well before the charge sweeper would take its pending credit for a dead reply;
  // past the time limit the model's call fails as a timeout (LLM_TIMEOUT).
  const timeLimitMs = STALE_CHARGE_MS(ctx.config) - 30_000;
  const checked: { guard?: ReplyGuard } = {};
  const onDelta = (delta: string) => {
    const shown = checked.guard!.push(delta);
    if (shown) relay.token(shown);
  };
  return askModel(ctx, takePrompt, crisis, checked, timeLimitMs, onDelta).then((completion) => {
    const end = checked.guard!.finish();
    if (end.withheld) return { text: '', withheld: true };
    if (end.rest) relay.token(end.rest);
    return { text: replyText(completion), withheld: false };
  });
}

/** What is stored of the model's answer: trimmed, not empty, not absurdly long. */
function replyText(completion: Completion): string {
  const text = completion.content.trim();
  if (!text) throw new LlmError('upstream', LLM_EMPTY, 'empty reply');
  return text.slice(0, CHAT_LIMITS.messageMaxLength * 4);
}

/**
 * The prompt, built and sent to the model, in a function of its own: once it has sent it, nothing
 * that waits for the model's answer keeps the prompt, the thread or the rows it was built from
 * (an async function's frame keeps what it awaited; they can be large, and a model may think for
 * seconds).
 */
async function askModel(
  ctx: AppContext,
  takePrompt: () => PromptParts,
  crisis: boolean,
  checked: { guard?: ReplyGuard },
  timeLimitMs: number,
  onDelta: (text: string) => void,
) {
  const { target, thread } = takePrompt();
  return startReplyStream(ctx, target, await thread, crisis, checked, timeLimitMs, onDelta);
}

function startReplyStream(
  ctx: AppContext,
  { conversation, character, model }: ReplyTarget,
  { history, profile, memories, recentCrisis }: PromptContext,
  crisis: boolean,
  checked: { guard?: ReplyGuard },
  timeLimitMs: number,
  onDelta: (text: string) => void,
) {
  const care = replyCare(ctx, character.name, { crisis, recentCrisis });
  checked.guard = care.guard;
  const messages = buildChatPrompt({
    character,
    profile,
    mode: normalizeChatMode(conversation.chatMode),
    scenario: conversation.scenario,
    memories,
    history: history.map((m) => ({ sender: m.sender, content: m.content })),
    contextTokens: contextTokensOf(ctx),
    safetyInstruction: care.steering,
  });
  return ctx.llm.stream({ messages, model, ...MODEL_SETTINGS.reply, timeLimitMs }, onDelta);
}

/**
 * Step 4: the reply, the conversation's preview and count, and the charge settled, in one
 * statement. A charge the sweeper already refunded (the reply took too long) is not taken
 * again: the user gets that reply free, the safe side.
 */
async function storeReply(
  ctx: AppContext,
  userId: string,
  { conversationId, conversationModel, model }: ReplyRecord,
  chargeId: number,
  reply: string,
  answers: number,
  paid: boolean,
) {
  // The model it was made with, remembered if the conversation had another (an operator's
  // LLM_MODELS no longer listing it); a requested one was stored with the user's message.
  const value = {
    content: reply,
    parentId: answers,
    model: conversationModel !== model ? model : null,
  };
  const stored = await (
    paid
      ? storeReplyAndSettle(ctx.db, userId, conversationId, value, chargeId)
      : // Withheld by the protocol: stored unpaid; the caller gives the credit back.
        storeMessage(ctx.db, userId, conversationId, { sender: 'ai', ...value })
  ).catch((error: unknown) => {
    // The message it answers (or its conversation, or the account) was deleted while the model
    // wrote: told as a continue tells it, the charge refunded by the caller.
    if (isMissingReference(error)) throw notFound(MESSAGE_NOT_FOUND);
    throw error;
  });
  if (!paid) return { messageId: stored.id, message: reply, messageCount: stored.messageCount };
  if (stored.alongsideRows === 0)
    ctx.log.warn({ chargeId }, 'reply stored but its charge was no longer pending');
  return { messageId: stored.id, message: reply, messageCount: stored.messageCount };
}
