import { randomBytes } from 'node:crypto';
import { HttpError } from '../../errors';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** Decoding more pixels than this is refused (a small file can expand into gigabytes: a pixel flood). */
export const AVATAR_MAX_INPUT_PIXELS = 40_000_000;
/** Stored avatars are at most this wide and high. */
export const AVATAR_MAX_DIMENSION = 1024;

export const AVATAR_MESSAGES = {
  tooBig: 'File size must be less than 5MB',
  wrongType: 'Only JPEG, PNG, and WebP images are allowed',
  unreadable: 'This image could not be read. Please try another file.',
  tooManyPixels: 'This image has too many pixels. Please use a smaller image.',
} as const;

type ImageKind = 'jpeg' | 'png' | 'webp';
const EXTENSION: Record<ImageKind, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const CONTENT_TYPE: Record<ImageKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The image type from the file's first bytes; the name and the declared type are not trusted. */
export function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export interface ProcessedImage {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/**
 * Makes an untrusted image safe to store and serve: checks size and real type, decodes under a
 * pixel limit, applies the EXIF rotation, scales it down, and re-encodes it in the same format
 * without metadata (no GPS or camera data leaks). The stored name is random.
 */
export async function processAvatarImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new HttpError(413, AVATAR_MESSAGES.tooBig);
  const kind = sniffImageKind(bytes);
  if (!kind) throw new HttpError(400, AVATAR_MESSAGES.wrongType);
  // Loaded on the first upload rather than at start-up (about 0.2 s of a restart).
  const { default: sharp } = await import('sharp');
  let data: Buffer;
  try {
    const pipeline = sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: AVATAR_MAX_DIMENSION,
        height: AVATAR_MAX_DIMENSION,
        fit: 'inside',
        withoutEnlargement: true,
      });
    data = await (
      kind === 'jpeg'
        ? pipeline.jpeg({ quality: 86, mozjpeg: true })
        : kind === 'png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 86 })
    ).toBuffer();
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) throw new HttpError(400, AVATAR_MESSAGES.tooManyPixels);
    throw new HttpError(400, AVATAR_MESSAGES.unreadable);
  }
  const fileName = `${randomBytes(16).toString('base64url')}.${EXTENSION[kind]}`;
  return { fileName, contentType: CONTENT_TYPE[kind], data };
}

export function contentTypeForFileName(fileName: string): string {
  if (fileName.endsWith('.png')) return 'image/png';
  if (fileName.endsWith('.webp')) return 'image/webp';
  return 'image/jpeg';
}
