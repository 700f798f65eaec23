import { HttpError } from '../../errors';

const MB = 1024 * 1024;

/** What a card file may hold (issue 47). */
export const CARD_LIMITS = {
  /** The uploaded file, whatever its kind. */
  fileMaxBytes: 20 * MB,
  /** The card's JSON text (PNG chunk decoded, .json file, CHARX card.json). */
  textMaxBytes: 2 * MB,
  /** Files in a CHARX: real ones hold a card and some images, never thousands. */
  charxMaxEntries: 1000,
  /** One file of a CHARX once unpacked, and all of them together (declared and actual). */
  charxEntryMaxBytes: 20 * MB,
  charxTotalMaxBytes: 100 * MB,
} as const;

/** A card that cannot be read: 400 or 413 with a message that says why, in plain words. */
export class CardError extends HttpError {
  constructor(message: string, statusCode: 400 | 413 = 400) {
    super(statusCode, message);
    this.name = 'CardError';
  }
}

export const CARD_MESSAGES = {
  fileTooBig: 'This file is over 20 MB. Reverie reads character cards up to 20 MB.',
  textTooBig:
    'This character card holds more than 2 MB of text. Reverie reads cards up to 2 MB of text.',
  notUtf8: 'The card’s text is not valid UTF-8, so it could not be read.',
  brokenJson: 'The card’s JSON is broken, so it could not be read.',
  notACard: 'This JSON is not a character card.',
  lorebookNotCard: 'This is a lorebook, not a character card.',
  pngNoCard: 'This PNG has no character card in it.',
  pngBroken: 'This PNG is damaged, so no character card could be read from it.',
  notPng: 'This file is named .png but is not a PNG image.',
  brokenBase64: 'The card data in this PNG is not valid base64, so it could not be read.',
  notZip: 'This .charx file is not a CHARX archive (a zip with card.json).',
  zipBroken: 'This CHARX archive is damaged, so it could not be read.',
  zipNoCard: 'This CHARX has no card.json at its root.',
  zipTooManyFiles: `This CHARX holds more than ${CARD_LIMITS.charxMaxEntries} files, more than a character card needs.`,
  zipTooBig:
    'This CHARX unpacks to more than Reverie accepts (a file over 20 MB, or over 100 MB in all).',
  zipEscapes: 'This CHARX has a file whose path leads outside the archive, so it was not read.',
  zipEncrypted: 'This CHARX is encrypted, so it could not be read.',
  zipUnsupported: 'This CHARX uses a kind of compression Reverie does not read.',
  imageNoCard: 'This image has no character card in it.',
  unknownKind:
    'This file is not a character card Reverie can read. Choose a .png, .json or .charx card.',
} as const;
