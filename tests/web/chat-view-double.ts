import type { Character } from '../../src/shared/characters/contract';
import type { LoreMark, ThreadMessageView } from '../../src/shared/chat/contract';
import { json, type startApiDouble } from './api-double';

/**
 * What a ChatView test needs around the conversation it opens: the reads the chat makes on its
 * own (credits, models, safety status, unanswered messages, notices, the conversation), answered
 * by the API double as a signed-in user with a few credits and a model sees them, and a
 * character and thread messages to show.
 */

type ApiDouble = Awaited<ReturnType<typeof startApiDouble>>;

export const CONVERSATION = 7;
const at = '2026-01-01T00:00:00.000Z';

export const mira = {
  id: 3,
  name: 'Mira',
  description: 'A lighthouse keeper.',
  avatarUrl: null,
  avatarColor: 'sunset',
  directnessLevel: 3,
  greetings: [],
} as unknown as Character;

/** A message of the thread, alone among its alternatives unless `siblingIds` says otherwise. */
export const threadMessage = (
  id: number,
  sender: 'user' | 'ai',
  content: string,
  {
    parentId = null,
    siblingIds = [id],
    lore = [],
  }: { parentId?: number | null; siblingIds?: number[]; lore?: LoreMark[] } = {},
): ThreadMessageView => ({
  id,
  conversationId: CONVERSATION,
  attachments: [],
  sender,
  content,
  createdAt: at,
  parentId,
  siblingIndex: siblingIds.indexOf(id) + 1,
  siblingCount: siblingIds.length,
  siblingIds,
  lore,
});

/** The chat's own reads of conversation CONVERSATION, whose messages are `messages()`. */
export function answerChatReads(apiDouble: ApiDouble, messages: () => ThreadMessageView[]) {
  apiDouble.on('POST /api/credit-check', (_req, _body, res) => json(res, 200, { creditsLeft: 5 }));
  apiDouble.on('GET /api/get-credits', (_req, _body, res) => json(res, 200, { credits: 5 }));
  apiDouble.on('GET /api/models', (_req, _body, res) =>
    json(res, 200, {
      available: true,
      staff: false,
      canChoose: false,
      models: [],
      defaultModel: null,
    }),
  );
  apiDouble.on('GET /api/safety/status', (_req, _body, res) =>
    json(res, 200, { chatPaused: false, message: null }),
  );
  apiDouble.on('GET /api/unanswered', (_req, _body, res) => json(res, 200, { messages: [] }));
  apiDouble.on(`GET /api/conversations/${CONVERSATION}/notices`, (_req, _body, res) =>
    json(res, 200, []),
  );
  apiDouble.on(`GET /api/conversations/${CONVERSATION}/messages`, (_req, _body, res) =>
    json(res, 200, messages()),
  );
  apiDouble.on(`GET /api/conversations/${CONVERSATION}`, (_req, _body, res) =>
    json(res, 200, conversationDetail()),
  );
}

/** The opened conversation's detail (an Assistant Mode chat with Mira), with `changes`. */
export const conversationDetail = (changes: Record<string, unknown> = {}) => ({
  id: CONVERSATION,
  characterId: mira.id,
  chatMode: 'assistant',
  scenario: null,
  personaId: null,
  autoPlayReplies: false,
  currentOptions: [],
  model: null,
  ...changes,
});
