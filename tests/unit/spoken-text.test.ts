import { describe, expect, it } from 'vitest';
import { spokenPieces, spokenText } from '../../src/server/modules/voice/spoken-text';

/**
 * What a voice reply says (issue 50): the character's words, not its action text or the
 * markdown, in pieces about a sentence long so the first is heard while the rest is made.
 */
describe('spokenText', () => {
  it('leaves out the action text, whole or left open at the end of a line', () => {
    expect(spokenText('*smiles* Hello there. *waves*\nSee you *soon')).toBe('Hello there. See you');
  });

  it('keeps the words of bold text, links and lists, without their marks', () => {
    expect(
      spokenText('# Plan\n- **Bring** the [lantern](https://example.com)\n> quiet _now_ `ok`'),
    ).toBe('Plan Bring the lantern quiet now ok');
  });

  it('says nothing of code, pictures, addresses and emoji', () => {
    expect(
      spokenText('Look 😊 ![a](x.png) at https://example.com/x\n```js\nlet a = 1;\n```\nDone.'),
    ).toBe('Look at Done.');
  });

  it('is empty for a message of actions only', () => {
    expect(spokenText('*nods* *smiles softly*')).toBe('');
  });
});

describe('spokenPieces', () => {
  it('is a sentence a piece, short ones joined to the next', () => {
    expect(
      spokenPieces('Oh. I did not expect you tonight. Come in, the tea is still warm.'),
    ).toEqual(['Oh. I did not expect you tonight.', 'Come in, the tea is still warm.']);
  });

  it('cuts a very long sentence at a comma or a space, never inside a word, keeping every word', () => {
    const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ');
    const pieces = spokenPieces(`${long}, and then the end.`);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(400);
    expect(pieces.join(' ')).toBe(`${long}, and then the end.`);
  });

  it('keeps a short last sentence with the one before', () => {
    expect(spokenPieces('The storm has passed over the bay. Good.')).toEqual([
      'The storm has passed over the bay. Good.',
    ]);
  });
});
