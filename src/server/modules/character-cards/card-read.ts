import { CARD_LIMITS, CARD_MESSAGES, CardError } from './card-limits';
import { hasZip, openZip, unpack } from './charx';
import { draftOf, type CardReading } from './draft';
import { parseCard, type CardAsset, type NormalisedCard } from './normalise';
import { chunkTextToBytes, isPng, readPngChunks } from './png';

/**
 * Reading a character card (issue 47): a file's bytes and name in, the card normalised to one
 * V3-shaped form, its image (still untrusted: the avatar pipeline re-encodes it) and warnings
 * out; or a CardError (400/413) that says plainly what is wrong. Pure: nothing is stored.
 */
export interface CardRead {
  card: NormalisedCard;
  /** The card's image bytes (PNG card, CHARX icon or cover), or null when it has none. */
  image: Buffer | null;
  warnings: string[];
}

type Kind = 'png' | 'json' | 'charx' | 'image';

const EXTENSIONS: Record<string, Kind> = {
  png: 'png',
  apng: 'png',
  json: 'json',
  charx: 'charx',
  jpg: 'image',
  jpeg: 'image',
  webp: 'image',
};

const isJpeg = (b: Uint8Array) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const looksLikeJson = (b: Uint8Array) => {
  for (const byte of b.subarray(0, 64)) {
    if (byte === 0x7b) return true; // {
    if (![0x20, 0x09, 0x0a, 0x0d, 0xef, 0xbb, 0xbf].includes(byte)) return false; // space, BOM
  }
  return false;
};

/** The kind by the name's extension; by the bytes when the name says nothing we know. */
function kindOf(bytes: Uint8Array, fileName: string): Kind {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  const named = extension ? EXTENSIONS[extension] : undefined;
  if (named) return named;
  if (isPng(bytes)) return 'png';
  if (looksLikeJson(bytes)) return 'json';
  if (hasZip(bytes)) return 'charx';
  throw new CardError(CARD_MESSAGES.unknownKind);
}

export function readCard(bytes: Uint8Array, fileName: string): CardRead {
  if (bytes.length > CARD_LIMITS.fileMaxBytes) throw new CardError(CARD_MESSAGES.fileTooBig, 413);
  const warnings: string[] = [];
  switch (kindOf(bytes, fileName)) {
    case 'png':
      return readPng(bytes, warnings);
    case 'json':
      return { card: parseCard(bytes, warnings), image: null, warnings };
    case 'charx':
      return readCharx(bytes, warnings);
    case 'image':
      // A JPEG (or PNG) with a CHARX appended carries its card in the zip.
      if (hasZip(bytes)) return readCharx(bytes, warnings);
      if (isPng(bytes)) return readPng(bytes, warnings);
      throw new CardError(CARD_MESSAGES.imageNoCard);
  }
}

/** readCard, then the draft the Create Character form opens with. */
export function readCardDraft(
  bytes: Uint8Array,
  fileName: string,
): CardReading & { image: Buffer | null; warnings: string[] } {
  const { card, image, warnings } = readCard(bytes, fileName);
  return { ...draftOf(card, warnings), image, warnings };
}

function readPng(bytes: Uint8Array, warnings: string[]): CardRead {
  const { ccv3, chara, image } = readPngChunks(bytes);
  if (ccv3 === null && chara === null) throw new CardError(CARD_MESSAGES.pngNoCard);
  if (ccv3 !== null) {
    try {
      return { card: parseCard(chunkTextToBytes(ccv3), warnings), image, warnings };
    } catch (error) {
      // The V2 copy most tools write beside it may still be whole.
      if (chara === null || !(error instanceof CardError)) throw error;
      warnings.push('The card’s V3 data could not be read, so its V2 data was used.');
    }
  }
  return { card: parseCard(chunkTextToBytes(chara!), warnings), image, warnings };
}

const EMBEDDED = /^embedd?ed:\/\//;

function iconOf(assets: CardAsset[]): CardAsset | undefined {
  const icons = assets.filter((asset) => asset.type === 'icon');
  return icons.find((asset) => asset.name === 'main') ?? icons[0];
}

function readCharx(bytes: Uint8Array, warnings: string[]): CardRead {
  const zip = openZip(bytes);
  const cardEntry = zip.entries.get('card.json');
  if (!cardEntry) throw new CardError(CARD_MESSAGES.zipNoCard);
  if (cardEntry.size > CARD_LIMITS.textMaxBytes) {
    throw new CardError(CARD_MESSAGES.textTooBig, 413);
  }
  const card = parseCard(unpack(zip, cardEntry), warnings);

  let image: Buffer | null = null;
  const icon = iconOf(card.data.assets);
  if (icon && EMBEDDED.test(icon.uri)) {
    const entry = zip.entries.get(icon.uri.replace(EMBEDDED, '').replace(/^\.?\//, ''));
    if (entry) image = Buffer.from(unpack(zip, entry));
    else warnings.push('The card’s image is missing from the CHARX, so it has no avatar.');
  } else if (icon && /^https?:/i.test(icon.uri)) {
    // Never fetched: a card must not make the server call addresses of its choosing.
    warnings.push('The card’s image is a web link, which Reverie does not download.');
  }
  // A JPEG or PNG carrying the zip is the card's picture when no icon is packed.
  if (!image && (isJpeg(zip.prefix) || isPng(zip.prefix))) image = Buffer.from(zip.prefix);
  return { card, image, warnings };
}
