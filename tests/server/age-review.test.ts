import { describe, expect } from 'vitest';
import type { LlmDouble, LlmReply } from '../doubles/llm-server';
import { json, lorebook, v2Card } from '../support/card-fixtures';
import { llmAppTest } from '../support/server-fixtures';
import type { TestClient } from './support/http-client';
import { AGE_REVIEW, ageVerdict, requestsFor } from './support/llm';

const logs: string[] = [];
const it = llmAppTest(
  (llm) => ({
    LLM_BASE_URL: llm.url,
    LLM_MODELS: 'big-405b,rp-70b',
    // The shortest timeout the config allows, so the stalled model below gives up quickly.
    LLM_TIMEOUT_MS: '1000',
    IMAGE_MODEL: 'img-1',
    LOG_LEVEL: 'warn',
  }),
  { logStream: { write: (line) => void logs.push(line) } },
);

const valid = {
  name: 'Selene',
  description: 'A moonlit sorceress who runs a tea shop.',
  type: 'Sorceress',
  gender: 'female',
  personality: 'Playful, clever and a little mysterious.',
};
const MINOR_MESSAGE =
  'Characters must be adults (18+). This character reads as a minor; please make their adult ' +
  'age and adult life clear.';

const reviews = (llm: LlmDouble) => requestsFor(llm, AGE_REVIEW);
const names = async (user: TestClient) =>
  ((await user.get('/api/characters')).json as { name: string }[]).map((c) => c.name);
const warnings = () =>
  logs.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40 /* warn */);

// Asking for the user starts the app and signs in first, so neither shows in a test's logs.
it.beforeEach(({ llm, user }) => {
  void user;
  llm.reset();
  logs.length = 0;
});

describe('second opinion when a character is created', () => {
  it('asks the model for a structured verdict on the definition and saves an adult', async ({
    llm,
    user,
  }) => {
    llm.answerSchema(AGE_REVIEW, ageVerdict('adult', 'A shopkeeper with an adult life.'));
    const credits = (await user.get('/api/get-credits')).json.credits;
    const res = await user.post('/api/characters', { ...valid, name: 'Adult Selene' });
    expect(res.status, res.text).toBe(201);
    expect(await names(user)).toContain('Adult Selene');

    expect(reviews(llm)).toHaveLength(1);
    const sent = reviews(llm)[0]!.body;
    expect(sent.model).toBe('big-405b');
    expect(sent.temperature).toBe(0);
    expect(sent.response_format.type).toBe('json_schema');
    expect(sent.response_format.json_schema.schema).toMatchObject({
      type: 'object',
      required: ['verdict', 'reason'],
      properties: { verdict: { enum: ['adult', 'minor', 'unclear'] } },
    });
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages[0].content).toMatch(/18 or older/);
    const definition = sent.messages[1].content;
    for (const text of ['Adult Selene', valid.description, valid.personality, valid.type]) {
      expect(definition).toContain(text);
    }
    // The second opinion is the operator's cost, never the user's.
    expect((await user.get('/api/get-credits')).json.credits).toBe(credits);
  });

  it("refuses a 'minor' verdict with a 400 that gives the model's reason, and saves nothing", async ({
    llm,
    user,
  }) => {
    llm.answerSchema(AGE_REVIEW, ageVerdict('minor', 'She is described as a middle-school pupil.'));
    const res = await user.post('/api/characters', { ...valid, name: 'Minor Selene' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(
      'Characters must be adults (18+). This character reads as a minor. Reason: She is ' +
        'described as a middle-school pupil. Please make their adult age and adult life clear.',
    );
    expect(await names(user)).not.toContain('Minor Selene');
  });

  it('leaves out a reason that is missing or too long to show', async ({ llm, user }) => {
    llm.answerSchema(AGE_REVIEW, { content: '{"verdict": "Minor"}' });
    const bare = await user.post('/api/characters', { ...valid, name: 'Bare Reason' });
    expect(bare.status).toBe(400);
    expect(bare.json.message).toBe(MINOR_MESSAGE);
    llm.answerSchema(AGE_REVIEW, ageVerdict('minor', 'x '.repeat(200)));
    const wordy = await user.post('/api/characters', { ...valid, name: 'Wordy Reason' });
    expect(wordy.json.message).toBe(MINOR_MESSAGE);
    expect(await names(user)).not.toContain('Bare Reason');
  });

  it("saves on 'unclear': the rule's answer stands, with a warning in the log", async ({
    llm,
    user,
  }) => {
    llm.answerSchema(AGE_REVIEW, ageVerdict('unclear', 'No age is given.'));
    const res = await user.post('/api/characters', { ...valid, name: 'Unclear Selene' });
    expect(res.status, res.text).toBe(201);
    expect(warnings().some((w) => /unclear/.test(w.msg))).toBe(true);
  });

  it.for<[string, LlmReply]>([
    ['answers 500', { status: 500, body: 'model crashed' }],
    ['answers something that is not the JSON asked for', { content: 'She seems fine to me.' }],
    ['answers an unknown verdict', ageVerdict('teenager' as 'adult')],
  ])('saves when the model %s, without asking twice', async ([, reply], { llm, user }) => {
    llm.answerSchema(AGE_REVIEW, reply);
    const res = await user.post('/api/characters', { ...valid, name: 'Failed Review' });
    expect(res.status, res.text).toBe(201);
    expect(reviews(llm)).toHaveLength(1);
    expect(warnings().some((w) => /age review failed/.test(w.msg))).toBe(true);
  });

  it('saves when the model does not answer in time', async ({ llm, user }) => {
    llm.answerSchema(AGE_REVIEW, { stall: true });
    const res = await user.post('/api/characters', { ...valid, name: 'Slow Review' });
    expect(res.status, res.text).toBe(201);
    expect(warnings().some((w) => /age review failed/.test(w.msg))).toBe(true);
  });

  it('never asks the model when the rule already refuses', async ({ llm, user }) => {
    llm.answerSchema(AGE_REVIEW, ageVerdict('adult'));
    const res = await user.post('/api/characters', {
      ...valid,
      description: 'A shy 15-year-old who runs a tea shop.',
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(
      'Characters must be adults (18+). Please remove the reference to "15-year-old" from the ' +
        'description.',
    );
    expect(llm.requests).toHaveLength(0);
  });
});

describe('second opinion when a character is edited', () => {
  async function created(llm: LlmDouble, user: TestClient, name: string): Promise<number> {
    llm.answerSchema(AGE_REVIEW, ageVerdict('adult'));
    const res = await user.post('/api/characters', { ...valid, name });
    expect(res.status, res.text).toBe(201);
    llm.reset();
    return res.json.id;
  }

  it("refuses a changed definition on 'minor' and keeps the stored one", async ({ llm, user }) => {
    const id = await created(llm, user, 'Edited');
    llm.answerSchema(AGE_REVIEW, ageVerdict('minor'));
    const res = await user.put(`/api/characters/${id}`, {
      personality: 'Giggly and easily flustered, always asking for her mom.',
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MINOR_MESSAGE);
    // The model read the merged definition: the new personality with the stored name.
    expect(reviews(llm)[0]!.body.messages[1].content).toContain('always asking for her mom');
    expect(reviews(llm)[0]!.body.messages[1].content).toContain('Edited');
    expect((await user.get(`/api/characters/${id}`)).json.personality).toBe(valid.personality);
  });

  it('saves an adult edit and does not ask again when only settings change', async ({
    llm,
    user,
  }) => {
    const id = await created(llm, user, 'Settled');
    llm.answerSchema(AGE_REVIEW, ageVerdict('adult'));
    const edit = await user.put(`/api/characters/${id}`, { description: 'A retired sorceress.' });
    expect(edit.status, edit.text).toBe(200);
    expect(reviews(llm)).toHaveLength(1);
    const settings = await user.put(`/api/characters/${id}`, {
      settings: { emojis: false },
      directnessLevel: 1,
      description: 'A retired sorceress.',
    });
    expect(settings.status, settings.text).toBe(200);
    expect(reviews(llm)).toHaveLength(1);
  });

  it('refuses to combine two edits that were reviewed apart', async ({ llm, user }) => {
    const id = await created(llm, user, 'Racing');
    let calls = 0;
    // The first review answers once the second edit is saved (within the 1 s model timeout):
    // the second edit is saved while the first is still waiting for its answer.
    let fastSaved!: () => void;
    const secondSaved = new Promise<void>((resolve) => (fastSaved = resolve));
    llm.answerSchema(AGE_REVIEW, () =>
      ++calls === 1 ? { ...ageVerdict('adult'), waitFor: secondSaved } : ageVerdict('adult'),
    );
    const slow = user.put(`/api/characters/${id}`, { personality: 'Dry wit, endless patience.' });
    while (reviews(llm).length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const fast = await user.put(`/api/characters/${id}`, { description: 'A witch of the fens.' });
    fastSaved();
    expect(fast.status, fast.text).toBe(200);
    const late = await slow;
    expect(late.status).toBe(409);
    expect(late.json.message).toBe(
      'This character was changed elsewhere while you were saving. Please try again.',
    );
    const stored = (await user.get(`/api/characters/${id}`)).json;
    expect([stored.description, stored.personality]).toEqual([
      'A witch of the fens.',
      valid.personality,
    ]);
  });
});

describe('second opinion on generated characters and avatars', () => {
  const generated = {
    name: 'Pip',
    description: 'A cheerful apprentice who sneaks sweets between lessons.',
    gender: 'female',
    personality: 'Bubbly and shy, hides behind her hair when teased by the other pupils.',
    sexualPreferences: [],
    directnessLevel: 1,
    roles: [],
  };

  it("refuses a generated character the model reads as a minor, with the user's request", async ({
    llm,
    user,
  }) => {
    llm.script({ content: JSON.stringify(generated) });
    llm.answerSchema(AGE_REVIEW, ageVerdict('minor'));
    const res = await user.post('/api/generate-character', { prompt: 'a shy apprentice' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MINOR_MESSAGE);
    const asked = reviews(llm)[0]!.body.messages[1].content;
    expect(asked).toContain(generated.personality);
    expect(asked).toContain('a shy apprentice');
    // No portrait is painted for a refused character.
    expect(llm.requests.some((r) => r.path === '/v1/images/generations')).toBe(false);
  });

  it('returns a generated character when the model fails to review it', async ({ llm, user }) => {
    llm.script({ content: JSON.stringify({ ...generated, name: 'Mara' }) });
    llm.answerSchema(AGE_REVIEW, { status: 503, body: 'overloaded' });
    const res = await user.post('/api/generate-character', { prompt: 'a sorceress' });
    expect(res.status, res.text).toBe(200);
    expect(res.json.name).toBe('Mara');
  });

  it('refuses to paint an avatar the model reads as a minor', async ({ llm, user }) => {
    llm.answerSchema(AGE_REVIEW, ageVerdict('minor'));
    const res = await user.post('/api/generate-avatar', {
      prompt: 'a girl on her first day at school',
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MINOR_MESSAGE);
    expect(reviews(llm)[0]!.body.messages[1].content).toContain('first day at school');
    expect(llm.requests.some((r) => r.path === '/v1/images/generations')).toBe(false);
  });

  it('paints an avatar for an adult and never asks about a prompt the rule refuses', async ({
    llm,
    user,
  }) => {
    llm.answerSchema(AGE_REVIEW, ageVerdict('adult'));
    const adult = await user.post('/api/generate-avatar', { prompt: 'a silver-haired pilot' });
    expect(adult.status, adult.text).toBe(200);
    llm.reset();
    const refused = await user.post('/api/generate-avatar', { prompt: 'a 12 year old pilot' });
    expect(refused.status).toBe(400);
    expect(llm.requests).toHaveLength(0);
  });
});

describe('second opinion on an imported card and its lorebook (issue 47)', () => {
  /** Minor-coded in words the adults-only rule does not look for, so only the model can tell. */
  const CHILDLIKE =
    'Mira saves her pocket money for a new bike; her mum checks her spelling homework.';
  const childlikeEntry = { keys: ['bike', 'homework'], content: CHILDLIKE };
  /** A model that reads the definition: 'minor' when it sees the childlike lore, else 'adult'. */
  const readingModel = (llm: LlmDouble) =>
    llm.answerSchema(AGE_REVIEW, (body) =>
      ageVerdict(body.messages[1].content.includes('spelling homework') ? 'minor' : 'adult'),
    );
  /** What the model was asked to review: the definition as JSON, `other` the card's texts. */
  const reviewed = (llm: LlmDouble, index = 0) =>
    JSON.parse(
      (reviews(llm)[index]!.body.messages[1].content as string).replace(
        /^Character definition \(JSON\): /,
        '',
      ),
    ) as { name: string; description: string; other: string };

  /** The card read as the import dialog does, then created as the form sends it. */
  async function importCard(user: TestClient, data: Record<string, unknown>) {
    const read = await user.upload(
      '/api/character-cards/read',
      json({ ...v2Card, data: { ...v2Card.data, ...data } }),
      'card.json',
      'application/json',
    );
    expect(read.status, read.text).toBe(200);
    const { draft, lorebook } = read.json;
    return user.post('/api/characters', { ...draft, gender: 'female', lorebook });
  }

  it('refuses a card whose lorebook the model reads as a minor, though the rule does not, creating nothing', async ({
    llm,
    user,
  }) => {
    readingModel(llm);
    const book = { ...lorebook, entries: [...lorebook.entries, childlikeEntry] };
    const res = await importCard(user, { name: 'Pocket Mira', character_book: book });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: MINOR_MESSAGE });
    expect(await names(user)).not.toContain('Pocket Mira');
    expect(reviewed(llm).other).toContain(CHILDLIKE);
  });

  it('saves a clean card, the model reading its texts beside the definition, and again on an edit', async ({
    llm,
    user,
  }) => {
    readingModel(llm);
    const res = await importCard(user, { name: 'Clean Mira' });
    expect(res.status, res.text).toBe(201);
    const asked = reviewed(llm);
    expect(asked).toMatchObject({ name: 'Clean Mira', description: v2Card.data.description });
    for (const text of [
      'slice of life, coast',
      v2Card.data.scenario,
      'The lamp has not failed in forty years.',
      v2Card.data.system_prompt,
      v2Card.data.mes_example,
      v2Card.data.post_history_instructions,
    ]) {
      expect(asked.other).toContain(text);
    }
    // Creator notes reach no model (issue 47: shown on the character, never in a prompt).
    expect(asked.other).not.toContain(v2Card.data.creator_notes);
    // Most telling first: the scenario and the lore before the way the character is played.
    expect(asked.other.indexOf('forty years')).toBeLessThan(asked.other.indexOf('Write as'));

    // An edited definition is read with the card's texts the character keeps.
    const edit = await user.put(`/api/characters/${res.json.id}`, {
      personality: 'Patient and dry; keeps the lamp and her own counsel.',
    });
    expect(edit.status, edit.text).toBe(200);
    expect(reviews(llm)).toHaveLength(2);
    expect(reviewed(llm, 1).other).toContain('The lamp has not failed in forty years.');
  });

  it('cuts a huge card to what a review can take, the lorebook still in it', async ({
    llm,
    user,
  }) => {
    readingModel(llm);
    const res = await importCard(user, {
      name: 'Long Mira',
      mes_example: `<START>\n{{char}}: ${'More tea? '.repeat(20_000)}`,
      creator_notes: 'Notes. '.repeat(20_000),
    });
    expect(res.status, res.text).toBe(201);
    const { other } = reviewed(llm);
    expect(other.length).toBeLessThanOrEqual(12_000);
    expect(other).toContain('The lamp has not failed in forty years.');
    expect(other).toContain('Example dialogue');
    expect(other).not.toContain('Notes. Notes.');
  });

  it('reviews a lorebook saved with a new text, refusing one the model reads as a minor', async ({
    llm,
    user,
  }) => {
    const id = await createdPlain(llm, user, 'Booked Selene');
    readingModel(llm);
    const path = `/api/characters/${id}/lorebook`;
    const lamp = { keys: ['lamp'], content: 'The lamp has not failed in forty years.' };
    const first = await user.put(path, { lorebook: { name: 'Lore', entries: [lamp] } });
    expect(first.status, first.text).toBe(200);
    expect(reviews(llm)).toHaveLength(1);
    expect(reviewed(llm).other).toContain(lamp.content);

    // Switching an entry off brings nothing new to read: no review.
    const off = await user.put(path, {
      lorebook: { name: 'Lore', entries: [{ ...lamp, enabled: false }] },
    });
    expect(off.status, off.text).toBe(200);
    expect(reviews(llm)).toHaveLength(1);

    const minor = await user.put(path, {
      lorebook: { name: 'Lore', entries: [{ ...lamp, enabled: false }, childlikeEntry] },
    });
    expect(minor.status).toBe(400);
    expect(minor.json).toEqual({ message: MINOR_MESSAGE });
    // The new entry was read first, with the character's definition.
    const asked = reviewed(llm, 1);
    expect(asked.name).toBe('Booked Selene');
    expect(asked.other.indexOf(CHILDLIKE)).toBeLessThan(asked.other.indexOf(lamp.content));
    const stored = (await user.get(path)).json.lorebook;
    expect(stored.entries.map((e: { content: string }) => e.content)).toEqual([lamp.content]);
  });

  it('reviews a lorebook file imported into a character, keeping the book on a minor', async ({
    llm,
    user,
  }) => {
    const id = await createdPlain(llm, user, 'Filed Selene');
    readingModel(llm);
    const file = { spec: 'lorebook_v3', data: { name: 'Home', entries: [childlikeEntry] } };
    const res = await user.upload(
      `/api/characters/${id}/lorebook/import`,
      json(file),
      'home.json',
      'application/json',
    );
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: MINOR_MESSAGE });
    expect((await user.get(`/api/characters/${id}/lorebook`)).json).toEqual({ lorebook: null });
  });

  it('never asks the model about a lorebook the rule refuses, or another user’s character', async ({
    llm,
    t,
    user,
  }) => {
    const id = await createdPlain(llm, user, 'Ruled Selene');
    readingModel(llm);
    const path = `/api/characters/${id}/lorebook`;
    const ruled = await user.put(path, {
      lorebook: { name: 'Lore', entries: [{ keys: ['age'], content: 'Selene is 15.' }] },
    });
    expect(ruled.status).toBe(400);
    const other = await t.signedInUser();
    const theirs = await other.put(path, { lorebook: { name: 'Lore', entries: [childlikeEntry] } });
    expect(theirs.status).toBe(404);
    expect(reviews(llm)).toHaveLength(0);
  });
});

/** A typed character (no card), its own review answered and forgotten. */
async function createdPlain(llm: LlmDouble, user: TestClient, name: string): Promise<number> {
  llm.answerSchema(AGE_REVIEW, ageVerdict('adult'));
  const res = await user.post('/api/characters', { ...valid, name });
  expect(res.status, res.text).toBe(201);
  llm.reset();
  return res.json.id;
}
