import sharp from 'sharp';
import type { LlmReply } from '../doubles/llm-server';

/** What the language-model stand-in answers to "generate a character" in browser tests. */
export const E2E_CHARACTER = {
  name: 'Captain Mara Vex',
  description: 'A daring sky-pirate captain with a scar and a soft spot for rogues.',
  gender: 'female',
  personality: 'Bold, sarcastic and fiercely loyal. Speaks in nautical slang and flirts boldly.',
  sexualPreferences: ['Adventure', 'Teasing'],
  directnessLevel: 3,
  roles: ['Pirate'],
};

/** A 256 px portrait-like picture for generated avatars. */
export function e2eAvatarImage(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0ea5e9"/><stop offset="1" stop-color="#a21caf"/></linearGradient></defs>
    <rect width="256" height="256" fill="url(#g)"/>
    <circle cx="128" cy="100" r="48" fill="#fde68a"/>
    <rect x="60" y="160" width="136" height="96" rx="48" fill="#fde68a"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** What the character says when it sends a picture (issue 50), and the scene it describes. */
export const E2E_PICTURE_CAPTION = 'Here I am by the lighthouse, just for you.';
const E2E_PICTURE_SCENE = 'Standing on the lighthouse gallery at dusk, wind in the hair, smiling.';

export const E2E_OPTIONS = [
  'Light the old lamp',
  'Open the heavy door',
  'Climb the spiral stairs',
  'Call out her name',
];
export const E2E_SCENARIO = 'You wake in a lighthouse as a *storm* rolls over the sea.';
/** The scenario as it reads on screen (markdown rendered: no asterisks). */
export const E2E_SCENARIO_TEXT = E2E_SCENARIO.replaceAll('*', '');
export const E2E_TEXTING_REPLY = 'hey you 😊\n\nmissed you today\n\nwhat are you up to?';
export const E2E_REPLY = 'The lamp flickers as you step closer, and *she smiles* at you.';

/** A message containing this is answered with lines and paragraphs, as written below. */
export const E2E_LINES_TRIGGER = 'Line one';
export const E2E_LINES_REPLY =
  'First line of mine\nSecond line of mine\n\nA new paragraph, *softly*.';
/** A message containing this is answered with markdown of every kind a reply uses. */
export const E2E_MARKDOWN_TRIGGER = 'Show me the plan';
export const E2E_MARKDOWN_REPLY = [
  '## The plan',
  '',
  'Here is **what we do**, _gently_:',
  '',
  '1. Pack a `lantern`',
  '2. Climb the stairs',
  '   - slowly',
  '   - together',
  '',
  '> The sea keeps no secrets.',
  '',
  '```js',
  "const light = '<on>';",
  '```',
  '',
  'Read [the map](https://example.com/map) or <b>this</b> ![a gull](https://example.com/g.png).',
].join('\n');
/** A message containing this is answered word by word, for about a second. */
export const E2E_LONG_TRIGGER = 'tell it slowly';
export const E2E_LONG_REPLY = Array.from(
  { length: 48 },
  (_, i) => `${['Moonlight', 'spills', 'over', 'the', 'quiet', 'harbour'][i % 6]}${i}`,
).join(' ');
/** A message containing this is answered only after a pause (the model 'thinks'). */
export const E2E_SLOW_TRIGGER = 'take your time';
/** A description the age review reads as a minor's (the adults-only rule lets it through). */
export const E2E_READS_AS_MINOR = 'Still gets tucked in by her nanny.';

/** A message containing this is answered with a new numbered tale each time (swipes). */
export const E2E_TALE_TRIGGER = 'Tell me a tale';
let talesTold = 0;
/** A continued reply's addition. */
export const E2E_CONTINUATION = 'and the tale goes on.';
/** A reply in a thread with a message containing this is continued word by word, for ~2 s. */
export const E2E_SLOW_CONTINUE_TRIGGER = 'then go on slowly';
export const E2E_LONG_CONTINUATION = Array.from(
  { length: 40 },
  (_, i) => `${['and', 'the', 'lamp', 'burns', 'on'][i % 5]}${i}`,
).join(' ');

/**
 * A message containing this is answered with the line of the system prompt that says who the
 * user is ("You are talking with …"): the persona a conversation uses, or the profile.
 */
export const E2E_WHO_AM_I_TRIGGER = 'Who am I to you?';

/** Who the prompt's system part says the user is (never the history, which may quote it). */
function userInPrompt(body: any): string {
  const system = ((body?.messages ?? []) as { role?: string; content?: unknown }[])
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content ?? ''))
    .join('\n');
  return system.match(/You are talking with [^\n]*/)?.[0] ?? 'The prompt does not say who you are.';
}

/**
 * In a group scene, a message containing this is answered by the speaker saying its name and
 * whether its prompt holds E2E_SCENE_SECRET (what it witnessed).
 */
export const E2E_SCENE_TRIGGER = 'Who heard the password?';
export const E2E_SCENE_SECRET = 'swordfish';

/** A check-in's request (prompts/check-in.prompt.ts) is answered with this (issue 52). */
export const E2E_CHECK_IN_TRIGGER = 'to check in on me';
export const E2E_CHECK_IN = 'Just checking in: did you sleep at all after our talk?';

/** In a Story Mode scene, an action containing this makes the story send Mara away. */
export const E2E_SCENE_EXIT_TRIGGER = 'Mara, leave us';
export const E2E_SCENE_EXIT_REPLY = 'The door closes behind her.\n(Mara leaves the scene)';

/** The speaker of a group scene's reply, as the prompt's scene section names it. */
function sceneSpeaker(body: any): string {
  const system = String(body?.messages?.[0]?.content ?? '');
  return system.match(/Here now with (.+?) and /u)?.[1] ?? 'Nobody';
}

/** Story ideas containing this fail the first time their opening scene is asked for. */
export const E2E_FLAKY_IDEA = 'cursed voyage';
const flakyIdeasSeen = new Set<string>();

/**
 * Answers like a model would for each kind of request the app makes: structured JSON when a
 * schema is asked for, an opening scene, texting bubbles, or a story paragraph.
 */
export function e2eResponder(endpoint: string, body: any): LlmReply | undefined {
  if (endpoint !== 'chat') return undefined;
  const schema = body?.response_format?.json_schema?.name;
  if (schema === 'character') return { content: JSON.stringify(E2E_CHARACTER) };
  // The second opinion on a character's age: every e2e character is an adult, except one
  // written (within the rule's reach) as a child.
  if (schema === 'age_review') {
    const definition = String(body?.messages?.at(-1)?.content ?? '');
    const verdict = definition.includes(E2E_READS_AS_MINOR)
      ? { verdict: 'minor', reason: 'She is written as a child in the care of a nanny' }
      : { verdict: 'adult', reason: 'An adult with an adult life.' };
    return { content: JSON.stringify(verdict) };
  }
  if (schema === 'picture_scene') {
    return { content: JSON.stringify({ scene: E2E_PICTURE_SCENE, caption: E2E_PICTURE_CAPTION }) };
  }
  // A scene's next speaker: the first of those present.
  if (schema === 'next_speaker') {
    const system = String(body?.messages?.[0]?.content ?? '');
    const first = system.match(/these characters: ([^,.]+)/u)?.[1] ?? '';
    return { content: JSON.stringify({ speaker: first.trim() }) };
  }
  if (schema === 'story_options') {
    return {
      content: JSON.stringify({
        options: E2E_OPTIONS.map((option, i) => ({ number: i + 1, option })),
      }),
    };
  }
  const last = JSON.stringify(body?.messages?.at(-1)?.content ?? '');
  // Continue sends the reply so far as the last, assistant, turn (a prefill, issue 46); or, to a
  // server that refuses prefills, a nudge after it.
  if (body?.messages?.at(-1)?.role === 'assistant' || last.includes('Continue your last message')) {
    return JSON.stringify(body?.messages ?? []).includes(E2E_SLOW_CONTINUE_TRIGGER)
      ? { content: E2E_LONG_CONTINUATION, chunkDelayMs: 50 }
      : { content: E2E_CONTINUATION };
  }
  if (last.includes('opening scene')) {
    if (last.includes(E2E_FLAKY_IDEA) && !flakyIdeasSeen.has(last)) {
      flakyIdeasSeen.add(last);
      return { status: 500, body: 'the model is overloaded' };
    }
    return { content: E2E_SCENARIO };
  }
  if (last.includes('Summarise')) return { content: 'They talked about the storm.' };
  if (last.includes(E2E_LINES_TRIGGER)) return { content: E2E_LINES_REPLY };
  if (last.includes(E2E_MARKDOWN_TRIGGER)) return { content: E2E_MARKDOWN_REPLY };
  if (last.includes(E2E_WHO_AM_I_TRIGGER)) return { content: userInPrompt(body) };
  if (last.includes(E2E_SCENE_EXIT_TRIGGER)) return { content: E2E_SCENE_EXIT_REPLY };
  if (last.includes(E2E_CHECK_IN_TRIGGER)) return { content: E2E_CHECK_IN };
  if (last.includes(E2E_SCENE_TRIGGER)) {
    const heard = JSON.stringify(body?.messages ?? []).includes(E2E_SCENE_SECRET);
    return { content: `${sceneSpeaker(body)} ${heard ? 'heard it' : 'heard nothing'}.` };
  }
  if (last.includes(E2E_TALE_TRIGGER)) return { content: `Tale number ${++talesTold}.` };
  if (last.includes(E2E_SLOW_TRIGGER)) return { content: E2E_REPLY, delayMs: 3000 };
  if (last.includes(E2E_LONG_TRIGGER)) return { content: E2E_LONG_REPLY, chunkDelayMs: 20 };
  const system = String(body?.messages?.[0]?.content ?? '');
  if (/texting .* on a phone/.test(system)) return { content: E2E_TEXTING_REPLY };
  return { content: E2E_REPLY, chunkDelayMs: 15 };
}
