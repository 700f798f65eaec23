/**
 * Section 9 of `npm run bench` (issue 50): how soon a voice reply starts. The click's request
 * (POST /api/messages/{id}/speech) is timed to its first audio byte, with a text-to-speech
 * stand-in that starts answering 300 ms after it is asked (the provider), beside the same
 * run's direct call to that stand-in (its own 300 ms plus the network): the route's share is the
 * difference. Each round reads a new message, so nothing is answered from the kept audio. The
 * target: the first sound within 700 ms of the click.
 */
import { performance } from 'node:perf_hooks';
import { message } from '../src/server/db/schema';
import { startLlmDouble } from '../tests/doubles/llm-server';
import { startSpeechDouble } from '../tests/doubles/speech-server';
import { answerAgeReviewsAsAdult } from '../tests/server/support/llm';
import { startTestApp } from '../tests/server/support/test-app';
import { stats, statsRow, type Stats } from './stats';

export const SPEECH_PROVIDER_DELAY_MS = 300;
export const SPEECH_FIRST_SOUND_TARGET_MS = 700;
const REPLY =
  '*smiles* The lighthouse keeps its lamp lit all night. Ships pass by in the dark, and every one of them sees it.';

export interface SpeechResult {
  /** Click to the first audio byte through our route, ms. */
  routeMs: Stats;
  /** The provider asked directly, to its first audio byte, ms. */
  providerMs: Stats;
  errors: number;
}

/** Milliseconds from sending `request` to its first body byte (the whole body is then read). */
async function firstByteMs(request: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const res = await request();
  if (!res.ok) throw new Error(`status ${res.status}`);
  const reader = res.body!.getReader();
  const first = await reader.read();
  const at = performance.now() - started;
  if (first.done) throw new Error('no audio');
  while (!(await reader.read()).done);
  return at;
}

export async function measureSpeech(rounds: number): Promise<SpeechResult> {
  const [speech, llm] = await Promise.all([startSpeechDouble(), startLlmDouble()]);
  answerAgeReviewsAsAdult(llm);
  speech.setUnscriptedSpeech({ delayMs: SPEECH_PROVIDER_DELAY_MS });
  const app = await startTestApp({
    LLM_BASE_URL: llm.url,
    LLM_MODELS: 'bench-model',
    TTS_BASE_URL: speech.url,
    TTS_MODEL: 'tts-1',
    TTS_VOICES: 'nova',
  });
  try {
    const user = await app.signedInUser();
    const userId = (await user.get('/api/auth/get-session')).json.user.id as string;
    const character = await user.post('/api/characters', {
      name: 'Marin',
      description: 'A lighthouse keeper on a stormy coast.',
      gender: 'female',
      personality: 'Warm and patient.',
    });
    const conversationId = (
      await user.post('/api/conversations', { characterId: character.json.id, chatMode: 'texting' })
    ).json.id as number;
    const route: number[] = [];
    const provider: number[] = [];
    let errors = 0;
    const direct = () =>
      fetch(`${speech.url}/audio/speech`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'tts-1',
          voice: 'nova',
          input: 'The lighthouse keeps its lamp lit all night.',
          response_format: 'mp3',
        }),
      });
    // One unmeasured round of each: the first call loads the SDK and opens connections.
    for (let i = -1; i < rounds; i += 1) {
      const [reply] = await app.database.db
        .insert(message)
        .values({ conversationId, userId, sender: 'ai', content: REPLY })
        .returning({ id: message.id });
      const click = () =>
        fetch(`${app.url}/api/messages/${reply!.id}/speech`, {
          method: 'POST',
          headers: { cookie: user.cookieHeader, origin: app.url },
        });
      try {
        const ours = await firstByteMs(click);
        const theirs = await firstByteMs(direct);
        if (i >= 0) {
          route.push(ours);
          provider.push(theirs);
        }
      } catch {
        errors += 1;
      }
    }
    return { routeMs: stats(route), providerMs: stats(provider), errors };
  } finally {
    await app.close();
    await Promise.all([speech.stop(), llm.stop()]);
  }
}

export function printSpeech(result: SpeechResult) {
  console.log('9. Voice replies: the click to the first audio byte (ms)');
  console.log(`  ${''.padEnd(46)}    p50    p90    p99    max`);
  console.log(statsRow('POST /api/messages/{id}/speech', result.routeMs));
  console.log(
    statsRow(
      `the provider directly (answers in ${SPEECH_PROVIDER_DELAY_MS} ms)`,
      result.providerMs,
    ),
  );
  if (result.errors > 0) console.log(`  ${result.errors} rounds failed`);
}
