import { MESSAGE_NOT_FOUND } from '../../../shared/chat/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import { conversationTitle } from '../../../shared/chat/rules';
import type { Executor } from '../../db/client';
import { findMessage } from './messages.repo';
import {
  branchStart,
  deleteSubtree,
  existingActiveLeaf,
  newestDescendant,
  newestInConversation,
  setActiveLeaf,
} from './tree.repo';
import { requireConversation } from './conversations.service';

/**
 * Moving around a conversation's message tree (decision 0022): which branch is read, and
 * removing a message with everything that followed it.
 */

/** Reads the branch through `messageId`, continuing to its newest message. */
export async function switchBranch(
  ctx: AppContext,
  userId: string,
  conversationId: number,
  messageId: number,
) {
  await requireConversation(ctx, userId, conversationId);
  const found = await findMessage(ctx.db, userId, messageId);
  if (!found || found.conversationId !== conversationId) throw notFound(MESSAGE_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const leaf = await newestDescendant(tx, conversationId, messageId);
    await moveToBranch(tx, userId, conversationId, leaf);
    return { activeLeafId: leaf };
  });
}

/**
 * Deletes a message and its descendants. When the history being read went through it, the
 * history now ends at the newest message under its parent (a sibling's branch, or the parent).
 */
export async function deleteMessage(ctx: AppContext, userId: string, messageId: number) {
  const found = await findMessage(ctx.db, userId, messageId);
  if (!found) throw notFound(MESSAGE_NOT_FOUND);
  const conversationId = found.conversationId;
  return ctx.db.transaction(async (tx) => {
    const deleted = await deleteSubtree(tx, userId, conversationId, messageId);
    let leaf = await existingActiveLeaf(tx, userId, conversationId);
    if (leaf === null) {
      leaf = found.parentId
        ? await newestDescendant(tx, conversationId, found.parentId)
        : await newestInConversation(tx, conversationId);
    }
    await moveToBranch(tx, userId, conversationId, leaf);
    return { deleted, activeLeafId: leaf };
  });
}

/** The history now ends at `leaf`; the title and a story's scene follow the branch. */
async function moveToBranch(
  tx: Executor,
  userId: string,
  conversationId: number,
  leaf: number | null,
) {
  const start = leaf === null ? null : await branchStart(tx, conversationId, leaf);
  await setActiveLeaf(tx, userId, conversationId, leaf, {
    title: start?.firstUserMessage ? conversationTitle(start.firstUserMessage) : undefined,
    scenario: start?.scenario,
  });
}
