/**
 * Issue 47 part 2: an imported card's fields stored with the character (POST /api/characters
 * takes the draft of POST /api/character-cards/read as it is), shown on the character, read by
 * the adults-only rule as typed fields are, and used in the prompt as decision 0052 says.
 */
import { describe, expect } from 'vitest';
import { json, v2Card } from '../support/card-fixtures';
import { llmAppTest } from '../support/server-fixtures';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';

const it = llmAppTest((llm) => ({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' }));

const ADULTS_ONLY = 'Every character, including you and anyone you mention, is an adult aged 18';
const CREATOR_NOTES = 'Best with slow stories. Made on a rainy Sunday.';

const card = {
  ...v2Card,
  data: {
    ...v2Card.data,
    creator_notes: CREATOR_NOTES,
    mes_example: '<START>\n{{user}}: Storm tonight?\n{{char}}: Always. More tea?',
    system_prompt: 'You are {{char}}, keeper of the light. Answer in one breath.',
    post_history_instructions: 'Keep {{char}} in the storm.',
  },
};

interface Turn {
  role: string;
  content: string;
}

/** The card read as the import does, then created as the form sends it (gender added). */
async function importCard(user: TestClient, data: Record<string, unknown> = card.data) {
  const read = await user.upload(
    '/api/character-cards/read',
    json({ ...card, data }),
    'mira.json',
    'application/json',
  );
  expect(read.status, read.text).toBe(200);
  const { draft, lorebook } = read.json;
  return user.post('/api/characters', { ...draft, gender: 'female', lorebook });
}

const characterCount = async (user: TestClient) =>
  ((await user.get('/api/characters')).json as unknown[]).length;

describe('an imported card’s fields', () => {
  it.beforeEach(({ llm }) => {
    llm.reset();
    answerAgeReviewsAsAdult(llm);
  });

  it('are stored and shown on the character, kept by an edit, left out of the list', async ({
    user,
  }) => {
    const created = await importCard(user);
    expect(created.status, created.text).toBe(201);
    const path = `/api/characters/${created.json.id}`;

    const shown = {
      creatorNotes: CREATOR_NOTES,
      tags: ['slice of life', 'coast'],
      creator: 'cardmaker',
      scenario: 'A storm has stranded {{user}} at the lighthouse.',
    };
    expect((await user.get(path)).json).toMatchObject(shown);

    const edited = await user.put(path, { name: 'Mira Vale' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ name: 'Mira Vale', ...shown });
    expect((await user.get(path)).json).toMatchObject(shown);

    const listed = (await user.get('/api/characters')).json.find(
      (c: { id: number }) => c.id === created.json.id,
    );
    expect(listed).not.toHaveProperty('creatorNotes');
    expect(listed).not.toHaveProperty('scenario');
  });

  it('shows nothing of a card for a character made here', async ({ user }) => {
    const created = await user.post('/api/characters', {
      name: 'Selene',
      description: 'A moonlit poet with a sharp wit.',
      gender: 'female',
      personality: 'Playful, literate, teases gently.',
    });
    expect(created.status, created.text).toBe(201);
    expect((await user.get(`/api/characters/${created.json.id}`)).json).toMatchObject({
      creatorNotes: null,
      tags: [],
      creator: null,
      scenario: null,
    });
  });

  it('refuses a minor-coded lorebook entry or example dialogue as a typed field, creating nothing', async ({
    t,
  }) => {
    const user = await t.signedInUser('minor-card@example.com');
    const lorebook = {
      ...v2Card.data.character_book,
      entries: [{ keys: ['school'], content: 'Mira is 15 and lives with her father.' }],
    };
    const byLore = await importCard(user, { ...card.data, character_book: lorebook });
    expect(byLore.status).toBe(400);
    expect(byLore.json).toEqual({
      message: 'Characters must be adults (18+). Please remove the reference to "is 15".',
    });

    const byExample = await importCard(user, {
      ...card.data,
      mes_example: "<START>\n{{char}}: I'm 15, you know.",
    });
    expect(byExample.status).toBe(400);
    expect(byExample.json.message).toBe(
      'Characters must be adults (18+). Please remove the reference to "I\'m 15".',
    );
    expect(await characterCount(user)).toBe(0);
  });

  it('over 2 MB with the lorebook: 413 in plain words, nothing created', async ({ t }) => {
    const user = await t.signedInUser('big-card@example.com');
    const res = await user.post('/api/characters', {
      name: 'Mira',
      description: 'A lighthouse keeper on a stormy coast.',
      gender: 'female',
      personality: 'Patient, dry humour, fond of tea.',
      extras: { extensions: { notes: 'x'.repeat(2.1 * 1024 * 1024) } },
    });
    expect(res.status).toBe(413);
    expect(res.json.message).toMatch(/more than 2 MB/);
    expect(await characterCount(user)).toBe(0);
  });

  it('go into the prompt: example dialogue, system prompt, post-history instructions; never the creator notes', async ({
    t,
    llm,
  }) => {
    const user = await t.signedInUser('card-chat@example.com');
    await user.post('/api/user-profile', { name: 'Riley', gender: 'Non-binary' });
    const created = await importCard(user);
    expect(created.status, created.text).toBe(201);
    const conversation = await user.post('/api/conversations', {
      characterId: created.json.id,
      chatMode: 'texting',
    });
    expect(conversation.status, conversation.text).toBe(201);

    llm.script({ content: 'The lamp is lit.' });
    const res = await user.post('/api/chat', {
      message: 'Is the lamp lit?',
      conversationId: conversation.json.id,
    });
    expect(res.status, res.text).toBe(200);

    const chats = llm.requests.filter((r) => r.body?.stream);
    expect(chats).toHaveLength(1);
    const turns = chats[0]!.body.messages as Turn[];
    const system = turns[0]!.content;
    expect(system.startsWith('You are Mira, keeper of the light. Answer in one breath.')).toBe(
      true,
    );
    expect(system).toContain(ADULTS_ONLY);
    expect(system).toContain('Riley: Storm tonight?\nMira: Always. More tea?');
    expect(system).toContain('A storm has stranded Riley at the lighthouse.');

    expect(turns.at(-1)).toEqual({ role: 'user', content: 'Is the lamp lit?' });
    expect(turns.at(-2)!.role).toBe('system');
    expect(turns.at(-2)!.content).toMatch(/^Reminder: Mira texts Riley back/);
    expect(turns.at(-2)!.content.endsWith('\n\nKeep Mira in the storm.')).toBe(true);

    expect(JSON.stringify(llm.requests.map((r) => r.body))).not.toContain('rainy Sunday');
  });
});
