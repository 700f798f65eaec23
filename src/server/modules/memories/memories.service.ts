import { CHARACTER_NOT_FOUND } from '../../../shared/characters/contract';
import { CONVERSATION_NOT_FOUND, MESSAGE_NOT_FOUND } from '../../../shared/chat/contract';
import {
  MEMORIES_FULL,
  MEMORY_LIMITS,
  MEMORY_NOT_FOUND,
  type CreateMemoryRequest,
  type Memory,
} from '../../../shared/memories/contract';
import { DEFAULT_CONTEXT_TOKENS } from '../../config';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../errors';
import { findCharacter } from '../characters';
import { carriedMemoryIds } from './in-prompt';
import {
  deleteMemory,
  insertMemoryWithinLimit,
  listMemories,
  newestConversationWith,
  updateMemory,
  type MemoryWithTitle,
} from './memories.repo';

function toMemory(row: MemoryWithTitle, inPrompt: boolean): Memory {
  return {
    id: row.id,
    content: row.content,
    pinned: row.pinned,
    source: row.source,
    conversationId: row.conversationId,
    messageId: row.messageId,
    conversationTitle: row.conversationTitle,
    inPrompt,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function requireCharacter(ctx: AppContext, userId: string, characterId: number) {
  if (!(await findCharacter(ctx.db, userId, characterId))) throw notFound(CHARACTER_NOT_FOUND);
}

/**
 * The character's memories, pinned first, then newest, each saying whether the next reply
 * carries it (carriedMemoryIds).
 */
async function memoriesOf(ctx: AppContext, userId: string, characterId: number) {
  const [rows, next] = await Promise.all([
    listMemories(ctx.db, userId, characterId),
    newestConversationWith(ctx.db, userId, characterId),
  ]);
  const contextTokens = ctx.config.llm?.contextTokens ?? DEFAULT_CONTEXT_TOKENS;
  const carried = carriedMemoryIds(rows, next, contextTokens);
  return rows.map((row) => toMemory(row, carried.has(row.id)));
}

export async function listCharacterMemories(ctx: AppContext, userId: string, characterId: number) {
  await requireCharacter(ctx, userId, characterId);
  return { memories: await memoriesOf(ctx, userId, characterId) };
}

/**
 * A fact the user typed, or 'Remember this' on a message: the message must be in the named
 * conversation (or names it), and the conversation must be the user's with this character.
 * The limit holds however many adds arrive at once (insertMemoryWithinLimit).
 */
export async function addMemory(
  ctx: AppContext,
  userId: string,
  characterId: number,
  input: Omit<CreateMemoryRequest, 'conversationId' | 'messageId'> & {
    content: string;
    conversationId?: number | undefined;
    messageId?: number | undefined;
  },
) {
  const messageId = input.messageId ?? null;
  const named = { conversationId: input.conversationId ?? null, messageId };
  const added = await insertMemoryWithinLimit(
    ctx.db,
    userId,
    characterId,
    named,
    MEMORY_LIMITS.perCharacter,
    (found) => {
      let conversationId = named.conversationId;
      if (messageId !== null) {
        const inConversation = found.messageConversationId;
        if (
          inConversation === null ||
          (conversationId !== null && inConversation !== conversationId)
        ) {
          throw notFound(MESSAGE_NOT_FOUND);
        }
        conversationId = inConversation;
      }
      if (conversationId !== null) {
        if (found.conversationId === null) throw notFound(CONVERSATION_NOT_FOUND);
        if (found.conversationCharacterId !== characterId) {
          throw badRequest('That conversation is with another character.');
        }
      }
      return {
        source: messageId !== null ? 'message' : 'manual',
        conversationId,
        messageId,
        content: input.content,
        pinned: input.pinned ?? true,
      };
    },
  );
  if (added === 'no-character') throw notFound(CHARACTER_NOT_FOUND);
  if (added === 'full') throw conflict(MEMORIES_FULL);
  // Whether it fits beside the others (it may also push an unpinned one out: the list refreshes).
  const listed = (await memoriesOf(ctx, userId, characterId)).find((m) => m.id === added.id);
  return { memory: listed ?? toMemory(added, false) };
}

export async function changeMemory(
  ctx: AppContext,
  userId: string,
  id: number,
  changes: { content?: string | undefined; pinned?: boolean | undefined },
) {
  const updated = await updateMemory(ctx.db, userId, id, changes);
  if (!updated) throw notFound(MEMORY_NOT_FOUND);
  const listed = (await memoriesOf(ctx, userId, updated.characterId)).find((m) => m.id === id);
  if (!listed) throw notFound(MEMORY_NOT_FOUND); // deleted meanwhile
  return { memory: listed };
}

export async function forgetMemory(ctx: AppContext, userId: string, id: number) {
  if (!(await deleteMemory(ctx.db, userId, id))) throw notFound(MEMORY_NOT_FOUND);
  return { success: true as const };
}
