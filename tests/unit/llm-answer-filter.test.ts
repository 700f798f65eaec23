import { describe, expect, it } from 'vitest';
import { AnswerFilter } from '../../src/server/integrations/llm/answer-filter';

/**
 * What of a streamed answer the user sees, however the server cuts it into chunks: every way of
 * splitting each answer into three pieces is tried, and the pieces shown must join to the visible
 * answer without any of them ever carrying thinking or the start of the stop string.
 */

const STOP = '\nJo:';

function streamed(pieces: string[], stops: string[]) {
  const filter = new AnswerFilter(stops);
  const shown: string[] = [];
  for (const piece of pieces) {
    const text = filter.push(piece);
    if (text) shown.push(text);
  }
  const rest = filter.end();
  if (rest) shown.push(rest);
  return { shown, content: filter.content, stopped: filter.stopped };
}

/** Every split of `text` into three pieces (some empty). */
function* threeWaySplits(text: string): Generator<string[]> {
  for (let a = 0; a <= text.length; a++) {
    for (let b = a; b <= text.length; b++) {
      yield [text.slice(0, a), text.slice(a, b), text.slice(b)];
    }
  }
}

/** `hidden`: what no piece shown may carry (the thinking). */
const CASES: { answer: string; visible: string; stopped: boolean; hidden?: RegExp }[] = [
  { answer: 'Hi there.\nJo: and me', visible: 'Hi there.', stopped: true },
  {
    answer: '<think>Jo waves.\nJo: hi</think>\n\nHello, Jo.',
    visible: 'Hello, Jo.',
    stopped: false,
    hidden: /think|waves|\n/,
  },
  {
    answer: '  <thinking>plan</thinking>Sure.\nJo: ok',
    visible: 'Sure.',
    stopped: true,
    hidden: /think|plan/,
  },
  { answer: 'Yes.\nJog?\nJ', visible: 'Yes.\nJog?\nJ', stopped: false },
  { answer: '<think>never ends', visible: '', stopped: false, hidden: /./ },
  { answer: '<thi', visible: '<thi', stopped: false },
  { answer: 'I <think> so.', visible: 'I <think> so.', stopped: false },
];

describe('answer filter', () => {
  for (const { answer, visible, stopped, hidden } of CASES) {
    it(`shows ${JSON.stringify(visible)} of ${JSON.stringify(answer)} however it is chunked`, () => {
      for (const pieces of threeWaySplits(answer)) {
        const result = streamed(pieces, [STOP]);
        expect(result.content, JSON.stringify(pieces)).toBe(visible);
        expect(result.shown.join(''), JSON.stringify(pieces)).toBe(visible);
        expect(result.stopped).toBe(stopped);
        for (const piece of result.shown) {
          if (hidden) expect(piece).not.toMatch(hidden);
          // The stop's first character is only shown where the visible answer has it too.
          if (stopped) expect(piece).not.toContain('\n');
        }
      }
    });
  }

  it('cuts at whichever stop comes first', () => {
    expect(streamed(['Ok.\nMira: yes\nJo: no'], ['\nJo:', '\nMira:']).content).toBe('Ok.');
  });
});

describe('a reasoning model whose server opened the thinking block in the prompt', () => {
  function openedStream(pieces: string[]) {
    const filter = new AnswerFilter([STOP], { thinkingOpened: true });
    const shown = pieces.map((p) => filter.push(p)).filter(Boolean);
    const rest = filter.end();
    if (rest) shown.push(rest);
    return shown;
  }

  const CASES_OPENED: { answer: string; visible: string }[] = [
    // No opening tag: everything before the closing tag is thinking.
    { answer: 'Jo seems sad; be gentle.</think>\n\nHey, Jo.', visible: 'Hey, Jo.' },
    { answer: 'Plan it.</thinking>Sure.', visible: 'Sure.' },
    // The block opened in the answer after all.
    { answer: '<think>hm</think>Hello.', visible: 'Hello.' },
    // It never thought aloud: all of it is the answer, told at the end.
    { answer: 'Just an answer.', visible: 'Just an answer.' },
    // …still cut at the user's turn.
    { answer: 'x</think>Fine.\nJo: me too', visible: 'Fine.' },
  ];

  for (const { answer, visible } of CASES_OPENED) {
    it(`shows ${JSON.stringify(visible)} of ${JSON.stringify(answer)}, however it is split`, () => {
      for (const pieces of threeWaySplits(answer)) {
        const shown = openedStream(pieces);
        expect(shown.join(''), JSON.stringify(pieces)).toBe(visible);
        for (const piece of shown) expect(piece).not.toMatch(/think|sad|Plan|\bhm\b/);
      }
    });
  }
});
