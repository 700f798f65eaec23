/**
 * Section 1's screening rows (issue 41): what the crisis protocol's local rule costs a message
 * that does not trigger it, and what its reply guard costs a reply, measured in this process (the
 * server's) between section 1's rounds, so each figure sits beside the same run's reply figures.
 * The messages are the hardest of that kind: the held-out lists' figures of speech, fiction and
 * numbers that are not ages (each full of risk words), ordinary chat, and messages of the
 * longest length a user may send.
 */
import { CHAT_LIMITS } from '../src/shared/chat/rules';
import { screenMessage } from '../src/server/modules/safety/message-screen';
import { ReplyGuard } from '../src/server/modules/safety/reply-guard';
import { crisisNone, minorNone, replySafe } from '../tests/unit/safety/held-out';
import { LONG_MESSAGE_PARAGRAPHS } from './fixtures/long-messages';
import { stats, statsRow, type Stats } from './stats';

const ORDINARY = [
  'hey you, how was your day?',
  'I made pasta tonight and burned the garlic lol',
  'Tell me more about the lighthouse. What did you see from the top?',
  'message 42',
  '*I lean on the bar and smile at you* So, come here often?',
];

const doesNotTrigger = (m: string) => {
  const s = screenMessage(m);
  return s.crisis === 'none' && s.minor === 'none';
};
/** `count` messages of the longest length a user may send, each made of `parts` in turn. */
function longest(parts: readonly string[], count: number): string[] {
  return Array.from({ length: count }, (_, offset) => {
    let text = '';
    for (let i = offset; text.length < CHAT_LIMITS.messageMaxLength; i++) {
      text += `${parts[i % parts.length]}\n\n`;
    }
    return text.slice(0, CHAT_LIMITS.messageMaxLength);
  });
}

/**
 * The messages screened, none of which may trigger (checked, so the figure is the right one):
 * the held-out figures of speech and non-ages, everyday lines, and long prose as users write it.
 */
function corpus(): string[] {
  const hard = [...crisisNone, ...minorNone].map((c) => c.text);
  const lines = [...hard, ...ORDINARY, ...LONG_MESSAGE_PARAGRAPHS];
  return [...lines, ...longest(LONG_MESSAGE_PARAGRAPHS, 20)].filter(doesNotTrigger);
}

/** The worst case: the longest message made only of figures of speech full of risk words. */
const worstCase = () =>
  longest(
    [...crisisNone, ...minorNone].map((c) => c.text),
    20,
  ).filter(doesNotTrigger);

export interface ScreeningFigures {
  /** Screening one message that does not trigger, in ms. */
  messageMs: Stats;
  /** The same, for the longest messages only. */
  longestMessageMs: Stats;
  /** The longest messages made only of figures of speech full of risk words (no target). */
  worstCaseMs: Stats;
  /** Guarding one reply of about 100 tokens, all its pushes and the end, in ms. */
  replyMs: Stats;
}

const time = (work: () => unknown) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

export function measureScreening(rounds = 40): ScreeningFigures {
  const messages = corpus();
  const worst = worstCase();
  // Warm-up: the regular expressions are compiled and optimised before anything is timed.
  for (let i = 0; i < 5; i++) for (const m of [...messages, ...worst]) screenMessage(m);
  const messageMs: number[] = [];
  const longestMs: number[] = [];
  const worstMs: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const m of messages) {
      const ms = time(() => screenMessage(m));
      messageMs.push(ms);
      if (m.length === CHAT_LIMITS.messageMaxLength) longestMs.push(ms);
    }
    for (const m of worst) worstMs.push(time(() => screenMessage(m)));
  }
  // Replies of about 100 tokens made of safe replies, streamed a word at a time.
  const replies = Array.from({ length: 20 }, (_, i) =>
    Array.from({ length: 6 }, (_, j) => replySafe[(i * 6 + j) % replySafe.length]).join(' '),
  );
  const replyMs: number[] = [];
  for (let round = 0; round < rounds / 4 + 2; round++) {
    for (const reply of replies) {
      const tokens = reply.match(/\s*\S+/g) ?? [];
      const ms = time(() => {
        const guard = new ReplyGuard(false);
        for (const token of tokens) guard.push(token);
        guard.finish();
      });
      if (round >= 2) replyMs.push(ms); // the first rounds warm up
    }
  }
  return {
    messageMs: stats(messageMs),
    longestMessageMs: stats(longestMs),
    worstCaseMs: stats(worstMs),
    replyMs: stats(replyMs),
  };
}

export function printScreening(figures: ScreeningFigures, messages = corpus().length) {
  console.log(
    `   crisis protocol, in the server's process (${messages} messages that do not trigger, ` +
      'incl. figures of speech and the longest allowed):',
  );
  console.log(statsRow('  screening a message (ms)', figures.messageMs));
  console.log(
    statsRow(`  … of ${CHAT_LIMITS.messageMaxLength} characters (ms)`, figures.longestMessageMs),
  );
  console.log(statsRow('  worst case: 4,000 characters of idioms (ms)', figures.worstCaseMs));
  console.log(statsRow('  guarding a reply of ~100 tokens (ms)', figures.replyMs));
}
