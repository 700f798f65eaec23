import type { Notice } from '../../../shared/safety/contract';
import { CHAT_LIMITS, normalizeChatMode } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { LLM_EMPTY, LlmError, type CallHandle, type Completion } from '../../integrations/llm';
import { cardPromptFields } from '../characters';
import { STALE_CHARGE_MS } from '../credits';
import { replyCare, type ReplyGuard } from '../safety';
import {
  buildChatPromptParts,
  ContextTooSmallError,
  promptUser,
  voiceExampleOf,
} from '../../prompts/chat.prompt';
import { REPLY_TOKENS, replySettings } from '../../prompts/model-settings';
import { MESSAGE_NOT_FOUND, type LoreMark } from '../../../shared/chat/contract';
import { contextTokensOf } from './conversation-context';
import type { PromptContext } from './prompt-context.repo';
import type { ReplyTarget } from './reply-target';
import type { RunEnding } from './run-log';
import type { ScenePrompt } from './scene-reply';
import { rollingSummaryTarget, summaryOnPath, type SummaryDue } from './rolling-summary';

/**
 * Step 6 of a reply (reply.service.ts): the prompt built and streamed to the model, every delta
 * passing the crisis protocol's guard, the text told to the client as the guard releases it,
 * after the notices.
 */

/** What a streamed reply tells its client as it goes. */
export interface ReplyListener {
  /** A notice shown before the reply (all of them come before the first token). */
  notice?(notice: Notice): void;
  /** Text of the reply as the protocol's guard releases it. */
  token?(text: string): void;
  /** The run being told, whose end the statement storing the reply records (decision 0071). */
  ending?: RunEnding;
}

/** What the prompt is built from: handed over once (takePrompt), then let go. */
export interface PromptParts {
  target: ReplyTarget;
  thread: PromptContext;
  /** A group scene's reply: who else is here (scene-reply.ts); the thread is the speaker's view. */
  scene?: ScenePrompt | undefined;
}

export interface PromptSource {
  /** The prompt's parts; a second call throws (a prepared reply runs once). */
  takePrompt(): PromptParts;
}

/** The model's answer, and what the prompt it was asked with left for a summary. */
export interface GeneratedReply {
  text: string;
  withheld: boolean;
  /**
   * The prompt left messages out that no rolling summary holds: the summary due
   * (rolling-summary.ts), or null.
   */
  summaryDue: SummaryDue | null;
  /** The lorebook entries the prompt carried (the reply's 'lore' marker, issue 47). */
  lore: LoreMark[];
}

/** What building the prompt tells the rest of the reply: its guard, the summary due, the lore. */
interface Checked {
  guard?: ReplyGuard;
  summaryDue?: SummaryDue | null;
  lore?: LoreMark[];
}

/**
 * The model's answer to the thread, steered and checked by the crisis protocol, its text told to
 * `relay` as the guard releases it. `withheld`: it gave self-harm methods or encouragement, and
 * none of that was told.
 */
export function generateReply(
  ctx: AppContext,
  source: PromptSource,
  crisis: boolean,
  relay: NoticesFirst,
): Promise<GeneratedReply> {
  // The reply is produced to the end even if the client goes away: it is stored either way. It
  // must end well before the charge sweeper would take its pending credit for a dead reply;
  // past the time limit the model's call fails as a timeout (LLM_TIMEOUT).
  const timeLimitMs = STALE_CHARGE_MS(ctx.config) - 30_000;
  const checked: Checked = {};
  // Its conversation or account was deleted meanwhile (reply-runs.ts stops a call under way
  // through `relay.handle`): the model is not asked, or stopped (a throw here closes its
  // request), and the reply fails as one that cannot be stored does.
  if (relay.gone) return Promise.reject(notFound(MESSAGE_NOT_FOUND));
  const onDelta = (delta: string) => {
    if (relay.gone) throw notFound(MESSAGE_NOT_FOUND);
    const shown = checked.guard!.push(delta);
    if (shown) relay.token(shown);
  };
  const ask = { checked, timeLimitMs, handle: relay.handle };
  return askModel(ctx, source, crisis, ask, onDelta).then((completion) => {
    const end = checked.guard!.finish();
    const summaryDue = checked.summaryDue ?? null;
    const lore = checked.lore ?? [];
    if (end.withheld) return { text: '', withheld: true, summaryDue, lore: [] };
    if (end.rest) relay.token(end.rest);
    return { text: replyText(completion), withheld: false, summaryDue, lore };
  });
}

/**
 * Tells a listener the notices first, then the reply's text: text that the guard released
 * before the notices were recorded waits for them. A listener that fails (a closed socket) must
 * not stop the reply.
 */
export class NoticesFirst {
  private opened = false;
  private held = '';

  constructor(private readonly listener: ReplyListener | undefined) {}

  /** The run told is gone (reply-runs.ts): nobody will read or store this reply. */
  get gone() {
    return this.listener?.ending?.gone === true;
  }

  /** Where the run's model call can be stopped from (reply-runs.ts, once the run is gone). */
  get handle(): CallHandle | undefined {
    return this.listener?.ending;
  }

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

/** What is stored of the model's answer: trimmed, not empty, not absurdly long. */
function replyText(completion: Completion): string {
  const text = completion.content.trim();
  if (!text) throw new LlmError('upstream', LLM_EMPTY, 'empty reply');
  return text.slice(0, CHAT_LIMITS.messageMaxLength * 4);
}

/**
 * The prompt, built and sent to the model, in a function of its own: once it has sent it, nothing
 * that waits for the model's answer keeps the prompt, the thread or the rows it was built from
 * (they can be large, and a model may think for seconds).
 */
function askModel(
  ctx: AppContext,
  source: PromptSource,
  crisis: boolean,
  ask: Ask,
  onDelta: (text: string) => void,
) {
  const { target, thread, scene } = source.takePrompt();
  return startReplyStream(ctx, { target, thread, scene }, crisis, ask, onDelta);
}

/** How the model is asked, besides the prompt: what building it tells, its limit, its handle. */
interface Ask {
  checked: Checked;
  timeLimitMs: number;
  handle: CallHandle | undefined;
}

function startReplyStream(
  ctx: AppContext,
  { target, thread, scene }: PromptParts,
  crisis: boolean,
  { checked, timeLimitMs, handle }: Ask,
  onDelta: (text: string) => void,
) {
  const { conversation, character, model } = target;
  const { history, profile, persona, memories, recentCrisis, summaries, startsAtFirst } = thread;
  const care = replyCare(ctx, character.name, { crisis, recentCrisis });
  checked.guard = care.guard;
  const mode = normalizeChatMode(conversation.chatMode);
  const settings = replySettings(mode);
  const earlier = summaryOnPath(history, summaries);
  const card = cardPromptFields(character.cardExtras);
  const user = promptUser(profile, persona);
  const { messages, dropped, lore } = promptOrWarn(ctx, () =>
    buildChatPromptParts({
      character,
      profile: user,
      mode,
      // A card's scenario where the conversation has no opening scene of its own (issue 47).
      scenario: conversation.scenario ?? card.scenario,
      card,
      macroSeed: String(conversation.id),
      memories,
      history: history.map((m) => ({ sender: m.sender, content: m.content })),
      contextTokens: contextTokensOf(ctx),
      replyTokens: replyTokensOf(ctx, model, settings.maxTokens),
      safetyInstruction: care.steering,
      voiceExample: voiceExampleOf(character, user?.name, mode, history),
      earlierSummary: earlier?.summary.content,
      lore: character.lorebook,
      scene,
    }),
  );
  // (In a scene, the history and the summaries are the speaker's own view: scene-reply.ts.)
  const through = rollingSummaryTarget(history, dropped, startsAtFirst, earlier?.index ?? -1);
  checked.summaryDue = through === null ? null : { through, after: earlier?.summary.through ?? 0 };
  checked.lore = lore.map(({ id, name }) => ({ id, name }));
  // The model stops where it would start writing the user's turn ("\nRiley:"); the gateway also
  // cuts the answer there for servers that ignore `stop`.
  // In a scene, nor any other character's turn.
  // In a scene, nor any other character's turn (OpenAI's API takes four stop sequences at most).
  const others = (scene?.others ?? []).map((name) => `\n${name}:`);
  const stop = [`\n${user?.name.trim() || 'User'}:`, ...others].slice(0, 4);
  const usage = { userId: conversation.userId, purpose: 'reply' } as const;
  return ctx.llm.stream(
    { messages, model, ...settings, stop, timeLimitMs, usage, handle },
    onDelta,
  );
}

/**
 * What the window keeps free for the answer: the mode's length cap, and for a reasoning model
 * (LLM_REASONING_MODELS) its thinking too, which max_completion_tokens counts and the window holds.
 */
function replyTokensOf(ctx: AppContext, model: string, maxTokens: number | undefined) {
  const serving = ctx.config.llm?.serving;
  const thinking = serving?.reasoningModels.includes(model) ? serving.reasoningTokens : 0;
  return (maxTokens ?? REPLY_TOKENS) + thinking;
}

/** The prompt; a window too small for it is logged for the operator before the reply fails. */
function promptOrWarn<T>(ctx: AppContext, build: () => T): T {
  try {
    return build();
  } catch (error) {
    if (error instanceof ContextTooSmallError) {
      ctx.log.warn(
        { contextTokens: error.contextTokens, needed: error.needed },
        'LLM_CONTEXT_TOKENS is too small for a prompt and its reply',
      );
    }
    throw error;
  }
}
