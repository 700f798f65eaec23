import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  CONVERSATION_NOT_FOUND,
  MESSAGES_PAGE_SIZE,
  type ChatMessageView,
  type ConversationDetail,
  type ConversationPage,
  type ConversationSearchPage,
  type ConversationSummary,
  type createConversationRequest,
  type ListConversationsQuery,
  type ThreadMessageView,
} from '../../../shared/chat/contract';
import { attachmentUrl } from '../../../shared/pictures/contract';
import { encodeConversationCursor } from '../../../shared/chat/conversation-cursor';
import { CONVERSATION_PAGES, normalizeChatMode, type ChatMode } from '../../../shared/chat/rules';
import { fillGreeting, greetsFirst, UNNAMED_USER } from '../../../shared/characters/greetings';
import { assertPersonaOwned, userNameIn } from '../personas';
import type { AppContext } from '../../context';
import { notFound, serviceUnavailable } from '../../errors';
import { LLM_NOT_CONFIGURED } from '../../integrations/llm';
import { findCharacter } from '../characters';
import { requireNotModerated } from './conversation-context';
import { CHARACTER_NOT_FOUND } from '../../../shared/characters/contract';
import {
  deleteConversation as deleteConversationRow,
  findConversation,
  insertConversation,
  listConversations,
  markReadUpTo,
  searchConversations,
  updateConversationFields,
  type ConversationRow,
} from './conversations.repo';
import type { MessageRow } from './messages.repo';
import { readHistoryPage, type ThreadMessage } from './thread-read.repo';
import { withSceneCharacters, withSceneMembers } from './group-scene.service';
import { offeredModels, resolveModel } from './model-policy';
import { noticesForReply } from '../safety';
import { unreadConversations } from '../push';

export function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    characterId: row.characterId,
    title: row.title,
    lastMessage: row.lastMessage,
    message_count: row.messageCount,
    chatMode: normalizeChatMode(row.chatMode),
    model: row.model,
    updatedAt: row.updatedAt.toISOString(),
    unread: (row.activeLeafId ?? 0) > row.readUpTo,
    leafId: row.activeLeafId ?? 0,
  };
}

/** A row of the list as withSceneCharacters takes it. */
const summaryOf = (row: ConversationRow) => ({
  summary: toSummary(row),
  groupScene: row.groupScene,
});

export function toDetail(row: ConversationRow): ConversationDetail {
  // Added to the summary's object, not spread into a copy (see toThreadMessageView).
  return Object.assign(toSummary(row), {
    scenario: row.scenario,
    personaId: row.personaId,
    autoPlayReplies: row.autoPlayReplies,
    currentOptions: row.currentOptions,
  });
}

export function toMessageView(
  row: Pick<MessageRow, 'id' | 'conversationId' | 'content' | 'sender' | 'createdAt'> & {
    lore?: MessageRow['lore'] | undefined;
    attachments?: MessageRow['attachments'] | undefined;
    speakerId?: number | null | undefined;
  },
): ChatMessageView {
  const view: ChatMessageView = {
    id: row.id,
    conversationId: row.conversationId,
    content: row.content,
    sender: row.sender,
    createdAt: row.createdAt.toISOString(),
    lore: row.lore ?? [],
    attachments: attachmentViews(row.id, row.attachments),
  };
  // A group scene's speaker (issue 51); one character's conversations say nothing more.
  if (row.speakerId != null) view.speakerId = row.speakerId;
  return view;
}

const NO_ATTACHMENTS: ChatMessageView['attachments'] = [];

/** A message's stored files as its owner reads them: an address instead of the storage key. */
function attachmentViews(
  messageId: number,
  stored: MessageRow['attachments'] | undefined,
): ChatMessageView['attachments'] {
  if (!stored?.length) return NO_ATTACHMENTS;
  return stored.map((a, index) => ({
    kind: a.kind,
    url: attachmentUrl(messageId, index),
    width: a.width,
    height: a.height,
  }));
}

/**
 * The message's view with its place in the tree added to it (Object.assign), not spread into a
 * copy: V8 built each `{ ...toMessageView(row), … }` so that it outlived the young generation,
 * ~55 KB a page (1.5 MB kept through every minor collection while pages were read, then a full
 * collection every few seconds; sampling heap profile, decision 0029).
 */
function toThreadMessageView(row: ThreadMessage): ThreadMessageView {
  return Object.assign(toMessageView(row), {
    parentId: row.parentId,
    siblingIndex: row.siblingIds.indexOf(row.id) + 1,
    siblingCount: row.siblingIds.length,
    siblingIds: row.siblingIds,
  });
}

export async function requireConversation(ctx: AppContext, userId: string, id: number) {
  const row = await findConversation(ctx.db, userId, id);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row;
}

/** The spec's unpaged list (GET /api/conversations with no querystring) stops here. */
const WHOLE_LIST_LIMIT = 500;

/** The user's conversations as one list, newest first: the answer the spec describes. */
export async function listUserConversations(ctx: AppContext, userId: string) {
  const rows = await listConversations(ctx.db, userId, { limit: WHOLE_LIST_LIMIT });
  return withSceneCharacters(ctx, userId, rows.map(summaryOf));
}

/**
 * One page of the user's conversations, newest first, after `before` (the previous page's
 * `nextCursor`). One row more than the page is read, so the last page says it is the last.
 */
export async function pageUserConversations(
  ctx: AppContext,
  userId: string,
  { before, limit = CONVERSATION_PAGES.size }: ListConversationsQuery,
): Promise<ConversationPage> {
  const rows = await listConversations(ctx.db, userId, { before, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    conversations: await withSceneCharacters(ctx, userId, page.map(summaryOf)),
    nextCursor:
      rows.length > limit && last
        ? encodeConversationCursor({ updatedAt: last.cursorTime, id: last.id })
        : null,
  };
}

/**
 * One page of the user's conversations whose title or messages (of the branch being read) hold
 * `words`, newest first, each with the words around its newest matching message. Paged like
 * the list, with the same cursor.
 */
export async function searchUserConversations(
  ctx: AppContext,
  userId: string,
  words: string,
  { before, limit = CONVERSATION_PAGES.size }: ListConversationsQuery,
): Promise<ConversationSearchPage> {
  const hits = await searchConversations(ctx.db, userId, words, { before, limit: limit + 1 });
  const page = hits.slice(0, limit);
  const last = page.at(-1)?.row;
  return {
    conversations: await withSceneCharacters(
      ctx,
      userId,
      page.map(({ row, matchedText }) => ({
        summary: Object.assign(toSummary(row), {
          snippet: matchedText === null ? null : snippetAround(matchedText, words),
        }),
        groupScene: row.groupScene,
      })),
    ),
    nextCursor:
      hits.length > limit && last
        ? encodeConversationCursor({ updatedAt: last.cursorTime, id: last.id })
        : null,
  };
}

/** How much of a matching message a search result shows: before the match, and in all. */
const SNIPPET = { before: 30, length: 100 } as const;

/**
 * The words of `text` around the first place that holds `words` (case-insensitive), on one
 * line, with an ellipsis where it was cut. Where JavaScript's case folding finds no match (the
 * database's may differ for a rare letter), the text's start.
 */
export function snippetAround(text: string, words: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const at = Math.max(0, flat.toLowerCase().indexOf(words.replace(/\s+/g, ' ').toLowerCase()));
  let start = Math.max(0, at - SNIPPET.before);
  // From the start of a word, unless that word is very long.
  const space = flat.lastIndexOf(' ', start);
  if (start > 0 && space >= start - 15) start = space + 1;
  const end = Math.max(start + SNIPPET.length, at + words.length);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

export async function createConversation(
  ctx: AppContext,
  userId: string,
  input: z.output<typeof createConversationRequest>,
) {
  // A conversation nobody can get a reply in would only sit empty in the list.
  if (!ctx.llm.configured) throw serviceUnavailable(LLM_NOT_CONFIGURED);
  // One character, or a group scene's (issue 51), whose first one opens it with its greeting.
  const ids = input.characterIds ?? [input.characterId!];
  const characters = [];
  for (const id of ids) {
    const found = await findCharacter(ctx.db, userId, id);
    if (!found) throw notFound(CHARACTER_NOT_FOUND);
    requireNotModerated(found);
    characters.push(found);
  }
  const character = characters[0]!;
  const chatMode = normalizeChatMode(input.chatMode);
  const personaId = input.personaId ?? null;
  await assertPersonaOwned(ctx, userId, personaId);
  const userName = await userNameIn(ctx, userId, personaId);
  const greetings = greetingsFor(character, chatMode, input.greeting, userName);
  await offeredModels(ctx);
  const row = await insertConversation(
    ctx.db,
    userId,
    {
      characterId: character.id,
      chatMode,
      model: resolveModel(ctx, input.model, null),
      personaId,
    },
    greetings,
    input.characterIds ?? null,
  );
  // A character that speaks first is an AI speaking: the "not a human" notice comes before its
  // greeting (other conversations show it before the first reply).
  if (greetings.texts.length > 0) {
    await noticesForReply(ctx, {
      userId,
      conversationId: row.id,
      characterName: character.name,
      sceneNames: input.characterIds ? characters.map((c) => c.name) : undefined,
      afterMessageId: null,
      crisis: false,
    });
  }
  return { id: row.id };
}

/**
 * In Chat Mode a character with greetings speaks first (Story Mode opens with its scene
 * instead). A greeting number the character no longer has (edited meanwhile) shows its first.
 */
function greetingsFor(
  character: { name: string; greetings: string[] },
  mode: ChatMode,
  chosen: number | undefined,
  userName: string | null,
) {
  if (!greetsFirst(mode, character.greetings)) return { texts: [], shown: 0 };
  const names = { user: userName || UNNAMED_USER, char: character.name };
  // The conversation has no id yet: its own seed, one per greeting so alternatives pick apart.
  const seed = randomUUID();
  const texts = character.greetings.map((g, i) => fillGreeting(g, names, `${seed}:${i}`));
  return { texts, shown: chosen !== undefined && chosen < texts.length ? chosen : 0 };
}

/**
 * The user has seen the conversation up to `upTo` (issue 52 part 4): the mark only moves forward,
 * and never past the branch's newest message. Answers how many conversations are still unread,
 * for the app icon's badge.
 */
export async function markRead(ctx: AppContext, userId: string, id: number, upTo: number) {
  if (!(await markReadUpTo(ctx.db, userId, id, upTo))) throw notFound(CONVERSATION_NOT_FOUND);
  return { unreadConversations: await unreadConversations(ctx.db, userId) };
}

export async function getConversation(ctx: AppContext, userId: string, id: number) {
  const row = await requireConversation(ctx, userId, id);
  return withSceneMembers(ctx, userId, toDetail(row), row.groupScene);
}

/**
 * PUT /api/conversations/{id}: a name the user gives it (kept whichever branch is read, see
 * titleRenamedAt), who the user is in it (a persona; null: the profile; the next reply's prompt
 * and `{{user}}` use it, greetings already shown stay as they were written), and/or the model its
 * replies use (the staff's picker).
 */
export async function updateConversation(
  ctx: AppContext,
  userId: string,
  id: number,
  changes: {
    title?: string | undefined;
    model?: string | undefined;
    personaId?: number | null | undefined;
    autoPlayReplies?: boolean | undefined;
  },
) {
  if (changes.model !== undefined || changes.personaId !== undefined) {
    await requireConversation(ctx, userId, id);
  }
  if (changes.model !== undefined) {
    await offeredModels(ctx);
    resolveModel(ctx, changes.model, null); // 503 without a model, 400 when not offered
  }
  if (changes.personaId !== undefined) await assertPersonaOwned(ctx, userId, changes.personaId);
  const row = await updateConversationFields(ctx.db, userId, id, {
    ...(changes.model !== undefined ? { model: changes.model } : {}),
    ...(changes.personaId !== undefined ? { personaId: changes.personaId } : {}),
    ...(changes.autoPlayReplies !== undefined ? { autoPlayReplies: changes.autoPlayReplies } : {}),
    ...(changes.title !== undefined
      ? { title: changes.title.replace(/\s+/g, ' '), titleRenamedAt: new Date() }
      : {}),
  });
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return withSceneMembers(ctx, userId, toDetail(row), row.groupScene);
}

export async function deleteConversation(
  ctx: AppContext,
  userId: string,
  id: number,
  forget: boolean,
) {
  if (!(await deleteConversationRow(ctx.db, userId, id, forget))) {
    throw notFound(CONVERSATION_NOT_FOUND);
  }
}

/**
 * Oldest-first page of the history (the active path) ending just before `before` (for infinite
 * scroll upwards), each message with its place among its alternatives.
 */
export async function getMessages(
  ctx: AppContext,
  userId: string,
  id: number,
  before: number | undefined,
  limit = MESSAGES_PAGE_SIZE,
) {
  // The thread is read as the user's only (readHistoryPage checks the owner), so a page with
  // messages needs no ownership check of its own; an empty one is either an empty conversation
  // of theirs or not theirs, and only then is the conversation looked up (one statement less).
  const rows = await readHistoryPage(ctx.db, userId, id, { before, limit });
  if (rows.length === 0) await requireConversation(ctx, userId, id);
  return rows.map(toThreadMessageView);
}
