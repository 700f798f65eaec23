/**
 * A character's lorebook (issue 47 part 3): GET and PUT /api/characters/{id}/lorebook, importing
 * a lorebook file, and the entries a reply's prompt carries.
 */
import { describe, expect } from 'vitest';
import { json } from '../support/card-fixtures';
import { llmAppTest } from '../support/server-fixtures';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';

const it = llmAppTest((llm) => ({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' }));

it.beforeEach(({ llm }) => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});

const mira = {
  name: 'Mira',
  description: 'A lighthouse keeper on a stormy coast.',
  gender: 'female',
  personality: 'Patient, dry humour, fond of tea.',
};

async function newCharacter(client: TestClient) {
  const res = await client.post('/api/characters', mira);
  expect(res.status, res.text).toBe(201);
  return res.json.id as number;
}

const lorebookOf = (id: number) => `/api/characters/${id}/lorebook`;
const importInto = (id: number) => `/api/characters/${id}/lorebook/import`;

const book = {
  name: 'Coast lore',
  entries: [
    { keys: ['lighthouse', 'lamp'], content: 'The lamp has not failed in forty years.' },
    { keys: ['harbour'], content: 'The harbour froze once.', position: 'after_char' },
  ],
};

describe('GET and PUT /api/characters/{id}/lorebook', () => {
  it('starts empty, stores a book with the spec’s defaults, and removes it with null', async ({
    user,
  }) => {
    const id = await newCharacter(user);
    expect((await user.get(lorebookOf(id))).json).toEqual({ lorebook: null });

    const put = await user.put(lorebookOf(id), { lorebook: book });
    expect(put.status, put.text).toBe(200);
    expect(put.json.lorebook).toMatchObject({
      name: 'Coast lore',
      scan_depth: null,
      token_budget: null,
      entries: [
        {
          keys: ['lighthouse', 'lamp'],
          secondary_keys: [],
          enabled: true,
          constant: false,
          selective: false,
          case_sensitive: false,
          position: 'before_char',
        },
        { keys: ['harbour'], position: 'after_char' },
      ],
    });
    expect((await user.get(lorebookOf(id))).json).toEqual(put.json);

    const removed = await user.put(lorebookOf(id), { lorebook: null });
    expect(removed.json).toEqual({ lorebook: null });
    expect((await user.get(lorebookOf(id))).json).toEqual({ lorebook: null });
  });

  it('is the owner’s only: another user gets 404, as for an unknown character', async ({
    t,
    user,
  }) => {
    const id = await newCharacter(user);
    await user.put(lorebookOf(id), { lorebook: book });
    const other = await t.signedInUser('lore-stranger@example.com');
    for (const res of [
      await other.get(lorebookOf(id)),
      await other.put(lorebookOf(id), { lorebook: null }),
      await other.upload(importInto(id), json(book), 'a.json', 'application/json'),
      await user.get(lorebookOf(999_999)),
    ]) {
      expect(res.status).toBe(404);
      expect(res.json.message).toBe('Character not found');
    }
    // Nothing changed for the owner.
    expect((await user.get(lorebookOf(id))).json.lorebook.entries).toHaveLength(2);
  });

  it('refuses a book over the limits with a message naming the limit', async ({ user }) => {
    const id = await newCharacter(user);
    const refused = async (entries: unknown[], path: string) => {
      const res = await user.put(lorebookOf(id), { lorebook: { entries } });
      expect(res.status).toBe(400);
      expect(res.json.issues[0].path).toBe(path);
      return res.json.message as string;
    };
    expect(await refused([{ content: 'x'.repeat(8001) }], 'lorebook.entries.0.content')).toBe(
      "An entry's content can be at most 8000 characters.",
    );
    expect(
      await refused([{ content: 'x', keys: ['k'.repeat(101)] }], 'lorebook.entries.0.keys.0'),
    ).toBe('A key can be at most 100 characters.');
    const keys = Array.from({ length: 51 }, (_, i) => `key${i}`);
    expect(await refused([{ content: 'x', keys }], 'lorebook.entries.0.keys')).toBe(
      'An entry can have at most 50 keys.',
    );
    const entries = Array.from({ length: 501 }, () => ({ content: 'x' }));
    expect(await refused(entries, 'lorebook.entries')).toBe(
      'A lorebook can have at most 500 entries.',
    );
    expect((await user.get(lorebookOf(id))).json).toEqual({ lorebook: null });
  });

  it('applies the adults-only rule to every entry’s content and keys', async ({ user }) => {
    const id = await newCharacter(user);
    const inContent = await user.put(lorebookOf(id), {
      lorebook: { entries: [{ keys: ['age'], content: 'Mira is 15 years old.' }] },
    });
    expect(inContent.status).toBe(400);
    expect(inContent.json.message).toBe(
      'Characters must be adults (18+). Please remove the reference to "15 years old".',
    );
    const inKeys = await user.put(lorebookOf(id), {
      lorebook: { entries: [{ keys: ['15-year-old'], content: 'Her past.' }] },
    });
    expect(inKeys.status).toBe(400);
    expect(inKeys.json.message).toMatch(/^Characters must be adults \(18\+\)\. .*15-year-old/);
    expect((await user.get(lorebookOf(id))).json).toEqual({ lorebook: null });
  });
});

describe('POST /api/characters/{id}/lorebook/import', () => {
  it('appends a lorebook_v3 file’s entries, each with an id of its own', async ({ user }) => {
    const id = await newCharacter(user);
    await user.put(lorebookOf(id), {
      lorebook: { ...book, entries: [{ ...book.entries[0], id: 1 }] },
    });
    const file = {
      spec: 'lorebook_v3',
      data: {
        name: 'Sea lore',
        scan_depth: 6,
        entries: [
          {
            id: 1,
            keys: ['kraken'],
            content: 'The kraken sleeps under the point.',
            insertion_order: 5,
          },
          { keys: ['gull'], content: 'Gulls steal chips.', enabled: false },
        ],
      },
    };
    const res = await user.upload(importInto(id), json(file), 'sea.json', 'application/json');
    expect(res.status, res.text).toBe(200);
    expect(res.json.warnings).toEqual([]);
    const { lorebook } = res.json;
    // The character's book keeps its own settings; the file's entries come after its own.
    expect(lorebook.name).toBe('Coast lore');
    expect(lorebook.entries.map((e: { content: string }) => e.content)).toEqual([
      'The lamp has not failed in forty years.',
      'The kraken sleeps under the point.',
      'Gulls steal chips.',
    ]);
    const ids = lorebook.entries.map((e: { id: unknown }) => e.id);
    expect(new Set(ids).size).toBe(3);
    expect(lorebook.entries[2].enabled).toBe(false);
    expect((await user.get(lorebookOf(id))).json.lorebook).toEqual(lorebook);
  });

  it('reads SillyTavern World Info into a new book, with a warning for positions we lack', async ({
    user,
  }) => {
    const id = await newCharacter(user);
    const worldInfo = {
      entries: {
        '0': {
          uid: 0,
          key: ['lighthouse'],
          keysecondary: ['storm'],
          comment: 'Lamp',
          content: 'The lamp has not failed in forty years.',
          constant: false,
          selective: true,
          order: 10,
          position: 0,
          disable: false,
          probability: 100,
        },
        '1': {
          uid: 1,
          key: ['harbour'],
          keysecondary: [],
          comment: 'Harbour',
          content: 'The harbour froze once.',
          constant: true,
          selective: false,
          order: 20,
          position: 1,
          disable: true,
        },
        '2': {
          uid: 2,
          key: ['/drag(on|oon)s?/i'],
          keysecondary: [],
          comment: 'Dragons',
          content: 'Dragons nest on the cliffs.',
          constant: false,
          selective: false,
          order: 30,
          position: 4,
          depth: 2,
          disable: false,
        },
      },
    };
    const res = await user.upload(
      importInto(id),
      json(worldInfo),
      'Coast.json',
      'application/json',
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.lorebook.name).toBe('Coast');
    expect(res.json.lorebook.entries).toMatchObject([
      {
        id: 0,
        name: 'Lamp',
        keys: ['lighthouse'],
        secondary_keys: ['storm'],
        selective: true,
        insertion_order: 10,
        position: 'before_char',
        enabled: true,
        extensions: { probability: 100 },
      },
      { id: 1, name: 'Harbour', constant: true, position: 'after_char', enabled: false },
      { id: 2, use_regex: true, position: 'after_char', extensions: { position: 4, depth: 2 } },
    ]);
    expect(res.json.warnings).toEqual([
      '1 entry was placed where Reverie has no place for lore (the author’s note or a depth in the chat), so it goes after the character.',
    ]);
  });

  it('refuses what is not a lorebook, and an import over the limits, with a plain 400', async ({
    user,
  }) => {
    const id = await newCharacter(user);
    const send = (body: Buffer) => user.upload(importInto(id), body, 'x.json', 'application/json');

    const notJson = await send(Buffer.from('not json at all'));
    expect(notJson.status).toBe(400);
    expect(notJson.json.message).toBe(
      'This file is not JSON. Import a lorebook saved as a .json file.',
    );

    const card = await send(json({ spec: 'chara_card_v2', data: { name: 'Mira' } }));
    expect(card.status).toBe(400);
    expect(card.json.message).toMatch(/^This JSON is not a lorebook\./);

    const long = await send(
      json({
        entries: [
          { keys: ['a'], content: 'ok' },
          { name: 'Tome', keys: ['b'], content: 'x'.repeat(8001) },
        ],
      }),
    );
    expect(long.status).toBe(400);
    expect(long.json.message).toBe(
      "Entry 2 (Tome): An entry's content can be at most 8000 characters.",
    );

    const minor = await send(json({ entries: [{ keys: ['kid'], content: 'Mira is 12.' }] }));
    expect(minor.status).toBe(400);
    expect(minor.json.message).toMatch(/^Characters must be adults \(18\+\)/);

    expect((await user.get(lorebookOf(id))).json).toEqual({ lorebook: null });
  });
});

describe('lore in a reply', () => {
  it('sends the entry whose key the user wrote, not one whose key nobody wrote', async ({
    user,
    llm,
  }) => {
    const id = await newCharacter(user);
    await user.put(lorebookOf(id), { lorebook: book });
    const conversation = await user.post('/api/conversations', {
      characterId: id,
      chatMode: 'texting',
    });
    expect(conversation.status, conversation.text).toBe(201);

    llm.script({ content: 'It has never failed.' });
    const res = await user.post('/api/chat', {
      message: 'Does the lamp ever fail?',
      conversationId: conversation.json.id,
    });
    expect(res.status, res.text).toBe(200);
    const sent = llm.requests.filter((r) => r.body?.stream).at(-1)!.body;
    const system = sent.messages[0].content as string;
    expect(system).toContain('World information:\nThe lamp has not failed in forty years.');
    expect(system).not.toContain('The harbour froze once.');

    // The reply says which entries it used (its 'lore' marker), now and when the page is read.
    expect(res.json.lore).toEqual([{ id: null, name: 'lighthouse' }]);
    const page = await user.get(`/api/conversations/${conversation.json.id}/messages`);
    const [asked, answered] = page.json;
    expect(asked.lore).toEqual([]);
    expect(answered.lore).toEqual(res.json.lore);

    // A reply whose prompt carried no entry has none.
    const another = await user.post('/api/conversations', { characterId: id, chatMode: 'texting' });
    llm.script({ content: 'Tea?' });
    const plain = await user.post('/api/chat', {
      message: 'Shall we have tea?',
      conversationId: another.json.id,
    });
    expect(plain.json.lore).toEqual([]);
  });
});
