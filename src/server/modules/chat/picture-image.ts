import { randomBytes } from 'node:crypto';
import { PICTURE_MESSAGES } from '../../../shared/pictures/contract';
import { LlmError } from '../../integrations/llm';

/** Stored pictures are at most this wide and high: enough for a full-screen look on a phone. */
const PICTURE_MAX_DIMENSION = 1536;
/** A generated image that claims more pixels than this is not decoded (a pixel flood). */
const PICTURE_MAX_INPUT_PIXELS = 40_000_000;

export interface PreparedPicture {
  key: string;
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The image the provider sent, made safe to keep and serve like an upload (the provider is not
 * trusted either): decoded under a pixel limit, scaled down, re-encoded as WebP without metadata,
 * under a random name that only its message's owner is given a way to read.
 */
export async function preparePicture(bytes: Buffer): Promise<PreparedPicture> {
  const { default: sharp } = await import('sharp');
  try {
    const { data, info } = await sharp(bytes, {
      limitInputPixels: PICTURE_MAX_INPUT_PIXELS,
      failOn: 'error',
    })
      .rotate()
      .resize({
        width: PICTURE_MAX_DIMENSION,
        height: PICTURE_MAX_DIMENSION,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 86 })
      .toBuffer({ resolveWithObject: true });
    const key = `picture-${randomBytes(16).toString('base64url')}.webp`;
    return { key, data, width: info.width, height: info.height };
  } catch (error) {
    throw new LlmError(
      'upstream',
      PICTURE_MESSAGES.failed,
      `unreadable image: ${error instanceof Error ? error.message.slice(0, 80) : 'unknown'}`,
    );
  }
}
