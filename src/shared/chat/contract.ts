import { z } from 'zod';
import { idField, idParams } from '../id-params';
import { decodeConversationCursor } from './conversation-cursor';
import { noticeSchema } from '../safety/contract';
import {
  CHAT_LIMITS,
  CHAT_MODES,
  CONVERSATION_PAGES,
  CONVERSATION_SEARCH_MAX,
  CONVERSATION_TITLE_EMPTY,
  CONVERSATION_TITLE_MAX,
  GROUP_SCENE_MESSAGES,
  GROUP_SCENE_SIZE,
} from './rules';

/**
 * One contract per chat endpoint (spec sections 3 and 7): conversations, messages, replies and
 * story helpers. The server validates and shapes its answers with these schemas; the web app
 * takes its types from here (type-only imports: zod stays out of its chat bundle).
 */

export const CONVERSATION_NOT_FOUND = 'Conversation not found';
export const MESSAGE_NOT_FOUND = 'Message not found';
/** The most messages one history page holds. */
export const MESSAGES_PAGE_SIZE = 100;
export const CONVERSATION_CURSOR_INVALID =
  'This place in your conversation list is not valid. Reload the list and try again.';
export const CONVERSATIONS_LIMIT_INVALID = `Ask for 1 to ${CONVERSATION_PAGES.max} conversations at a time.`;
/** A conversation's name as the user gives it (rename), and a search's words. */
export { CONVERSATION_TITLE_EMPTY };
export const CONVERSATION_TITLE_TOO_LONG = `A conversation’s name can be at most ${CONVERSATION_TITLE_MAX} characters.`;
export const CONVERSATION_SEARCH_TOO_LONG = `Search for at most ${CONVERSATION_SEARCH_MAX} characters.`;

export const messageTextSchema = z
  .string({ error: 'Please type a message first.' })
  .trim()
  .min(1, 'Please type a message first.')
  .max(
    CHAT_LIMITS.messageMaxLength,
    `Messages can be at most ${CHAT_LIMITS.messageMaxLength} characters.`,
  );

/** Any value is accepted: immersive, message and texting are kept, anything else is assistant. */
const chatModeSchema = z.string().optional();

// ---- paths -------------------------------------------------------------------------------

/** `/api/conversations/:id/...` */
export const conversationParams = idParams(CONVERSATION_NOT_FOUND);
/** `/api/messages/:messageId/...` */
export const messageParams = idParams(MESSAGE_NOT_FOUND, 'messageId');

// ---- what the server answers -------------------------------------------------------------

export const storyOptionSchema = z.object({ number: z.number(), option: z.string() });
export type StoryOption = z.infer<typeof storyOptionSchema>;

export const conversationSummarySchema = z.object({
  id: z.number(),
  characterId: z.number().nullable(),
  title: z.string(),
  lastMessage: z.string().nullable(),
  message_count: z.number(),
  chatMode: z.enum(CHAT_MODES),
  model: z.string().nullable(),
  updatedAt: z.string(),
  /** A group scene's characters, in the scene's order (issue 51); absent for one character. */
  characterIds: z.array(z.number()).optional(),
  /** It has messages the user has not seen (issue 52 part 4). */
  unread: z.boolean(),
  /** The newest message of the branch being read (0: none): what a read mark marks. */
  leafId: z.number(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** A character of a group scene: whether it is here now ('Here now'). */
export const sceneMemberSchema = z.object({ characterId: z.number(), present: z.boolean() });
export type SceneMember = z.infer<typeof sceneMemberSchema>;

export const conversationDetailSchema = conversationSummarySchema.extend({
  scenario: z.string().nullable(),
  /** Who the user is in it (GET /api/personas): null for the profile. */
  personaId: z.number().nullable(),
  /** Read each new reply aloud when it is done (issue 50; voice replies configured). */
  autoPlayReplies: z.boolean(),
  currentOptions: z.array(storyOptionSchema),
  /** A group scene's characters in order, with who is here now; absent for one character. */
  members: z.array(sceneMemberSchema).optional(),
});
export type ConversationDetail = z.infer<typeof conversationDetailSchema>;

/**
 * A lorebook entry a reply's prompt carried (issue 47 part 3): its id in the character's book and
 * its name (else its comment, else its first key), for the reply's 'lore' marker.
 */
export const loreMarkSchema = z.object({
  id: z.union([z.number(), z.string()]).nullable(),
  name: z.string(),
});
export type LoreMark = z.infer<typeof loreMarkSchema>;

/**
 * A file a message carries (issue 50 part 3: a picture the character sent): where the owner reads
 * it (GET /api/messages/{id}/attachments/{index}) and its size in pixels, so the thread keeps its
 * place while it loads.
 */
export const attachmentSchema = z.object({
  kind: z.literal('image'),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const chatMessageSchema = z.object({
  id: z.number(),
  conversationId: z.number(),
  content: z.string(),
  sender: z.enum(['user', 'ai']),
  createdAt: z.string(),
  /** The lorebook entries the reply's prompt carried; empty for the user's messages. */
  lore: z.array(loreMarkSchema),
  /** Pictures it carries (none for most messages; none once moderation removed it). */
  attachments: z.array(attachmentSchema),
  /** A group scene's character message: which character said it (issue 51); else absent. */
  speakerId: z.number().optional(),
});
export type ChatMessageView = z.infer<typeof chatMessageSchema>;

/**
 * A message of the history (the active path): where it sits in the tree, and which of its
 * alternatives (siblings, oldest first, 1-based) it is; `siblingIds` are theirs, for moving to
 * one (PUT …/active-leaf).
 */
export const threadMessageSchema = chatMessageSchema.extend({
  parentId: z.number().nullable(),
  siblingIndex: z.number(),
  siblingCount: z.number(),
  siblingIds: z.array(z.number()),
});
export type ThreadMessageView = z.infer<typeof threadMessageSchema>;

// ---- GET /api/models ---------------------------------------------------------------------

/** A model offered to users (issue 48 part 4): its label and what one reply on it costs. */
export const modelOfferSchema = z.object({
  model: z.string(),
  label: z.string(),
  creditsPerReply: z.number().int(),
});
export type ModelOffer = z.infer<typeof modelOfferSchema>;

/**
 * Whether a language model is configured at all, and the models offered (the staff console's
 * Models page): `offers` in their order, the default's id in `defaultModel`. Everyone may choose
 * when more than one is offered (`canChoose`); `models` is the offers' ids. Staff also learn what
 * to set when none is configured.
 */
export const modelChoiceResponse = z.object({
  available: z.boolean(),
  staff: z.boolean(),
  canChoose: z.boolean(),
  models: z.array(z.string()),
  offers: z.array(modelOfferSchema),
  defaultModel: z.string().nullable(),
});
export type ModelChoice = z.infer<typeof modelChoiceResponse>;

// ---- /api/conversations ------------------------------------------------------------------

/**
 * GET /api/conversations. Without a querystring the answer is the spec's plain list (newest
 * first, at most 500); with `limit` or `before` it is one page and the cursor of the next
 * (decision 0016). Both are ordered by updated time, then id, newest first.
 */
export const listConversationsQuery = z.object({
  limit: z.coerce
    .number({ error: CONVERSATIONS_LIMIT_INVALID })
    .int(CONVERSATIONS_LIMIT_INVALID)
    .min(1, CONVERSATIONS_LIMIT_INVALID)
    .max(CONVERSATION_PAGES.max, CONVERSATIONS_LIMIT_INVALID)
    .optional(),
  /** The `nextCursor` of the page before; opaque. */
  before: z
    .string({ error: CONVERSATION_CURSOR_INVALID })
    .transform((token, context) => {
      const cursor = decodeConversationCursor(token);
      if (!cursor) {
        context.addIssue({ code: 'custom', message: CONVERSATION_CURSOR_INVALID });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
  /**
   * Words to look for in the titles and the messages of the branch being read (case-insensitive,
   * anywhere in the text): the answer is then a page of the matches, newest first (blank: none).
   */
  query: z
    .string({ error: CONVERSATION_SEARCH_TOO_LONG })
    .trim()
    .max(CONVERSATION_SEARCH_MAX, CONVERSATION_SEARCH_TOO_LONG)
    .transform((words) => words || undefined)
    .optional(),
});
export type ListConversationsQuery = z.infer<typeof listConversationsQuery>;
export const markReadRequest = z.object({
  upTo: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
/** How many of the user's conversations are still unread (the app icon's badge). */
export const markReadResponse = z.object({ unreadConversations: z.number() });

export const conversationListSchema = z.array(conversationSummarySchema);
export const conversationPageSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  /** Pass as `before` for the next page; null after the last one. */
  nextCursor: z.string().nullable(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;
/** A search's match: `snippet` is the matching message's words around the match (null: the title). */
export const conversationMatchSchema = conversationSummarySchema.extend({
  snippet: z.string().nullable(),
});
export type ConversationMatch = z.infer<typeof conversationMatchSchema>;
export const conversationSearchPageSchema = z.object({
  conversations: z.array(conversationMatchSchema),
  nextCursor: z.string().nullable(),
});
export type ConversationSearchPage = z.infer<typeof conversationSearchPageSchema>;
// The search page first: a union answers its first fitting shape, and a plain page's would drop
// the snippets.
export const listConversationsResponse = z.union([
  conversationSearchPageSchema,
  conversationListSchema,
  conversationPageSchema,
]);

/** POST /api/conversations */
const sceneCharacterIds = z
  .array(idField, { error: GROUP_SCENE_MESSAGES.size })
  .min(GROUP_SCENE_SIZE.min, GROUP_SCENE_MESSAGES.size)
  .max(GROUP_SCENE_SIZE.max, GROUP_SCENE_MESSAGES.size)
  .refine((ids) => new Set(ids).size === ids.length, GROUP_SCENE_MESSAGES.twice);

export const createConversationRequest = z
  .object({
    /** The character of a conversation with one character… */
    characterId: idField.optional(),
    /** …or the characters of a group scene (issue 51), the first one's greeting opening it. */
    characterIds: sceneCharacterIds.optional(),
    chatMode: chatModeSchema,
    model: z.string().max(200).optional(),
    /**
     * In Chat Mode a character with greetings speaks first: its greetings become the first
     * message's alternatives, and this one (0: its greeting, the default) is shown.
     */
    greeting: z
      .number({ error: 'greeting is the number of one of the character’s greetings.' })
      .int('greeting is the number of one of the character’s greetings.')
      .min(0, 'greeting is the number of one of the character’s greetings.')
      .optional(),
    /** Who the user is in it (GET /api/personas): a persona's id, or null/absent for the profile. */
    personaId: idField.nullable().optional(),
  })
  .refine(
    (body) => (body.characterId === undefined) !== (body.characterIds === undefined),
    GROUP_SCENE_MESSAGES.oneOrTheOther,
  );
export type CreateConversationRequest = z.input<typeof createConversationRequest>;
export const createConversationResponse = z.object({ id: z.number() });
export type CreateConversationResponse = z.infer<typeof createConversationResponse>;

/**
 * PUT /api/conversations/:id: its name (rename), its persona (null: the profile), its model
 * (the hidden model picker), or whether its replies are read aloud when they are done.
 */
export const updateConversationRequest = z
  .object({
    model: z.string().min(1, 'Choose a model').max(200).optional(),
    personaId: idField.nullable().optional(),
    title: z
      .string({ error: CONVERSATION_TITLE_EMPTY })
      .trim()
      .min(1, CONVERSATION_TITLE_EMPTY)
      .max(CONVERSATION_TITLE_MAX, CONVERSATION_TITLE_TOO_LONG)
      .optional(),
    autoPlayReplies: z.boolean({ error: 'autoPlayReplies is true or false.' }).optional(),
  })
  .refine(
    (body) =>
      body.model !== undefined ||
      body.title !== undefined ||
      body.personaId !== undefined ||
      body.autoPlayReplies !== undefined,
    { message: 'Say what to change: a title, a persona, a model or auto-play.' },
  );
export type UpdateConversationRequest = z.input<typeof updateConversationRequest>;

/**
 * DELETE /api/conversations/:id?forget=false keeps what the character learned in it (its
 * memories stay, unlinked); by default they are forgotten with it.
 */
export const deleteConversationQuery = z.object({
  forget: z.enum(['true', 'false'], { error: 'forget is true or false.' }).optional(),
});
export type DeleteConversationQuery = z.input<typeof deleteConversationQuery>;

/** DELETE /api/conversations/:id */
export const deleteConversationResponse = z.object({ success: z.literal(true) });

/** GET /api/conversations/:id/messages: oldest first, the page just before `before`. */
export const messagesQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_SIZE).optional(),
});
export const messagesResponse = z.array(threadMessageSchema);

// ---- replies: POST /api/chat, /api/assistant, /api/immersive-chat -------------------------

export const sendMessageRequest = z.object({
  message: messageTextSchema,
  conversationId: idField,
  model: z.string().max(200).optional(),
  chatMode: chatModeSchema,
  /**
   * The message this one follows, to start a branch there (an edit saved as a new branch, 'Branch
   * from here'); null for a new first message. Without it the message follows the end of the
   * history being read.
   */
  parentId: idField.nullable().optional(),
  /**
   * A group scene (issue 51): the character who answers, one of those here now. Without it the
   * scene picks: the character named or @mentioned, else the model's choice among those present.
   */
  speakerId: idField.optional(),
});
export type SendMessageRequest = z.input<typeof sendMessageRequest>;

/**
 * POST /api/messages/:messageId/regenerate's optional body: in a group scene, another version of
 * a reply keeps its speaker unless `speakerId` names another character here now.
 */
export const regenerateRequest = z.object({ speakerId: idField.optional() });
export type RegenerateRequest = z.input<typeof regenerateRequest>;

/**
 * POST /api/conversations/:id/turn (issue 51): a character of a group scene speaks next without a
 * message from the user (one turn each of 'Let them talk'); `speakerId` as on POST /api/chat.
 */
export const sceneTurnRequest = z.object({ speakerId: idField.optional() });
export type SceneTurnRequest = z.input<typeof sceneTurnRequest>;

/**
 * The stored reply (the JSON answer, and the `done` event of a streamed one); after a regenerate
 * or a continue too, where `message` is the whole reply and `userMessageId` the message answered.
 */
export const replyResponse = z.object({
  messageId: z.number(),
  message: z.string(),
  userMessageId: z.number(),
  /** The lorebook entries its prompt carried. */
  lore: z.array(loreMarkSchema),
  /** A group scene's reply: the character who said it (issue 51); else absent. */
  speakerId: z.number().optional(),
});
export type ReplyResult = z.infer<typeof replyResponse>;

/**
 * The JSON answer of a reply (no event stream): the stored reply and the notices shown with it
 * (the "not a human" notice, a crisis notice; decision 0042), which a stream sends as events.
 */
export const replyJsonResponse = replyResponse.extend({ notices: z.array(noticeSchema) });
export type ReplyJsonResult = z.infer<typeof replyJsonResponse>;

/** A streamed reply's events (`Accept: text/event-stream`); refusals come before as JSON. */
export const replyStreamEvents = {
  /**
   * Sent at once, before the model's first token: the message is stored, the reply is coming.
   * `replyId` names the reply's run: GET /api/replies/{replyId}/events follows it again after a
   * dropped connection, from the last event id seen (issue 44). In a group scene, `speakerId`
   * says at once which character is answering (issue 51).
   */
  accepted: z.object({
    userMessageId: z.number(),
    replyId: z.string(),
    speakerId: z.number().optional(),
  }),
  /**
   * A notice shown before the reply (after `accepted`, before the first token): the "not a
   * human" notice at the start and every few hours, a crisis notice with its resources. Never
   * part of the reply and never sent to the model.
   */
  notice: noticeSchema,
  token: z.object({ text: z.string() }),
  /**
   * The stored reply. `message` is what was stored: when the streamed text was withheld (it gave
   * self-harm methods or encouragement) it is the replacement, which the client shows instead.
   */
  done: replyResponse,
  error: z.object({ status: z.number(), message: z.string() }),
};
export type ReplyStreamError = z.infer<typeof replyStreamEvents.error>;

// ---- reply runs: GET /api/replies/:replyId/events -------------------------------------------

export const REPLY_NOT_FOUND = 'Reply not found';
export const REPLY_EVENT_ID_INVALID = "That event id is not one of this reply's.";

export const replyRunParams = z.object({
  replyId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/u, REPLY_NOT_FOUND),
});
/** Where to start: the last event id seen (else the `Last-Event-ID` header; else the start). */
export const replyRunQuery = z.object({ after: z.string().max(32).optional() });

/**
 * A reply run as it stands, for a client that asks without `Accept: text/event-stream`: its
 * state, the text and notices told so far, `lastEventId` (the position after them, to follow on
 * from), and the stored reply or the failure once it ended.
 */
export const replyRunResponse = z.object({
  replyId: z.string(),
  state: z.enum(['queued', 'streaming', 'done', 'failed']),
  text: z.string(),
  notices: z.array(noticeSchema),
  lastEventId: z.string(),
  reply: replyResponse.nullable(),
  error: replyStreamEvents.error.nullable(),
});
export type ReplyRunView = z.infer<typeof replyRunResponse>;

// ---- messages ----------------------------------------------------------------------------

/**
 * PUT /api/messages/:messageId/edit: the user's message or a character's reply, its text replaced
 * in place (answers the edited message).
 */
export const editMessageRequest = z.object({
  content: messageTextSchema,
  conversationId: idField.optional(),
  characterId: idField.optional(),
});
export type EditMessageRequest = z.input<typeof editMessageRequest>;

/** PUT /api/conversations/:id/active-leaf: read the branch through this message. */
export const activeLeafRequest = z.object({ messageId: idField });
export type ActiveLeafRequest = z.input<typeof activeLeafRequest>;
/** The branch's newest message, now the end of the history. */
export const activeLeafResponse = z.object({ activeLeafId: z.number() });
export type ActiveLeafResponse = z.infer<typeof activeLeafResponse>;

/** DELETE /api/messages/:messageId (with every message after it on any branch). */
export const deleteMessageResponse = z.object({
  deleted: z.number(),
  /** The end of the history now; null when the conversation has no message left. */
  activeLeafId: z.number().nullable(),
});
export type DeleteMessageResponse = z.infer<typeof deleteMessageResponse>;

// ---- story mode and memory -----------------------------------------------------------------

/** POST /api/conversations/:id/generate-scenario (the body is optional) */
export const generateScenarioRequest = z.object({
  message: z.string().trim().max(CHAT_LIMITS.messageMaxLength).optional(),
});
export type GenerateScenarioRequest = z.input<typeof generateScenarioRequest>;
/** The scene, and the notices shown with it (the "not a human" notice opens a story). */
export const generateScenarioResponse = z.object({
  scenario: z.string(),
  notices: z.array(noticeSchema),
});
export type GenerateScenarioResponse = z.infer<typeof generateScenarioResponse>;

/** POST /api/generate-options */
export const generateOptionsRequest = z.object({ conversationId: idField });
export type GenerateOptionsRequest = z.input<typeof generateOptionsRequest>;
export const generateOptionsResponse = z.object({ options: z.array(storyOptionSchema) });
export type GenerateOptionsResponse = z.infer<typeof generateOptionsResponse>;

/** POST /api/conversations/:id/summarize */
export const summarizeResponse = z.object({ summary: z.string() });

// ---- PUT /api/conversations/:id/present (issue 51) -----------------------------------------

/** Who is here now in a group scene: the characters present, the others stepped out. */
export const presentRequest = z.object({
  characterIds: z
    .array(idField, { error: GROUP_SCENE_MESSAGES.nobodyHere })
    .min(1, GROUP_SCENE_MESSAGES.nobodyHere)
    .max(GROUP_SCENE_SIZE.max, GROUP_SCENE_MESSAGES.notInScene),
});
export const presentResponse = z.object({ members: z.array(sceneMemberSchema) });
