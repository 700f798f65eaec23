/**
 * The prompt's read brings the conversation and its character with the thread (decision 0031):
 * each row must be exactly what Drizzle's own select gives (dates, jsonb, arrays, nulls), and
 * nothing of another user's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { character, conversation } from '../../src/server/db/schema';
import { findConversationWithCharacter } from '../../src/server/modules/chat/chat.repo';
import { readPromptContext } from '../../src/server/modules/chat/prompt-context.repo';
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
