import {
  CONVERSATION_NOT_FOUND,
  type ConversationDetail,
  type ConversationSummary,
  type SceneMember,
} from '../../../shared/chat/contract';
import { GROUP_SCENE_MESSAGES } from '../../../shared/chat/rules';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../errors';
import { findConversation } from './conversations.repo';
import { sceneCharacterIdsOf, sceneMembers, setPresent } from './group-scene.repo';

/**
 * Group scenes (issue 51): a conversation with 2 to 5 of the user's characters, who is here now,
 * and what the conversation's views say of them.
 */

/** The list's group scenes get their characters, in order (the sidebar shows their avatars). */
export async function withSceneCharacters<T extends ConversationSummary>(
  ctx: AppContext,
  userId: string,
  rows: { summary: T; groupScene: boolean }[],
): Promise<T[]> {
  const scenes = rows.filter((r) => r.groupScene).map((r) => r.summary.id);
  const characters = await sceneCharacterIdsOf(ctx.db, userId, scenes);
  return rows.map(({ summary }) => {
    const ids = characters.get(summary.id);
    return ids ? Object.assign(summary, { characterIds: ids }) : summary;
  });
}

/** A conversation's detail with its scene's characters, when it is a group scene. */
export async function withSceneMembers(
  ctx: AppContext,
  userId: string,
  detail: ConversationDetail,
  groupScene: boolean,
): Promise<ConversationDetail> {
  if (!groupScene) return detail;
  const members = await sceneMembers(ctx.db, userId, detail.id);
  return Object.assign(detail, { members, characterIds: members.map((m) => m.characterId) });
}

/**
 * PUT /api/conversations/{id}/present: 'Here now'. The characters named are here, the scene's
 * others step out; the next messages are written with this presence (each message keeps who was
 * there), so a character who steps out never reads what is said while it is away.
 */
export async function setScenePresence(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  characterIds: number[],
): Promise<{ members: SceneMember[] }> {
  const found = await findConversation(ctx.db, userId, conversationId);
  if (!found) throw notFound(CONVERSATION_NOT_FOUND);
  if (!found.groupScene) throw badRequest(GROUP_SCENE_MESSAGES.notGroup);
  const members = await sceneMembers(ctx.db, userId, conversationId);
  const inScene = new Set(members.map((m) => m.characterId));
  if (characterIds.some((id) => !inScene.has(id))) {
    throw badRequest(GROUP_SCENE_MESSAGES.notInScene);
  }
  await setPresent(ctx.db, userId, conversationId, characterIds);
  return { members: await sceneMembers(ctx.db, userId, conversationId) };
}
