/**
 * How many tokens a text costs a model, estimated without a tokenizer: the prompt budget runs for
 * every message of the history on every reply, and the server talks to whatever model the
 * operator set, whose tokenizer it does not have. Characters ÷ 4 held for English only: Japanese,
 * Chinese and Korean cost about a token a character, Russian one per three, an emoji several, so
 * non-English chats overflowed the model's window (issue 46).
 *
 * The estimate leans high on purpose: tests/unit/prompt-tokens.test.ts counts the prompts built
 * for 200-message chats in English, Japanese, Chinese, Russian and emoji texting with the real
 * tokenizers of GPT-4o (o200k) and Llama 3, and the estimate must never be below either. What it
 * over-counts for English is about a tenth (a few messages less of history); an under-count is a
 * request the model's server refuses.
 *
 * By runs of ASCII, as byte-pair tokenizers cut text: a word (with its leading space) is a token
 * and a long or rare one a few more; digits go in groups of up to three; each punctuation mark
 * may be a token; a line break is one. Every other character costs by its script.
 */

/** What the chat template wraps each message in (role markers, separators), and some margin. */
export const MESSAGE_OVERHEAD_TOKENS = 8;

/** A word of this many letters or fewer is one token in the tokenizers we checked (English). */
const SHORT_WORD = 5;
/**
 * Each letter of a longer word beyond that: " unbelievably" is 2 to 3 tokens, and Llama 3 cuts
 * German, Spanish and French words into pieces of about four letters.
 */
const LONG_WORD_LETTER = 0.3;
/** A capital inside a word: shouting ("NOOOO", "LMAOOO") and acronyms split into many pieces. */
const INNER_CAPITAL = 0.5;

/**
 * Tokens per character outside ASCII, by script. Accented Latin letters often break a word into
 * pieces; Cyrillic and Greek run at about three characters a token (GPT-4o and Llama 3 alike);
 * kana, CJK ideographs and Hangul at about one; an emoji (most are outside the Basic Multilingual
 * Plane) at up to three; symbols such as ❤ at two; scripts we did not measure at one.
 */
const LATIN_EXTENDED = 0.8;
const CYRILLIC = 0.45;
const GREEK = 0.55;
const EAST_ASIAN = 1;
const SYMBOL = 2;
const ASTRAL = 3;
const OTHER = 1;

const isAsciiLetter = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
/** À to ɏ but × and ÷: the letters of French, German, Spanish, Polish… (part of their words). */
const isLatinExtendedLetter = (c: number) => c >= 0xc0 && c <= 0x24f && c !== 0xd7 && c !== 0xf7;
const isDigit = (c: number) => c >= 48 && c <= 57;

/** The estimated cost of one character outside ASCII and the Basic Multilingual Plane's emoji. */
function nonAsciiCost(c: number): number {
  if (c <= 0x24f) return LATIN_EXTENDED; // ¿ « » × …
  if (c >= 0x400 && c <= 0x52f) return CYRILLIC;
  if (c >= 0x370 && c <= 0x3ff) return GREEK;
  if (
    (c >= 0x3000 && c <= 0x9fff) || // CJK punctuation, kana, Bopomofo, ideographs
    (c >= 0xac00 && c <= 0xd7af) || // Hangul syllables
    (c >= 0x1100 && c <= 0x11ff) || // Hangul jamo
    (c >= 0xf900 && c <= 0xfaff) || // CJK compatibility ideographs
    (c >= 0xff00 && c <= 0xffef) // full-width forms
  )
    return EAST_ASIAN;
  if (c >= 0x2190 && c <= 0x2bff) return SYMBOL; // arrows, dingbats, ❤ ☀ ✨ …
  return OTHER;
}

/**
 * The text is read as UTF-8 bytes, written into one reused buffer: a loop over a string's
 * characters slows several times over once it has seen strings stored in different ways (one or
 * two bytes a character, or joined pieces), as a prompt's are; a byte array reads the same
 * whatever the string was.
 */
const encoder = new TextEncoder();
let bytes = new Uint8Array(16_384);

/** Estimated tokens of `text` alone, without the message overhead. */
export function estimateTextTokens(text: string): number {
  // UTF-8 takes at most three bytes for each UTF-16 unit.
  if (bytes.length < text.length * 3) bytes = new Uint8Array(text.length * 3);
  const length = encoder.encodeInto(text, bytes).written;
  let tokens = 0;
  let word = 0; // letters in the current word
  let digits = 0; // digits in the current run
  for (let i = 0; i < length; i++) {
    const b = bytes[i]!;
    if (b < 128) {
      if (isAsciiLetter(b)) {
        if (word === 0) tokens += 1;
        else {
          if (word >= SHORT_WORD) tokens += LONG_WORD_LETTER;
          if (b <= 90) tokens += INNER_CAPITAL;
        }
        word++;
        digits = 0;
        continue;
      }
      word = 0;
      if (isDigit(b)) {
        if (digits % 3 === 0) tokens += 1;
        digits++;
        continue;
      }
      digits = 0;
      // A space goes with the word after it, but is a token of its own before a number; a line
      // break, a tab or a punctuation mark is at most a token each (runs of them merge).
      if (b !== 32) tokens += 1;
      else if (i + 1 < length && isDigit(bytes[i + 1]!)) tokens += 1;
      continue;
    }
    digits = 0;
    if (b >= 0xf0) {
      // Four bytes: outside the Basic Multilingual Plane, mostly emoji.
      tokens += ASTRAL;
      word = 0;
      i += 3;
      continue;
    }
    let c: number;
    if (b >= 0xe0) {
      c = ((b & 0x0f) << 12) | ((bytes[i + 1]! & 0x3f) << 6) | (bytes[i + 2]! & 0x3f);
      i += 2;
    } else {
      c = ((b & 0x1f) << 6) | (bytes[i + 1]! & 0x3f);
      i += 1;
    }
    if (isLatinExtendedLetter(c)) {
      // Often a token of its own (" Sch|ö|nes"), and the word goes on after it.
      tokens += LATIN_EXTENDED;
      word++;
      continue;
    }
    word = 0;
    tokens += nonAsciiCost(c);
  }
  return Math.ceil(tokens);
}

/** Estimated tokens of a message of the prompt: its text and what the chat template adds. */
export function estimateTokens(text: string): number {
  return estimateTextTokens(text) + MESSAGE_OVERHEAD_TOKENS;
}
