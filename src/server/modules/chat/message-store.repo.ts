import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Bound } from '../../db/prepared';
import { conversation, conversationMember, message } from '../../db/schema';
import { forgetPendingFilesStep } from '../avatars';

/**
 * Stores one message and keeps its conversation current in the same statement: the new message
 * becomes the end of the history (active leaf), count, preview and time, the title of a new conversation (`titleIfNew`), the model it was sent to (`model`). One
 * statement is atomic by itself, so this needs no transaction (one round trip instead of four).
 * `alongside` is another writing statement with RETURNING that must succeed or fail with it (a
 * reply's charge settlement); `alongsideRows` says how many rows it returned. `paidWith` are
 * steps that take a credit (credits' takeCreditSteps, ending in `charge`): the message is stored
 * only when they did; when they did not, `chargeId` is null (and `id` 0).
 */
export async function storeMessage(
  db: Executor,
  userId: string,
  conversationId: number,
  value: StoredMessageValue,
  alongside?: SQL,
  paidWith?: SQL,
): Promise<StoredMessage> {
  const { steps, result } = storeMessageSteps(userId, conversationId, value, alongside, paidWith);
  const { rows } = await db.execute<RawStored>(sql`with ${steps} select ${result}`);
  return storedFromRow(rows[0]!);
}

/** What storeMessage stores (see there). */
export interface StoredMessageValue {
  sender: Bound<'user' | 'ai'>;
  content: Bound<string>;
  /**
   * The message this one follows (null: none, a new first message); by default the end of the
   * history (the active leaf).
   */
  parentId?: Bound<number | null> | undefined;
  titleIfNew?: Bound<string | null> | undefined;
  model?: Bound<string | null> | undefined;
  /** A reply's lorebook entries as JSON text (its 'lore' marker), or null. */
  lore?: Bound<string | null> | undefined;
  /** The files it carries as JSON text (StoredAttachment[]: a picture), or null. */
  attachments?: Bound<string | null> | undefined;
  /** A group scene's character message: who said it (issue 51). */
  speakerId?: Bound<number | null> | undefined;
}

export interface StoredMessage {
  id: number;
  messageCount: number;
  alongsideRows: number;
  chargeId: number | null;
}

/** The row of storeMessageSteps' `result` columns, as a driver gives it. */
export interface RawStored extends Record<string, unknown> {
  id: string | number | null;
  count: number | null;
  alongside: number;
  charge_id: string | number | null;
}

export function storedFromRow(row: RawStored): StoredMessage {
  return {
    id: Number(row.id),
    messageCount: row.count ?? 0,
    alongsideRows: row.alongside,
    chargeId: row.charge_id === null ? null : Number(row.charge_id),
  };
}

/**
 * storeMessage's statement as its parts, for a statement that reads beside it (the prompt's
 * read, prompt-context.repo): `steps`, the common table expressions that write, and `result`,
 * the select list of one row that storedFromRow reads.
 */
export function storeMessageSteps(
  userId: Bound<string>,
  conversationId: Bound<number>,
  value: StoredMessageValue,
  alongside?: SQL,
  paidWith?: SQL,
): { steps: SQL; result: SQL } {
  const parent =
    value.parentId === undefined
      ? sql`(select active_leaf_id from ${conversation} where id = ${conversationId} and user_id = ${userId})`
      : sql`${value.parentId}::bigint`;
  const steps = sql`${paidWith ? sql`${paidWith},` : sql``} stored as (
      insert into ${message} (conversation_id, user_id, parent_id, sender, content, lore, attachments,
                              speaker_id, present, scenario)
      select ${conversationId}::int, ${userId}::text, ${parent}, ${value.sender}::text,
             ${value.content}::text, ${value.lore ?? null}::jsonb, ${value.attachments ?? null}::jsonb,
             ${value.speakerId ?? null}::int,
             -- a group scene's message keeps who was here (issue 51); null for one character
             (select array_agg(p.character_id order by p.position) from ${conversationMember} p
               where p.conversation_id = ${conversationId} and p.user_id = ${userId} and p.present),
             -- a story's new first message begins a branch with the scene just written for it
             case when ${parent} is null then
               (select scenario from ${conversation} where id = ${conversationId} and user_id = ${userId})
             end
      ${paidWith ? sql`where exists (select 1 from charge)` : sql``}
      returning id
    ), counted as (
      update ${conversation} set
        message_count = message_count + 1,
        last_message = ${value.content},
        -- the title is the user's first message on the branch being read, unless they named it
        title = case when title_renamed_at is null and ${value.titleIfNew ?? null}::text is not null and (
                       title = 'New conversation' or ${parent} is null or exists (
                         select 1 from ${message} p
                          where p.id = ${parent} and p.parent_id is null and p.sender = 'ai'))
                     then ${value.titleIfNew ?? null}::text else title end,
        model = coalesce(${value.model ?? null}::text, model),
        active_leaf_id = (select id from stored),
        -- a story's options belong to the message they followed; the new end has none yet
        current_options = '[]'::jsonb,
        updated_at = now()
      where id = ${conversationId} and user_id = ${userId} and exists (select 1 from stored)
      returning message_count
    ), alongside as (${alongside ?? sql`select 1 where false`})${
      value.attachments === undefined
        ? sql``
        : // Its pictures were stored first, recorded as pending (storeFileBeforeRow): they stay.
          sql`, kept_files as (${forgetPendingFilesStep(
            sql`select a->>'key' from jsonb_array_elements(${value.attachments}::jsonb) a`,
            sql`exists (select 1 from stored)`,
          )})`
    }`;
  const result = sql`(select id from stored) as id,
           (select message_count from counted) as count,
           (select count(*) from alongside)::int as alongside,
           ${paidWith ? sql`(select id from charge)` : sql`null`} as charge_id`;
  return { steps, result };
}
