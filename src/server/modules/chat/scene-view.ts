import type { AppContext } from '../../context';
import { transcriptLine, type SummaryNames } from '../../prompts/summary.prompt';
import { findCharacters, type CharacterRow } from '../characters';
import { sceneLinesOf, sceneMembers, type SceneLine } from './group-scene.repo';

/**
 * A group scene as one of its characters witnessed it (issue 51, decision 0065): what its
 * prompt, its rolling summaries and its memory of the scene are made of, never more.
 */

/**
 * The messages `characterId` witnessed: those written while it was present (a run's text, id 0,
 * and a message with no presence recorded, are everyone's).
 */
export function witnessedBy<M extends { id: number }>(
  messages: readonly M[],
  lines: Map<number, SceneLine>,
  characterId: number,
): M[] {
  return messages.filter((m) => {
    const present = m.id === 0 ? null : lines.get(m.id)?.present;
    return !present || present.includes(characterId);
  });
}

interface Said {
  id: number;
  sender: 'user' | 'ai';
  content: string;
}

/** What a scene's views are made from, read once: its cast and who said and witnessed what. */
export interface SceneRead {
  /** The scene's characters still in it, in the scene's order (members' ids, first to last). */
  memberIds: number[];
  cast: CharacterRow[];
  lines: Map<number, SceneLine>;
}

/** Reads the scene's members, their characters and `messages`' speakers and presence. */
export async function readScene(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  messages: readonly { id: number }[],
): Promise<SceneRead> {
  const members = await sceneMembers(ctx.db, userId, conversationId);
  const memberIds = members.map((m) => m.characterId);
  const cast = await findCharacters(ctx.db, userId, memberIds);
  const ids = messages.map((m) => m.id).filter((id) => id > 0);
  const lines = await sceneLinesOf(ctx.db, userId, conversationId, ids);
  return { memberIds, cast, lines };
}

/**
 * `messages` of a scene as `characterId` witnessed them, for a summary: the character (null when
 * it is no longer in the user's scene), the witnessed messages, and their transcript lines (its
 * own and the user's as transcriptLine writes them, the others' under their names). `first` is
 * the scene's first character, whose lines from before speakers were kept are.
 */
export function sceneView<M extends Said>(
  { cast, lines }: SceneRead,
  first: Pick<CharacterRow, 'id' | 'name'>,
  messages: readonly M[],
  characterId: number,
) {
  const character = cast.find((c) => c.id === characterId);
  if (!character) return null;
  const speakerOf = (m: M) => lines.get(m.id)?.speakerId ?? first.id;
  const nameOf = (id: number) =>
    cast.find((c) => c.id === id)?.name ?? (id === first.id ? first.name : 'A removed character');
  const lineOf = (names: SummaryNames) => (m: M) =>
    m.sender === 'user' || speakerOf(m) === characterId
      ? transcriptLine(names, m.sender, m.content)
      : `${nameOf(speakerOf(m))}: ${m.content}`;
  return { character, witnessed: witnessedBy(messages, lines, characterId), lineOf };
}

/** One character's view of the scene (readScene, then sceneView). */
export async function sceneViewOf<M extends Said>(
  ctx: AppContext,
  userId: string,
  conversation: { id: number },
  first: Pick<CharacterRow, 'id' | 'name'>,
  messages: readonly M[],
  characterId: number,
) {
  const scene = await readScene(ctx, userId, conversation.id, messages);
  return sceneView(scene, first, messages, characterId);
}
