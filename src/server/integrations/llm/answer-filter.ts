/**
 * What of a model's answer the app may see, decided as the text streams in:
 * - a thinking block the answer opens with (`<think>…</think>`, as DeepSeek R1, QwQ and Qwen3 write
 *   it into the text) is dropped, even split across chunks, and all of it when it never closes;
 * - for a reasoning model (`thinkingOpened`), whose server's chat template may open the block in
 *   the prompt so that the answer starts inside it with no opening tag, everything before a
 *   closing tag is thinking: the text is held until one comes, and when none does, all of it is
 *   the answer after all (told at the end);
 * - the answer ends at the first stop string (a new line with the user's name…), for servers that
 *   ignore `stop`. Text that may be the start of one is held back until the next chunk tells, so
 *   "\nJo:" never flashes on the screen before it is cut.
 * The same filter reads a whole (non-streamed) answer: push it, then end().
 */

/** Opening tags of a thinking block, each with its closing tag. */
const THINK_TAGS = [
  ['<think>', '</think>'],
  ['<thinking>', '</thinking>'],
] as const;

type Phase = 'opening' | 'thinking' | 'answer' | 'maybe-thinking';

export class AnswerFilter {
  /** The visible answer so far (what was handed out). */
  content = '';
  /** A stop string was reached: the answer is over, whatever comes after is dropped. */
  stopped = false;
  #phase: Phase = 'opening';
  /** Opening phase: the text so far, while it may still be the start of a thinking block. */
  #opening = '';
  /** After a thinking block the answer's leading blank lines are dropped (the model's, not ours). */
  #afterThinking = false;
  #closeTag = '';
  /** Thinking phase: the end of the block's text, long enough to find a closing tag split in two. */
  #thinkingTail = '';
  /** Answer phase: text held back because it may be the start of a stop string. */
  #held = '';
  readonly #stops: readonly string[];
  /** The first characters of the stop strings: a chunk with none of them needs no search. */
  readonly #stopStarts: string;

  /** Maybe-thinking phase: everything so far, until a closing tag says what was thinking. */
  #unsure = '';

  constructor(stops: readonly string[] = [], options: { thinkingOpened?: boolean } = {}) {
    this.#stops = stops.filter((stop) => stop !== '');
    this.#stopStarts = this.#stops.map((stop) => stop[0]).join('');
    if (options.thinkingOpened) this.#phase = 'maybe-thinking';
  }

  /** Takes the next piece of the answer; returns the text that may be shown now ('' for none). */
  push(text: string): string {
    if (this.stopped || text === '') return '';
    if (this.#phase === 'answer') return this.#visible(text);
    if (this.#phase === 'thinking') return this.#think(text);
    if (this.#phase === 'maybe-thinking') return this.#maybeThink(text);
    return this.#open(text);
  }

  /** The answer is complete: returns what was still held back (text that was not a stop after all). */
  end(): string {
    if (this.stopped) return '';
    if (this.#phase === 'opening') {
      // Ended while it might still have opened a thinking block ("<thi"): it is text after all.
      const opening = this.#afterThinking ? this.#opening.trimStart() : this.#opening;
      this.#opening = '';
      this.#phase = 'answer';
      return this.#visible(opening) + this.end();
    }
    // A thinking block that never closed is dropped whole: the model thought and said nothing.
    if (this.#phase === 'thinking') return '';
    if (this.#phase === 'maybe-thinking') {
      // No closing tag came: the model did not think aloud, and all of it is the answer.
      const unsure = this.#unsure;
      this.#unsure = '';
      this.#phase = 'opening';
      return this.#open(unsure) + this.end();
    }
    const held = this.#held;
    this.#held = '';
    this.content += held;
    return held;
  }

  #open(text: string): string {
    this.#opening += text;
    const start = this.#opening.trimStart();
    if (start === '') return '';
    for (const [open, close] of THINK_TAGS) {
      if (start.startsWith(open)) {
        this.#phase = 'thinking';
        this.#closeTag = close;
        this.#opening = '';
        return this.#think(start.slice(open.length));
      }
    }
    // Still possibly "<thi…": wait for the next piece.
    if (THINK_TAGS.some(([open]) => open.startsWith(start))) return '';
    const answer = this.#afterThinking ? start : this.#opening;
    this.#opening = '';
    this.#phase = 'answer';
    return this.#visible(answer);
  }

  #maybeThink(text: string): string {
    this.#unsure += text;
    const start = this.#unsure.trimStart();
    // The block opened in the answer after all: read as any opening.
    if (THINK_TAGS.some(([open]) => start.startsWith(open) || open.startsWith(start))) {
      if (THINK_TAGS.every(([open]) => !start.startsWith(open))) return '';
      const unsure = this.#unsure;
      this.#unsure = '';
      this.#phase = 'opening';
      return this.#open(unsure);
    }
    for (const [, close] of THINK_TAGS) {
      const closed = this.#unsure.indexOf(close);
      if (closed === -1) continue;
      const rest = this.#unsure.slice(closed + close.length);
      this.#unsure = '';
      this.#phase = 'opening';
      this.#afterThinking = true;
      return this.#open(rest);
    }
    return '';
  }

  #think(text: string): string {
    const seen = this.#thinkingTail + text;
    const closed = seen.indexOf(this.#closeTag);
    if (closed === -1) {
      this.#thinkingTail = seen.slice(-(this.#closeTag.length - 1));
      return '';
    }
    this.#thinkingTail = '';
    this.#phase = 'opening';
    this.#afterThinking = true;
    return this.#open(seen.slice(closed + this.#closeTag.length));
  }

  #visible(text: string): string {
    if (this.#held === '' && !this.#mayHoldStop(text)) {
      this.content += text;
      return text;
    }
    const seen = this.#held + text;
    let cut = -1;
    for (const stop of this.#stops) {
      const at = seen.indexOf(stop);
      if (at !== -1 && (cut === -1 || at < cut)) cut = at;
    }
    if (cut !== -1) {
      this.stopped = true;
      this.#held = '';
      const shown = seen.slice(0, cut);
      this.content += shown;
      return shown;
    }
    const hold = this.#stopPrefixAtEnd(seen);
    this.#held = seen.slice(seen.length - hold);
    const shown = seen.slice(0, seen.length - hold);
    this.content += shown;
    return shown;
  }

  #mayHoldStop(text: string): boolean {
    for (let i = 0; i < this.#stopStarts.length; i++) {
      if (text.includes(this.#stopStarts[i]!)) return true;
    }
    return false;
  }

  /** The length of the longest end of `text` that a stop string starts with (not a whole one). */
  #stopPrefixAtEnd(text: string): number {
    let longest = 0;
    for (const stop of this.#stops) {
      for (let length = Math.min(stop.length - 1, text.length); length > longest; length--) {
        if (text.endsWith(stop.slice(0, length))) {
          longest = length;
          break;
        }
      }
    }
    return longest;
  }
}

/** A whole answer as the app may see it: thinking dropped, cut at the first stop string. */
export function visibleAnswer(
  text: string,
  stops?: readonly string[],
  options?: { thinkingOpened?: boolean },
): string {
  const filter = new AnswerFilter(stops, options);
  filter.push(text);
  filter.end();
  return filter.content;
}
