import { CHAT_LIMITS } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { HttpError } from '../../errors';
import { LLM_EMPTY, LlmError } from '../../integrations/llm';
import { estimateTokens } from '../../prompts/chat.prompt';
import { firstPart } from '../../prompts/chat/budget';
import { MODEL_SETTINGS } from '../../prompts/model-settings';
import {
  rollingSummaryRequest,
  summarySystem,
  transcriptLine,
  type SummaryNames,
} from '../../prompts/summary.prompt';
import { userNameIn } from '../personas';
import type { CharacterRow } from '../characters';
import { contextTokensOf, loadConversationWithCharacter } from './conversation-context';
import { queueConversationJob } from './conversation-jobs';
import { modelOf } from './model-policy';
import {
  readRollingSummaries,
  storeRollingSummary,
  type RollingSummary,
} from './rolling-summary.repo';
import type { ConversationRow } from './conversations.repo';
import { sceneViewOf } from './scene-view';
import { readThread, type ThreadMessage } from './thread-read.repo';

/**
 * A conversation that remembers itself (issue 46 part 3, decision 0053). When messages fall out
 * of the prompt's window, what they said is summarised, with the summary before it, into a rolling
 * summary of the conversation through one message; each prompt carries the newest one on its own
 * path as "Earlier in this conversation". A summary runs RUNS_AHEAD messages past the window's
 * edge, so the next ones to fall out are already in it: one summary every ~20 messages, and no
 * message is ever out of both the window and the summary for longer than the job takes.
 */

/** A message of the path, as the prompt and the job read it (id 0: not stored, a run's text). */
interface PathMessage {
  id: number;
  sender: 'user' | 'ai';
  content: string;
}

/** How far past the window's edge a new summary runs (at most half of what the window holds). */
const RUNS_AHEAD = CHAT_LIMITS.resummarizeEvery;

/**
 * The newest summary that runs through a message of `path` (ids grow along a path, so the first
 * of `summaries`, newest first, found on it is the deepest), with that message's index.
 */
export function summaryOnPath(
  path: readonly PathMessage[],
  summaries: readonly RollingSummary[],
): { summary: RollingSummary; index: number } | null {
  if (summaries.length === 0) return null;
  const at = new Map<number, number>();
  for (let i = 0; i < path.length; i++) at.set(path[i]!.id, i);
  for (const summary of summaries) {
    const index = at.get(summary.through);
    if (index !== undefined) return { summary, index };
  }
  return null;
}

/**
 * The message a new summary should run through, or null when none is due: after a prompt built
 * from `path` left its `dropped` oldest messages out (and, unless `startsAtFirst`, never read
 * those before it), due when some of them are after the summary on the path (`covered`: that
 * summary's index, -1 for none).
 */
export function rollingSummaryTarget(
  path: readonly PathMessage[],
  dropped: number,
  startsAtFirst: boolean,
  covered: number,
): number | null {
  if (dropped === 0 && startsAtFirst) return null; // the whole conversation was sent
  const newestLost = dropped - 1; // -1: only messages never read were left out
  if (covered >= Math.max(newestLost, 0)) return null;
  const kept = path.length - dropped;
  // Short of the newest message, which is sent (kept ≥ 1) and may not be stored yet (a run's text).
  const through = Math.max(newestLost + Math.min(RUNS_AHEAD, Math.floor(kept / 2)), 0);
  return through > covered && through < path.length - 1 ? path[through]!.id : null;
}

/** A rolling summary due: through which message, and after which summary (0: none). */
export interface SummaryDue {
  through: number;
  after: number;
}

/**
 * Queues the conversation's rolling summary (see rollingSummaryTarget); in a group scene, the
 * speaker's (`characterId`: its view of the scene, issue 51).
 */
export function queueRollingSummary(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  due: SummaryDue,
  characterId?: number,
) {
  return queueConversationJob(
    ctx,
    'conversation-rolling-summary',
    {
      userId,
      conversationId,
      throughMessageId: due.through,
      ...(characterId === undefined ? {} : { characterId }),
    },
    characterId === undefined ? due.after : `${characterId}:${due.after}`,
  );
}

/** How much of the path the job reads back from the message it summarises through. */
const PATH_READ = 400;
/**
 * Model calls per job at most: a conversation that had no summary yet (it began before this
 * existed, or the window shrank) is caught up a window at a time, each step stored; what is left
 * is caught up after later replies.
 */
const STEPS_PER_JOB = 4;
/** Tokens of the summariser's request besides the notes and the transcript. */
const REQUEST_TOKENS = 200;

/**
 * The `conversation-rolling-summary` job: brings the summary of the path through `through` up to
 * date from the newest summary on that path, a window of messages per model call. A conversation,
 * character or message deleted meanwhile has nothing left to summarise; a failure is thrown, for
 * the queue to retry later.
 */
export async function summarizeEarlierMessages(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  through: number,
  characterId?: number,
) {
  let loaded;
  try {
    loaded = await loadConversationWithCharacter(ctx, userId, conversationId);
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 409))
      return;
    throw error;
  }
  const read = await readThread(ctx.db, userId, conversationId, {
    from: through,
    limit: PATH_READ,
  });
  if (read.at(-1)?.id !== through) return; // the message was deleted
  const view = await summaryView(ctx, userId, loaded, read, characterId);
  if (!view) return; // the scene's character is gone
  const { path, names, lineOf } = view;
  const found = summaryOnPath(
    path,
    await readRollingSummaries(ctx.db, userId, conversationId, characterId),
  );
  let previous = found?.summary.content ?? null;
  let from = found ? found.index + 1 : 0;
  if (from >= path.length) return; // summarised already
  const model = modelOf(ctx, loaded.conversation);
  const settings = MODEL_SETTINGS.rollingSummary;
  const system = summarySystem(names);
  for (let step = 0; step < STEPS_PER_JOB && from < path.length; step++) {
    const room =
      contextTokensOf(ctx) -
      settings.maxTokens -
      REQUEST_TOKENS -
      estimateTokens(system.content) -
      (previous ? estimateTokens(previous) : 0);
    const lines = oldestWithin(path.slice(from).map(lineOf), room);
    const completion = await ctx.llm.complete({
      model,
      ...settings,
      messages: [system, rollingSummaryRequest(previous, lines.join('\n'))],
      usage: { userId, purpose: 'summary' },
    });
    const summary = completion.content.trim();
    if (!summary) throw new LlmError('upstream', LLM_EMPTY, 'empty summary');
    from += lines.length;
    const value = { through: path[from - 1]!.id, content: summary };
    await storeRollingSummary(ctx.db, userId, conversationId, value, characterId);
    previous = summary;
  }
}

/**
 * The path a rolling summary reads, with the names it uses and how a message becomes a line: the
 * conversation's, or a group scene character's view of it (only what it witnessed; the others'
 * lines under their names). Null when that character is no longer in the user's scene.
 */
async function summaryView(
  ctx: AppContext,
  userId: string,
  { conversation, character }: { conversation: ConversationRow; character: CharacterRow },
  path: ThreadMessage[],
  characterId: number | undefined,
) {
  if (characterId === undefined) {
    const names = await summaryNamesOf(ctx, userId, character, conversation);
    const lineOf = (m: PathMessage) => transcriptLine(names, m.sender, m.content);
    return { path, names, lineOf };
  }
  const scene = await sceneViewOf(ctx, userId, conversation, character, path, characterId);
  if (!scene) return null;
  const names = await summaryNamesOf(ctx, userId, scene.character, conversation);
  return { path: scene.witnessed, names, lineOf: scene.lineOf(names) };
}

/**
 * The oldest transcript lines that fit `room` tokens, at least one (cut to fit: a message longer
 * than the window is summarised from its start).
 */
function oldestWithin(messages: readonly string[], room: number) {
  const lines: string[] = [];
  let used = 0;
  for (const line of messages) {
    const cost = estimateTokens(line);
    if (used + cost > room) {
      if (lines.length === 0) lines.push(firstPart(line, Math.max(room, 64)));
      break;
    }
    used += cost;
    lines.push(line);
  }
  return lines;
}

/**
 * The names a summary uses: the character's, and the user's as the conversation has it (its
 * persona's, else the profile's).
 */
export async function summaryNamesOf(
  ctx: AppContext,
  userId: string,
  character: Pick<CharacterRow, 'name'>,
  conversation: { personaId: number | null },
): Promise<SummaryNames> {
  const user = await userNameIn(ctx, userId, conversation.personaId);
  return { character: character.name, user: user || 'the user' };
}
