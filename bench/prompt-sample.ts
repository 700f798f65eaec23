/**
 * The prompts our server sends to the model, sampled while our route warms up or is measured, so
 * that the bare relay (bench/bare-relay.ts) can send the model a prompt of the same size: the
 * double runs in the load process, and reading a 12 KB prompt costs it more than reading one
 * line, which would make the reference's load process lighter than ours.
 */
import { llmRequestChannel } from '../src/server/integrations/llm/event-stream';

/**
 * Every SAMPLE_EVERY-th prompt is kept, up to MAX_KEPT of them. A prime, so that the kept ones
 * fall at every place in a conversation: section 1 starts a new one every 50 replies, and every
 * 25th kept prompts from only two places in each.
 */
const SAMPLE_EVERY = 23;
const MAX_KEPT = 40;

export function promptSampler() {
  const kept: string[] = [];
  let seen = 0;
  let sampling = false;
  llmRequestChannel.subscribe((message) => {
    if (!sampling || seen++ % SAMPLE_EVERY !== 0 || kept.length >= MAX_KEPT) return;
    kept.push((message as { body: string }).body);
  });
  return {
    /** Forgets what was kept. */
    reset() {
      kept.length = 0;
      seen = 0;
    },
    /** Samples from now on (until stop), adding to what was kept. */
    start() {
      sampling = true;
    },
    stop() {
      sampling = false;
    },
    /** The kept prompt of median length (undefined: none was sent). */
    median(): string | undefined {
      const byLength = [...kept].sort((a, b) => a.length - b.length);
      return byLength[Math.floor(byLength.length / 2)];
    },
  };
}
