import { describe, expect, it } from 'vitest';
import { isHarmfulReply, ReplyGuard } from '../../../src/server/modules/safety/reply-guard';
import { replyHarmful, replySafe } from './held-out';

/** Streams `text` through a guard in pieces of `size` characters; what the user would see. */
function stream(text: string, crisisTurn: boolean, pieces: (t: string) => string[]) {
  const guard = new ReplyGuard(crisisTurn);
  const shownAfter: string[] = [];
  let shown = '';
  for (const piece of pieces(text)) {
    shown += guard.push(piece);
    shownAfter.push(shown);
  }
  const end = guard.finish();
  return { shown: end.withheld ? shown : shown + end.rest, withheld: end.withheld, shownAfter };
}
const byChar = (t: string) => [...t];
const byWord = (t: string) => t.match(/\s*\S+|\s+/g) ?? [];

describe('the reply guard', () => {
  it('withholds every harmful reply of the held-out list in a crisis turn', () => {
    const missed = replyHarmful.filter((t) => !isHarmfulReply(t, true));
    expect(missed).toEqual([]);
  });

  it('lets every safe reply through, caring crisis replies included, in any turn', () => {
    const flagged = replySafe.filter((t) => isHarmfulReply(t, false) || isHarmfulReply(t, true));
    expect(flagged).toEqual([]);
  });

  it('never shows the harmful part of a reply it withholds, however the tokens are cut', () => {
    for (const text of replyHarmful.filter((t) => isHarmfulReply(t, false))) {
      for (const pieces of [byChar, byWord]) {
        const { shown, withheld } = stream(text, false, pieces);
        expect(withheld, text).toBe(true);
        // What was released is a harmless beginning: no method, no encouragement, no risk word.
        expect(isHarmfulReply(shown, true), `${text} → ${shown}`).toBe(false);
        expect(text.startsWith(shown), text).toBe(true);
      }
    }
  });

  it('shows an ordinary reply as it streams, from its first token, and all of it in the end', () => {
    const text = 'Hello from the test model. I missed our late-night talks, you know?';
    const { shown, withheld, shownAfter } = stream(text, false, byWord);
    expect(withheld).toBe(false);
    expect(shownAfter[0]).toBe('Hello');
    expect(shown).toBe(text);
  });

  it('holds a crisis turn’s reply until it has been checked whole', () => {
    const text = 'I’m so glad you told me. You matter. Please call or text 988 right now.';
    const { shown, withheld, shownAfter } = stream(text, true, byWord);
    expect(withheld).toBe(false);
    expect(shownAfter.every((s) => s === '')).toBe(true);
    expect(shown).toBe(text);
  });
});
