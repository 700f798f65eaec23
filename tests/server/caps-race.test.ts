/**
 * Counted limits hold under parallel requests: a burst of adds arriving together, starting a few
 * short of the cap, stores exactly up to the cap and answers every other add with the over-cap
 * error (the security probe stored 526 memories against a cap of 500 with 40 parallel adds).
 * On PostgreSQL (TEST_DATABASE_URL) the requests really run side by side on the pool's
 * connections; on PGlite's one connection they queue, and the limits must hold all the same.
 */
import { and, count, eq } from 'drizzle-orm';
import { describe, expect } from 'vitest';
import { memory, userTheme } from '../../src/server/db/schema';
import { MEMORIES_FULL, MEMORY_LIMITS } from '../../src/shared/memories/contract';
import { THEME_LIMITS } from '../../src/shared/themes/schemas';
import { llmAppTest } from '../support/server-fixtures';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import type { TestApp } from './support/test-app';

type TestResponse = Awaited<ReturnType<TestClient['request']>>;

// A model is configured (a conversation needs one); it answers the age reviews.
const it = llmAppTest((llm) => ({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' }));
it.beforeAll(({ llm }) => {
  answerAgeReviewsAsAdult(llm);
});

const BURST = 50;
const ROOM = 5;

const character = {
  name: 'Selene',
  description: 'A moonlit poet with a sharp wit.',
  gender: 'female',
  personality: 'Playful, literate, teases gently and quotes poetry.',
};

async function signedIn(
  t: TestApp,
  email: string,
): Promise<{ client: TestClient; userId: string }> {
  const client = await t.signedInUser(email);
  const userId = (await client.get('/api/auth/get-session')).json.user.id as string;
  return { client, userId };
}

/** Exactly `room` of the burst succeeded with `created`; every other one is the over-cap error. */
function expectOnly(results: TestResponse[], room: number, created: number, message: string) {
  const stored = results.filter((r) => r.status === created);
  const refused = results.filter((r) => r.status !== created);
  expect(stored.length, `${stored.length} stored, ${refused.length} refused`).toBe(room);
  expect(refused.map((r) => [r.status, r.json?.message])).toEqual(
    refused.map(() => [409, message]),
  );
}

describe('memories per character', () => {
  it(`stores exactly ${MEMORY_LIMITS.perCharacter} when ${BURST} adds arrive together`, async ({
    t,
  }) => {
    const { client, userId } = await signedIn(t, 'memory.burst@example.com');
    const characterId = (await client.post('/api/characters', character)).json.id as number;
    const otherId = (await client.post('/api/characters', { ...character, name: 'Nova' })).json
      .id as number;
    const conversationId = (
      await client.post('/api/conversations', { characterId, chatMode: 'texting' })
    ).json.id as number;
    expect(conversationId, 'conversation').toBeGreaterThan(0);
    await t.database.db.insert(memory).values(
      Array.from({ length: MEMORY_LIMITS.perCharacter - ROOM }, (_, i) => ({
        userId,
        characterId,
        source: 'manual' as const,
        content: `fact ${i}`,
      })),
    );

    const results = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        client.post(`/api/characters/${characterId}/memories`, {
          content: `burst ${i}`,
          // Half of them name the conversation they came from (the longer path).
          ...(i % 2 === 0 ? { conversationId } : {}),
        }),
      ),
    );
    // Another character's memories are counted apart: it still takes adds meanwhile.
    const other = await client.post(`/api/characters/${otherId}/memories`, { content: 'apart' });

    expectOnly(results, ROOM, 201, MEMORIES_FULL);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(memory)
      .where(and(eq(memory.userId, userId), eq(memory.characterId, characterId)));
    expect(stored!.n).toBe(MEMORY_LIMITS.perCharacter);
    expect(other.status, other.text).toBe(201);
    const shown = (await client.get(`/api/characters/${characterId}/memories`)).json.memories;
    expect(shown).toHaveLength(MEMORY_LIMITS.perCharacter);
    const created = results.filter((r) => r.status === 201).map((r) => r.json.memory);
    expect(created.filter((m) => m.conversationId === conversationId).length).toBe(
      created.filter((m) => Number(m.content.split(' ')[1]) % 2 === 0).length,
    );
  });

  it('still answers a missing character or conversation before a full one', async ({ t }) => {
    const { client, userId } = await signedIn(t, 'memory.order@example.com');
    const characterId = (await client.post('/api/characters', character)).json.id as number;
    await t.database.db.insert(memory).values(
      Array.from({ length: MEMORY_LIMITS.perCharacter }, (_, i) => ({
        userId,
        characterId,
        source: 'manual' as const,
        content: `fact ${i}`,
      })),
    );
    const missing = await client.post(`/api/characters/${characterId + 1000}/memories`, {
      content: 'x',
    });
    expect(missing.status).toBe(404);
    const noConversation = await client.post(`/api/characters/${characterId}/memories`, {
      content: 'x',
      conversationId: 2_000_000,
    });
    expect(noConversation.status).toBe(404);
    const full = await client.post(`/api/characters/${characterId}/memories`, { content: 'x' });
    expect([full.status, full.json.message]).toEqual([409, MEMORIES_FULL]);
  });
});

describe('saved themes per user', () => {
  const colors = {
    main: '#101010',
    theme: '#202020',
    chatBubbleUser: '#a21caf',
    chatBubbleAI: '#333',
  };
  const tooMany = `You can save up to ${THEME_LIMITS.savedPerUser} themes. Delete one to save another.`;

  it(`stores exactly ${THEME_LIMITS.savedPerUser} when ${BURST} saves arrive together`, async ({
    t,
  }) => {
    const { client, userId } = await signedIn(t, 'theme.burst@example.com');
    const first = await client.post('/api/themes', { name: 'First', colors });
    expect(first.status, first.text).toBe(201);
    await t.database.db.insert(userTheme).values(
      Array.from({ length: THEME_LIMITS.savedPerUser - ROOM - 1 }, (_, i) => ({
        id: `custom-seeded${i}`,
        userId,
        name: `Seeded ${i}`,
        colors: first.json.colors,
        isActive: false,
      })),
    );

    const results = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        client.post('/api/themes', { name: `Burst ${i}`, colors }),
      ),
    );

    expectOnly(results, ROOM, 201, tooMany);
    const themes = (await client.get('/api/themes')).json.themes as { isActive: boolean }[];
    expect(themes).toHaveLength(THEME_LIMITS.savedPerUser);
    expect(themes.filter((theme) => theme.isActive)).toHaveLength(1);
  });
});
