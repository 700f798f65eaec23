import { inflateSync } from 'node:zlib';
import extractChunks from 'png-chunks-extract';
import { decode as decodeText } from 'png-chunk-text';
import { CARD_LIMITS, CARD_MESSAGES, CardError } from './card-limits';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const TEXT_CHUNKS = new Set(['tEXt', 'iTXt', 'zTXt']);

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Where each chunk lies, checked to fit in the file before the library copies any of it. */
function chunkSpans(bytes: Uint8Array): { name: string; start: number; end: number }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const spans: { name: string; start: number; end: number }[] = [];
  let at = 8;
  while (at + 8 <= bytes.length) {
    const length = view.getUint32(at);
    const name = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    const end = at + 12 + length;
    // A declared length past the end would have the library allocate it (up to 4 GB) and read
    // zeros: a damaged or hostile file.
    if (end > bytes.length) throw new CardError(CARD_MESSAGES.pngBroken);
    spans.push({ name, start: at, end });
    at = end;
    if (name === 'IEND') return spans;
  }
  throw new CardError(CARD_MESSAGES.pngBroken);
}

/** An iTXt chunk's keyword and text (UTF-8, perhaps compressed), or null when it is not simple. */
function decodeInternationalText(data: Uint8Array): { keyword: string; text: string } | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const keywordEnd = bytes.indexOf(0);
  if (keywordEnd < 1 || keywordEnd + 2 >= bytes.length) return null;
  const compressed = bytes[keywordEnd + 1] === 1;
  const languageEnd = bytes.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : bytes.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return null;
  let text = bytes.subarray(translatedEnd + 1);
  if (compressed) {
    try {
      // Capped: the base64 of a 2 MB card is under 3 MB.
      text = inflateSync(text, { maxOutputLength: CARD_LIMITS.textMaxBytes * 2 });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new CardError(CARD_MESSAGES.textTooBig, 413);
      }
      throw new CardError(CARD_MESSAGES.pngBroken);
    }
  }
  return { keyword: bytes.toString('latin1', 0, keywordEnd), text: text.toString('utf8') };
}

export interface PngCard {
  /** The chunks' texts by lower-case keyword: `ccv3`, `chara` (base64 of the card's JSON). */
  ccv3: string | null;
  chara: string | null;
  /** The PNG without its text chunks: the card's image, lighter by the card's data. */
  image: Buffer;
}

/** The card texts in a PNG's tEXt/iTXt chunks (`ccv3`, `chara`) and the image without them. */
export function readPngChunks(bytes: Uint8Array): PngCard {
  if (!isPng(bytes)) throw new CardError(CARD_MESSAGES.notPng);
  const spans = chunkSpans(bytes);
  let chunks: { name: string; data: Uint8Array }[];
  try {
    chunks = extractChunks(bytes);
  } catch {
    throw new CardError(CARD_MESSAGES.pngBroken);
  }
  const texts = new Map<string, string>();
  for (const chunk of chunks) {
    let found: { keyword: string; text: string } | null = null;
    if (chunk.name === 'tEXt') {
      try {
        found = decodeText(chunk.data);
      } catch {
        found = null; // a NUL in the text: not a card chunk
      }
    } else if (chunk.name === 'iTXt') {
      found = decodeInternationalText(chunk.data);
    }
    const keyword = found?.keyword.toLowerCase();
    if (found && (keyword === 'ccv3' || keyword === 'chara') && !texts.has(keyword)) {
      texts.set(keyword, found.text);
    }
  }
  const image = Buffer.concat([
    Buffer.from(bytes.subarray(0, 8)),
    ...spans
      .filter((span) => !TEXT_CHUNKS.has(span.name))
      .map((span) => Buffer.from(bytes.subarray(span.start, span.end))),
  ]);
  return { ccv3: texts.get('ccv3') ?? null, chara: texts.get('chara') ?? null, image };
}

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * The card's JSON bytes from a chunk's text: base64 of UTF-8 JSON, as every tool writes it (a
 * few old ones wrote the JSON itself, read as it is).
 */
export function chunkTextToBytes(text: string): Uint8Array {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) return Buffer.from(trimmed, 'utf8');
  const compact = trimmed.replace(/\s+/g, '');
  if (!compact || !BASE64.test(compact) || compact.length % 4 === 1) {
    throw new CardError(CARD_MESSAGES.brokenBase64);
  }
  if ((compact.length * 3) / 4 > CARD_LIMITS.textMaxBytes + 3) {
    throw new CardError(CARD_MESSAGES.textTooBig, 413);
  }
  return Buffer.from(
    compact,
    compact.includes('-') || compact.includes('_') ? 'base64url' : 'base64',
  );
}
