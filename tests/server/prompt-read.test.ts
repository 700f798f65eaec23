/**
 * The prompt's read brings the conversation and its character with the thread (decision 0031):
 * each row must be exactly what Drizzle's own select gives (dates, jsonb, arrays, nulls), and
 * nothing of another user's. A message at the end of the history is stored, paid for and read
 * for in the same statement (decision 0032).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { character, conversation, creditAccount } from '../../src/server/db/schema';
import { findConversationWithCharacter } from '../../src/server/modules/chat/conversations.repo';
import { storeMessage } from '../../src/server/modules/chat/message-store.repo';
import {
  readPromptContext,
  storeMessageAndReadPrompt,
} from '../../src/server/modules/chat/prompt-context.repo';
import { startTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let ownerId: string;
let strangerId: string;

const read = (userId: string, conversationId: number) =>
  readPromptContext(t.database.db, userId, conversationId, { limit: 200, maxChars: 100_000 });

async function userIdOf() {
  const client = await t.signedInUser();
  return (await client.get('/api/auth/get-session')).json.user.id as string;
}

async function newConversation(userId: string, values: Partial<typeof character.$inferInsert>) {
  const { db } = t.database;
  const [made] = await db
    .insert(character)
    .values({
      userId,
      name: 'Selene',
      description: 'A moonlit poet "with" a sharp wit.\nAnd a second line.',
      gender: 'female',
      personality: 'Playful, literate — quotes poetry; café nights 🌙.',
      ...values,
    })
    .returning();
  const [started] = await db
    .insert(conversation)
    .values({ userId, characterId: made!.id, chatMode: 'story' })
    .returning();
  return { characterId: made!.id, conversationId: started!.id };
}

beforeAll(async () => {
  t = await startTestApp();
  ownerId = await userIdOf();
  strangerId = await userIdOf();
});

afterAll(async () => {
  await t?.close();
});

describe('the prompt read’s conversation and character', () => {
  it('are the rows Drizzle reads, every column alike', async () => {
    const { db } = t.database;
    const { conversationId } = await newConversation(ownerId, {
      avatarImage: null,
      settings: { emojis: false, actionMessages: true },
      sexualPreferences: ['Women', 'Men'],
      roles: ['Friend', 'Rival "of old"'],
      directnessLevel: 3,
    });
    await db
      .update(conversation)
      .set({
        model: 'big-405b',
        scenario: 'The storm hits the lighthouse.',
        summarizedAt: new Date('2026-03-04T05:06:07.891Z'),
        currentOptions: [{ number: 1, option: 'Light the lamp' }],
        activeLeafId: null,
      })
      .where(eq(conversation.id, conversationId));

    const expected = await findConversationWithCharacter(db, ownerId, conversationId);
    const { target } = await read(ownerId, conversationId);
    expect(target).toEqual(expected);
    expect(target!.conversation.createdAt).toBeInstanceOf(Date);
    expect(target!.conversation.summarizedAt!.toISOString()).toBe('2026-03-04T05:06:07.891Z');
    expect(target!.character!.roles).toEqual(['Friend', 'Rival "of old"']);
  });

  it('keep a conversation whose character was deleted, without the character', async () => {
    const { db } = t.database;
    const { conversationId, characterId } = await newConversation(ownerId, {});
    await db.delete(character).where(eq(character.id, characterId));
    const { target } = await read(ownerId, conversationId);
    expect(target).toEqual(await findConversationWithCharacter(db, ownerId, conversationId));
    expect(target!.character).toBeNull();
  });

  it('are nothing for another user’s conversation', async () => {
    const { conversationId } = await newConversation(ownerId, {});
    expect(await read(strangerId, conversationId)).toMatchObject({
      target: null,
      history: [],
      memories: [],
    });
  });
});

describe('a message stored with the prompt’s read', () => {
  const giveCredits = async (userId: string, credits: number) => {
    await t.database.db
      .insert(creditAccount)
      .values({ userId, credits, periodStart: new Date() })
      .onConflictDoUpdate({ target: creditAccount.userId, set: { credits } });
  };
  const creditsOf = async (userId: string) =>
    (
      await t.database.db
        .select({ credits: creditAccount.credits })
        .from(creditAccount)
        .where(eq(creditAccount.userId, userId))
    )[0]!.credits;
  const storeAndRead = (userId: string, conversationId: number, content: string) =>
    storeMessageAndReadPrompt(
      t.database.db,
      userId,
      conversationId,
      { content, titleIfNew: null, model: null },
      { limit: 200, maxChars: 100_000 },
      { creditsJson: '{}', defaultCredits: 1 },
      null,
    );

  it('takes one credit, stores the message at the end, and reads the thread before it', async () => {
    const { db } = t.database;
    const { conversationId } = await newConversation(ownerId, {});
    await storeMessage(db, ownerId, conversationId, { sender: 'user', content: 'Hello.' });
    await storeMessage(db, ownerId, conversationId, { sender: 'ai', content: 'Good evening.' });
    await giveCredits(ownerId, 5);
    const before = await read(ownerId, conversationId);

    const { stored, read: got } = await storeAndRead(ownerId, conversationId, 'Tell me more.');
    expect(stored.chargeId).not.toBeNull();
    expect(stored.messageCount).toBe(3);
    // One snapshot: the read is the conversation as it was before the message.
    expect(got).toEqual(before);
    expect(got.history.map((m) => m.content)).toEqual(['Hello.', 'Good evening.']);
    const after = await read(ownerId, conversationId);
    expect(after.history.at(-1)).toEqual({
      id: stored.id,
      sender: 'user',
      content: 'Tell me more.',
    });
    expect(after.target!.conversation.activeLeafId).toBe(stored.id);
    expect(await creditsOf(ownerId)).toBe(4);
  });

  it('takes and stores nothing in another user’s conversation, and reads nothing of it', async () => {
    const { conversationId } = await newConversation(ownerId, {});
    await giveCredits(strangerId, 5);
    const { stored, read: got } = await storeAndRead(strangerId, conversationId, 'Hi.');
    expect(stored).toMatchObject({ chargeId: null, id: 0 });
    expect(got).toMatchObject({ target: null, history: [], memories: [] });
    expect(await creditsOf(strangerId)).toBe(5);
    expect((await read(ownerId, conversationId)).target!.conversation.messageCount).toBe(0);
  });
});
