import { eq, sql } from 'drizzle-orm';
import { conversationTitle } from '../../../shared/chat/rules';
import type { Executor } from '../../db/client';
import { conversation, message } from '../../db/schema';
import { forgetSummariesFrom } from './rolling-summary.repo';
import { shownContent } from './thread-read.repo';
import { branchStart } from './tree.repo';

/**
 * What follows a message's text when moderation removes it or an admin gives it back (issue 49):
 * the conversation's sidebar preview and, unless the user named the conversation, its title are
 * read again as the owner may see them ('Removed by moderation' while removed). On a removal the
 * rolling summaries that read the message go too (they may paraphrase it; the next reply writes
 * them again from what is shown). Runs in the decision's transaction.
 */
export async function followModeratedMessage(
  tx: Executor,
  messageId: number,
  change: 'removed' | 'restored',
) {
  const [row] = await tx
    .select({
      conversationId: message.conversationId,
      userId: conversation.userId,
      activeLeafId: conversation.activeLeafId,
      renamed: sql<boolean>`${conversation.titleRenamedAt} is not null`,
    })
    .from(message)
    .innerJoin(conversation, eq(conversation.id, message.conversationId))
    .where(eq(message.id, messageId));
  if (!row) return;
  const start =
    row.activeLeafId === null || row.renamed
      ? null
      : await branchStart(tx, row.conversationId, row.activeLeafId);
  const changes = {
    ...(row.activeLeafId === messageId
      ? { lastMessage: sql`(select ${shownContent()} from ${message} m where m.id = ${messageId})` }
      : {}),
    ...(start?.firstUserMessage ? { title: conversationTitle(start.firstUserMessage) } : {}),
  };
  if (Object.keys(changes).length > 0)
    await tx.update(conversation).set(changes).where(eq(conversation.id, row.conversationId));
  if (change === 'removed')
    await forgetSummariesFrom(tx, row.userId, row.conversationId, messageId);
}
