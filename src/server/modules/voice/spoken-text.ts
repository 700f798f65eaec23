/**
 * What of a character's message is said aloud (issue 50): the words, not the action text
 * (`*smiles*`), not the markdown around them, not emoji; cut into pieces a sentence long so the
 * first one is heard while the rest is being made.
 */

/** The speech endpoint takes at most 4,096 characters; a piece is far below it. */
const PIECE_MAX = 400;
/** 'Oh.' or 'Yes!' alone would be a request each: they go with the next sentence. */
const PIECE_MIN = 24;

export function spokenText(content: string): string {
  return (
    content
      // Fenced code is not speech.
      .replace(/```[\s\S]*?(```|$)/g, ' ')
      // Bold and bold italics keep their words…
      .replace(/\*\*\*([^*\n]+)\*\*\*/g, '$1')
      .replace(/\*\*([^*\n]+)\*\*/g, '$1')
      // …single asterisks are actions: not read. An unclosed one runs to the end of its line.
      .replace(/\*[^*\n]*(\*|$)/gm, ' ')
      // Links read as their text; images and bare addresses not at all.
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/https?:\/\/\S+/g, ' ')
      // Headings, quotes and list markers at a line's start; emphasis and code marks anywhere.
      .replace(/^\s{0,3}(#{1,6}|>|[-+]|\d+[.)])\s+/gm, '')
      .replace(/[`~_]+/g, ' ')
      .replace(/\p{Extended_Pictographic}\uFE0F?/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Splits a too-long sentence at a comma or a space, never in a word. */
function splitLong(sentence: string): string[] {
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > PIECE_MAX) {
    const window = rest.slice(0, PIECE_MAX);
    const at = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '));
    const cut = at > PIECE_MAX / 2 ? at + 1 : window.lastIndexOf(' ');
    const end = cut > 0 ? cut : PIECE_MAX;
    pieces.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** The spoken text in order, a sentence (or a few short ones) per piece. */
export function spokenPieces(text: string): string[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  const pieces: string[] = [];
  let pending = '';
  for (const { segment } of segmenter.segment(text)) {
    pending = `${pending} ${segment.trim()}`.trim();
    if (pending.length < PIECE_MIN) continue;
    pieces.push(...splitLong(pending));
    pending = '';
  }
  if (pending) {
    const last = pieces.pop();
    pieces.push(...splitLong(last !== undefined ? `${last} ${pending}` : pending));
  }
  return pieces;
}
