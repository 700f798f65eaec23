/**
 * The export's readable copy (issue 45): beside the JSON (now pretty-printed), one Markdown file
 * per conversation, the branch being read as a transcript and every other branch after it. What
 * is checked is what a user reads after unzipping the download.
 */
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect } from 'vitest';
import { creditAccount } from '../../src/server/db/schema';
import { planTranscript } from '../../src/server/modules/account/transcript-plan';
import { llmAppTest } from '../support/server-fixtures';
import type { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { userIdOf } from './support/billing';
import type { TestApp } from './support/test-app';

const logs: string[] = [];
const it = llmAppTest(
  (llm) => ({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b', LOG_LEVEL: 'warn' }),
  {
    logStream: { write: (line) => void logs.push(line) },
  },
);

it.beforeEach(({ llm }) => {
  llm.reset();
  answerAgeReviewsAsAdult(llm);
});

/** A message that would break a naive layout: a heading, a rule, an unclosed fence, HTML. */
const HOSTILE = [
  '# Not a heading of the file',
  '',
  '---',
  '```',
  'still my message',
  '<!-- an unclosed comment',
  '> a quote of my own',
  '### 1 · You · 2020-01-01 00:00 UTC',
].join('\n');

interface Exported {
  status: number;
  headers: Headers;
  files: Record<string, string>;
}

async function exportOf(t: { url: string }, user: TestClient): Promise<Exported> {
  const response = await fetch(`${t.url}/api/account/export`, {
    headers: { cookie: user.cookieHeader },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const files: Record<string, string> = {};
  if (response.headers.get('content-type') === 'application/zip') {
    for (const [name, data] of Object.entries(unzipSync(bytes))) files[name] = strFromU8(data);
  }
  return { status: response.status, headers: response.headers, files };
}

const markdownFiles = (e: Exported) =>
  Object.keys(e.files)
    .filter((name) => name.endsWith('.md'))
    .sort();

/**
 * The text of the blockquote under the heading that starts with `heading`: its lines with the
 * '> ' taken off, as a reader gets the message back.
 */
function quoteUnder(markdown: string, heading: string) {
  const lines = markdown.split('\n');
  const at = lines.findIndex((line) => line.startsWith(heading));
  if (at < 0) throw new Error(`no heading ${heading}`);
  let i = at + 1;
  while (lines[i] === '') i++;
  const quote: string[] = [];
  for (; i < lines.length && lines[i]!.startsWith('>'); i++) quote.push(lines[i]!.slice(2));
  return quote.join('\n');
}

/** The file's own lines: what is outside every blockquote, blank lines left out. */
const ownLines = (markdown: string) =>
  markdown.split('\n').filter((line) => line !== '' && !line.startsWith('>'));

async function signedInWithCredits(t: TestApp) {
  const user = await t.signedInUser();
  await user.get('/api/get-credits'); // the account is opened on first use
  await t.database.db
    .update(creditAccount)
    .set({ credits: 100 })
    .where(eq(creditAccount.userId, await userIdOf(user)));
  return user;
}

describe('the export’s Markdown copy', () => {
  it('has each conversation as a transcript of its active branch, then its other branches', async ({
    t,
    llm,
  }) => {
    const user = await signedInWithCredits(t);
    const other = await signedInWithCredits(t);
    expect(
      (await user.post('/api/user-profile', { name: 'Robin', gender: 'Other' })).status,
    ).toBeLessThan(300);
    const character = await user.post('/api/characters', {
      name: 'Séléne Moon',
      description: 'A moonlit poet with a sharp wit.',
      gender: 'female',
      personality: 'Playful, literate, teases gently and quotes poetry.',
    });
    expect(character.status, character.text).toBe(201);
    const conversation = await user.post('/api/conversations', {
      characterId: character.json.id,
      chatMode: 'texting',
    });
    const id = conversation.json.id as number;
    const send = async (message: string, reply: string) => {
      llm.script({ content: reply });
      const res = await user.post('/api/chat', { message, conversationId: id });
      expect(res.status, res.text).toBe(200);
      return res.json as { messageId: number };
    };
    await send('Hello Selene', 'Hello Robin');
    const secret = await send('Tell me a secret', 'The moon is made of verses');
    await send('Go on', 'Stars are commas');
    // A regenerated reply: the active branch now goes through it, the old one is a branch.
    llm.script({ content: 'I keep a lighthouse in my pocket' });
    const again = await user.post(`/api/messages/${secret.messageId}/regenerate`);
    expect(again.status, again.text).toBe(200);
    await send(HOSTILE, 'A reply after the fence');

    // A story, with its opening scene and suggested actions.
    const story = (
      await user.post('/api/conversations', {
        characterId: character.json.id,
        chatMode: 'immersive',
      })
    ).json.id as number;
    llm.script({ content: 'You wake in a lighthouse as the storm rolls in.' });
    expect(
      (await user.post(`/api/conversations/${story}/generate-scenario`, { message: 'a storm' }))
        .status,
    ).toBe(200);
    llm.script({ content: 'The lamp is cold and the stairs are wet.' });
    expect(
      (
        await user.post('/api/immersive-chat', {
          message: 'I climb the stairs',
          conversationId: story,
        })
      ).status,
    ).toBe(200);
    llm.script({
      content: JSON.stringify({
        options: [
          { number: 1, option: 'Light the lamp' },
          { number: 2, option: 'Open the door' },
          { number: 3, option: 'Climb higher' },
          { number: 4, option: 'Call out' },
        ],
      }),
    });
    expect((await user.post('/api/generate-options', { conversationId: story })).status).toBe(200);

    // Someone else's conversation, which must not be in the user's export.
    const theirs = await other.post('/api/characters', {
      name: 'Nemo',
      description: 'A captain of the deep sea.',
      gender: 'male',
      personality: 'Brooding, curious, fond of submarines.',
    });
    const theirConversation = await other.post('/api/conversations', {
      characterId: theirs.json.id,
      chatMode: 'texting',
    });
    llm.script({ content: 'Dive, dive' });
    await other.post('/api/chat', {
      message: 'Tell me about submarines',
      conversationId: theirConversation.json.id,
    });

    const exported = await exportOf(t, user);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('application/zip');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="reverie-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(markdownFiles(exported)).toEqual([
      'conversations/001-selene-moon-hello-selene.md',
      'conversations/002-selene-moon-i-climb-the-stairs.md',
    ]);
    expect(Object.keys(exported.files).sort()).toEqual([
      ...markdownFiles(exported),
      'reverie-export.json',
    ]);

    // The JSON, pretty-printed, with every message of both conversations.
    const json = exported.files['reverie-export.json']!;
    expect(json.startsWith('{\n  "format": "reverie-export",\n  "version": 1,\n')).toBe(true);
    expect(json).toMatch(/\n {2}"messages": \[\n {4}\{\n {6}"id": \d+,\n/);
    const data = JSON.parse(json);
    const messages = data.messages as { id: number; content: string; conversationId: number }[];
    expect(messages.filter((m) => m.conversationId === id)).toHaveLength(9);
    const stored = messages.find((m) => m.content.startsWith('# Not a heading'))!.content;

    // The texting conversation: a heading, then the active branch in order.
    const chat = exported.files['conversations/001-selene-moon-hello-selene.md']!;
    expect(chat.startsWith('# Séléne Moon: Hello Selene\n')).toBe(true);
    expect(chat).toContain('- Mode: Chat Mode (Texting)');
    expect(chat).toMatch(/- Started: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(chat).toContain('9 messages: 6 on the branch being read, 3 in other branches.');
    // Each heading is the file's own; the hostile message's '#' lines stay inside its quote.
    const headings = ownLines(chat).filter((line) => line.startsWith('#'));
    expect(headings.map((h) => h.replace(/ · \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/, ''))).toEqual([
      '# Séléne Moon: Hello Selene',
      '## Conversation',
      '### 1 · Robin',
      '### 2 · Séléne Moon',
      '### 3 · Robin',
      '### 4 · Séléne Moon',
      '### 5 · Robin',
      '### 6 · Séléne Moon',
      '## Other branches',
      '### Branching from message 3',
      '#### B1 · Séléne Moon · follows 3',
      '#### B2 · Robin · follows B1',
      '#### B3 · Séléne Moon · follows B2',
    ]);
    expect(quoteUnder(chat, '### 1 · Robin')).toBe('Hello Selene');
    expect(quoteUnder(chat, '### 4 · Séléne Moon')).toBe('I keep a lighthouse in my pocket');
    // The hostile message reads back exactly as stored, and the next one is still its own.
    expect(stored).toContain('```');
    expect(quoteUnder(chat, '### 5 · Robin')).toBe(stored);
    expect(quoteUnder(chat, '### 6 · Séléne Moon')).toBe('A reply after the fence');
    // The branch left behind: nothing is lost.
    expect(quoteUnder(chat, '#### B1 ')).toBe('The moon is made of verses');
    expect(quoteUnder(chat, '#### B2 ')).toBe('Go on');
    expect(quoteUnder(chat, '#### B3 ')).toBe('Stars are commas');
    // Every line outside a quote is one the file writes: no line of a message escaped.
    for (const line of ownLines(chat)) {
      expect(line).toMatch(/^(#{1,4} |- |\d+ messages|Every message is quoted|Messages that are)/);
    }

    // The story: its scene, the turn, the suggested actions, all readable.
    const tale = exported.files['conversations/002-selene-moon-i-climb-the-stairs.md']!;
    expect(tale).toContain('- Mode: Story Mode');
    expect(quoteUnder(tale, '## Opening scene')).toBe(
      'You wake in a lighthouse as the storm rolls in.',
    );
    expect(quoteUnder(tale, '### 1 · Robin')).toBe('I climb the stairs');
    expect(tale).toContain(
      'Suggested actions:\n\n> 1. Light the lamp\n> 2. Open the door\n> 3. Climb higher\n> 4. Call out\n',
    );

    // Nothing of the other user's.
    for (const text of Object.values(exported.files)) {
      expect(text).not.toContain('submarines');
      expect(text).not.toContain('Nemo');
      expect(text).not.toContain('Dive, dive');
    }
  });

  it('gives an account with nothing the plain JSON, pretty-printed', async ({ t }) => {
    const user = await t.signedInUser();
    const res = await user.get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="reverie-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.text.startsWith('{\n  "format": "reverie-export",\n')).toBe(true);
    expect(res.text.endsWith('\n}\n')).toBe(true);
    expect(res.json.conversations).toEqual([]);
    expect(res.json.messages).toEqual([]);
  });

  it('keeps the rest of the export when one conversation cannot be read', async ({ t, llm }) => {
    const user = await signedInWithCredits(t);
    const character = await user.post('/api/characters', {
      name: 'Iris',
      description: 'A gardener of night flowers.',
      gender: 'female',
      personality: 'Calm and patient.',
    });
    const ids: number[] = [];
    for (const words of ['roses', 'tulips', 'lilies']) {
      const c = await user.post('/api/conversations', {
        characterId: character.json.id,
        chatMode: 'assistant',
      });
      llm.script({ content: `All about ${words}` });
      const res = await user.post('/api/chat', {
        message: `Tell me about ${words}`,
        conversationId: c.json.id,
      });
      expect(res.status, res.text).toBe(200);
      ids.push(c.json.id);
    }
    // A message whose id is past what a JavaScript number holds exactly: the database refuses
    // the read of the tulips conversation's text (the id comes back rounded, out of range).
    await t.database.db.execute(sql`
      insert into message (id, conversation_id, user_id, parent_id, sender, content)
      values (9223372036854775807, ${ids[1]!}, ${await userIdOf(user)}, null, 'user',
              'A secret tulip')`);
    logs.length = 0;
    const exported = await exportOf(t, user);
    expect(exported.status).toBe(200);
    const names = markdownFiles(exported);
    expect(names).toHaveLength(3);
    const [roses, tulips, lilies] = names.map((name) => exported.files[name]!);
    expect(quoteUnder(roses!, '### 2 · Iris')).toBe('All about roses');
    expect(quoteUnder(lilies!, '### 2 · Iris')).toBe('All about lilies');
    expect(tulips).toContain('# Iris: Tell me about tulips');
    expect(tulips).toContain('could not be read completely');
    expect(exported.files['conversations/NOT-COMPLETE.txt']).toContain(names[1]);
    expect(JSON.parse(exported.files['reverie-export.json']!).messages).toHaveLength(7);
    // Logged, without the conversation's text.
    const warned = logs.filter((line) => line.includes('could not be read'));
    expect(warned).toHaveLength(1);
    expect(warned[0]).not.toContain('tulip');
  });
});

describe('the order of a transcript', () => {
  it('lists the active branch, then each other branch depth first from where it branches', () => {
    // 1 ─ 2 ─ 3 ─ 4 (active)      1 ─ 5 ─ 6      3 ─ 7      5 ─ 8      9 (another first message)
    const nodes = [
      { id: 1, parentId: null },
      { id: 2, parentId: 1 },
      { id: 3, parentId: 2 },
      { id: 4, parentId: 3 },
      { id: 5, parentId: 1 },
      { id: 6, parentId: 5 },
      { id: 7, parentId: 3 },
      { id: 8, parentId: 5 },
      { id: 9, parentId: null },
    ];
    const plan = planTranscript(nodes, 4);
    expect(plan).toMatchObject({ total: 9, onActiveBranch: 4 });
    expect([...plan.items]).toEqual([
      { kind: 'message', id: 1, label: '1' },
      { kind: 'message', id: 2, label: '2' },
      { kind: 'message', id: 3, label: '3' },
      { kind: 'message', id: 4, label: '4' },
      { kind: 'other-branches' },
      { kind: 'group', from: null },
      { kind: 'message', id: 9, label: 'B1', follows: null },
      { kind: 'group', from: '1' },
      { kind: 'message', id: 5, label: 'B2', follows: '1' },
      { kind: 'message', id: 6, label: 'B3', follows: 'B2' },
      { kind: 'message', id: 8, label: 'B4', follows: 'B2' },
      { kind: 'group', from: '3' },
      { kind: 'message', id: 7, label: 'B5', follows: '3' },
    ]);
  });

  it('lists every message when the active leaf is gone', () => {
    const plan = planTranscript(
      [
        { id: 1, parentId: null },
        { id: 2, parentId: 1 },
      ],
      99,
    );
    expect(plan.onActiveBranch).toBe(0);
    expect([...plan.items].filter((i) => i.kind === 'message')).toHaveLength(2);
  });

  it('lists a message whose parent is elsewhere as a first one, and a broken loop last', () => {
    const plan = planTranscript(
      [
        { id: 1, parentId: 40 }, // its parent is not in this conversation
        { id: 2, parentId: 3 },
        { id: 3, parentId: 2 },
      ],
      1,
    );
    expect([...plan.items]).toEqual([
      { kind: 'message', id: 1, label: '1' },
      { kind: 'other-branches' },
      { kind: 'unplaced' },
      { kind: 'message', id: 2, label: 'B1', follows: 'B2' },
      { kind: 'message', id: 3, label: 'B2', follows: 'B1' },
    ]);
  });
});
