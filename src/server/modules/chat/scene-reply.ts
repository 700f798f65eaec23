import { CONVERSATION_NOT_FOUND } from '../../../shared/chat/contract';
import { GROUP_SCENE_MESSAGES } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { completeJson } from '../../integrations/llm';
import { promptUser } from '../../prompts/chat.prompt';
import { MODEL_SETTINGS } from '../../prompts/model-settings';
import {
  NEXT_SPEAKER_JSON_SCHEMA,
  nextSpeakerMessages,
  nextSpeakerSchema,
  sceneLine,
  storyPresence,
} from '../../prompts/scene.prompt';
import { findCharacters, type CharacterRow } from '../characters';
import { readPromptMemories } from '../memories';
import { requireNotModerated } from './conversation-context';
import { findConversation } from './conversations.repo';
import { sceneLinesOf, sceneMembers, setPresent, type SceneLine } from './group-scene.repo';
import type { PromptContext } from './prompt-context.repo';
import type { ReplyTarget } from './reply-target';
import { readRollingSummaries } from './rolling-summary.repo';
import { witnessedBy } from './scene-view';

/**
 * A group scene's reply (issue 51, decision 0065): who speaks, and the prompt as that character
 * knows the scene. The reply's own steps (reply.service.ts) run unchanged on what this gives
 * back: the speaker as the target's character (its definition, card and lorebook, `{{char}}` as
 * itself), its own memories, and a thread of only the messages written while it was present,
 * the others' lines labelled with their names. A conversation with one character never comes here.
 */

/** Who speaks: asked for by the user (`asked`), kept from the message it redoes (`kept`), or chosen. */
export interface SpeakerChoice {
  asked?: number | undefined;
  kept?: number | null | undefined;
  /** The user's new message, where a name or an @mention picks who answers. */
  addressed?: string | undefined;
}

/** What a scene adds to a reply's prompt: the others here now, and who is away (reply-stream.ts). */
export interface ScenePrompt {
  others: string[];
  away: string[];
}

/** A scene's reply: its speaker's target and view, and the scene's characters by name. */
export interface SceneReplyParts {
  target: ReplyTarget;
  thread: PromptContext;
  scene: ScenePrompt;
  speakerId: number;
  /** Every character of the scene, in order: the "not a human" notice names them all. */
  names: string[];
}

/**
 * Before anything is charged or stored: a speaker asked for must be one of the scene's characters
 * and here now (400), and only a scene has speakers to ask for.
 */
export async function requireSpeakerHere(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  speakerId: number | undefined,
) {
  if (speakerId === undefined) return;
  const found = await findConversation(ctx.db, userId, conversationId);
  if (!found) throw notFound(CONVERSATION_NOT_FOUND);
  if (!found.groupScene) throw badRequest(GROUP_SCENE_MESSAGES.notGroup);
  const member = (await sceneMembers(ctx.db, userId, conversationId)).find(
    (m) => m.characterId === speakerId,
  );
  if (!member) throw badRequest(GROUP_SCENE_MESSAGES.notInScene);
  if (!member.present) throw badRequest(GROUP_SCENE_MESSAGES.notHere);
}

/** The speaker's reply target and view of the scene, or the refusal that says why none can speak. */
export async function sceneReplyParts(
  ctx: AppContext,
  userId: string,
  target: ReplyTarget,
  thread: PromptContext,
  choice: SpeakerChoice,
): Promise<SceneReplyParts> {
  const conversationId = target.conversation.id;
  const members = await sceneMembers(ctx.db, userId, conversationId);
  const rows = await findCharacters(
    ctx.db,
    userId,
    members.map((m) => m.characterId),
  );
  const cast = new Map(rows.map((c) => [c.id, c]));
  const present = members.filter((m) => m.present && cast.has(m.characterId));
  const lines = await sceneLinesOf(
    ctx.db,
    userId,
    conversationId,
    thread.history.map((m) => m.id).filter((id) => id > 0),
  );
  const userName = promptUser(thread.profile, thread.persona)?.name.trim() || 'User';
  const nameOf = (id: number | null) =>
    (id === null ? target.character : cast.get(id))?.name ?? 'A removed character';

  let speakerId = choice.asked ?? choice.kept ?? null;
  if (speakerId === null) {
    if (present.length === 0) throw badRequest(GROUP_SCENE_MESSAGES.nobodyToSpeak);
    const here = present.map((m) => cast.get(m.characterId)!);
    speakerId =
      mentioned(choice.addressed, here) ??
      (here.length === 1
        ? here[0]!.id
        : await modelChoice(ctx, userId, target, here, {
            user: userName,
            lines: transcript(thread, lines, nameOf, userName),
          })) ??
      leastRecent(here, thread.history, lines);
  }
  const speaker = cast.get(speakerId);
  if (!speaker) throw badRequest(GROUP_SCENE_MESSAGES.notInScene);
  requireNotModerated(speaker);

  const history = viewOf(thread.history, lines, speaker.id, nameOf, userName);
  const memories = await readPromptMemories(ctx.db, userId, conversationId, speaker.id);
  const summaries = await readRollingSummaries(ctx.db, userId, conversationId, speaker.id);
  const others = present
    .filter((m) => m.characterId !== speaker.id)
    .map((m) => nameOf(m.characterId));
  const away = members
    .filter((m) => !m.present && cast.has(m.characterId))
    .map((m) => nameOf(m.characterId));
  return {
    target: { ...target, character: speaker },
    // Its own rolling summaries: one of everything would tell it what it never saw.
    thread: { ...thread, history, memories, summaries },
    scene: { others, away },
    speakerId: speaker.id,
    names: members.filter((m) => cast.has(m.characterId)).map((m) => nameOf(m.characterId)),
  };
}

type History = PromptContext['history'];

/**
 * The thread as `speakerId` witnessed it: the messages written while it was present (a run's
 * text, id 0, is its own), its own lines as its replies, everyone else's as lines of a script.
 */
function viewOf(
  history: History,
  lines: Map<number, SceneLine>,
  speakerId: number,
  nameOf: (id: number | null) => string,
  userName: string,
): History {
  return witnessedBy(history, lines, speakerId).map((m) => {
    if (m.id === 0 || (m.sender === 'ai' && (lines.get(m.id)?.speakerId ?? null) === speakerId)) {
      return m;
    }
    const name = m.sender === 'user' ? userName : nameOf(lines.get(m.id)?.speakerId ?? null);
    return { id: m.id, sender: 'user' as const, content: sceneLine(name, m.content) };
  });
}

/** The character the user's message names first, as `@Name` or as a word; null when none. */
function mentioned(text: string | undefined, here: CharacterRow[]): number | null {
  if (!text) return null;
  let best: { at: number; id: number } | null = null;
  for (const c of here) {
    const name = c.name.trim().replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
    if (!name) continue;
    const found = new RegExp(`(?<![\\p{L}\\p{N}])@?${name}(?![\\p{L}\\p{N}])`, 'iu').exec(text);
    if (found && (!best || found.index < best.at)) best = { at: found.index, id: c.id };
  }
  return best?.id ?? null;
}

/** The last dozen lines of the scene as the user saw them, for the next-speaker question. */
function transcript(
  thread: PromptContext,
  lines: Map<number, SceneLine>,
  nameOf: (id: number | null) => string,
  userName: string,
) {
  return thread.history
    .slice(-12)
    .map((m) =>
      sceneLine(
        m.sender === 'user' ? userName : nameOf(lines.get(m.id)?.speakerId ?? null),
        m.content.slice(0, 600),
      ),
    )
    .join('\n');
}

/** The model's pick among those here; null when it fails or names nobody here. */
async function modelChoice(
  ctx: AppContext,
  userId: string,
  target: ReplyTarget,
  here: CharacterRow[],
  scene: { user: string; lines: string },
): Promise<number | null> {
  try {
    const { speaker } = await completeJson(
      ctx.llm,
      {
        model: target.model,
        ...MODEL_SETTINGS.nextSpeaker,
        messages: nextSpeakerMessages(
          scene.user,
          here.map((c) => c.name),
          scene.lines,
        ),
        jsonSchema: NEXT_SPEAKER_JSON_SCHEMA,
        usage: { userId, purpose: 'reply' },
      },
      nextSpeakerSchema,
      { retries: 0 },
    );
    const named = speaker.replace(/^@/u, '').toLowerCase();
    return here.find((c) => c.name.trim().toLowerCase() === named)?.id ?? null;
  } catch (error) {
    // Its name only: an invalid answer's error may quote the model's words.
    const reason = error instanceof Error ? error.name : 'unknown';
    ctx.log.warn({ reason }, 'next speaker: the model gave no usable answer');
    return null;
  }
}

/** Whose turn it is when nothing else says: the one of those here who spoke least recently. */
function leastRecent(here: CharacterRow[], history: History, lines: Map<number, SceneLine>) {
  const last = new Map<number, number>();
  history.forEach((m, index) => {
    const id = lines.get(m.id)?.speakerId;
    if (m.sender === 'ai' && id != null) last.set(id, index);
  });
  let pick = here[0]!;
  for (const c of here) if ((last.get(c.id) ?? -1) < (last.get(pick.id) ?? -1)) pick = c;
  return pick.id;
}

/**
 * A Story Mode scene's reply may move characters in and out ("(Cyd leaves the scene)", as the
 * scene's prompt asks): 'Here now' follows it, and the next messages are written with it. A move
 * that would leave nobody here, or names nobody of the scene, changes nothing.
 */
export async function followStoryPresence(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  reply: string,
) {
  const moves = storyPresence(reply);
  if (moves.length === 0) return;
  const members = await sceneMembers(ctx.db, userId, conversationId);
  const cast = await findCharacters(
    ctx.db,
    userId,
    members.map((m) => m.characterId),
  );
  const here = new Set(members.filter((m) => m.present).map((m) => m.characterId));
  for (const move of moves) {
    const named = cast.find((c) => c.name.trim().toLowerCase() === move.name.toLowerCase());
    if (!named) continue;
    if (move.here) here.add(named.id);
    else here.delete(named.id);
  }
  if (here.size === 0) return;
  await setPresent(ctx.db, userId, conversationId, [...here]);
}
