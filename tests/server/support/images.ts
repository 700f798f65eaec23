import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A real image of the given format, with EXIF metadata that must not survive processing. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'webp',
  width = 64,
  height = 48,
): Promise<Buffer> {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 180 } },
  }).withExif({ IFD0: { Copyright: 'secret-camera-owner', Artist: 'Exif Person' } });
  if (format === 'png') return base.png().toBuffer();
  if (format === 'jpeg') return base.jpeg().toBuffer();
  return base.webp().toBuffer();
}

/**
 * A "pixel flood": a tiny PNG whose header claims 30000 × 30000 pixels (900 megapixels), the
 * kind of file that exhausts memory when decoded without a limit.
 */
export async function makePixelFlood(): Promise<Buffer> {
  const png = await sharp({
    create: { width: 1, height: 1, channels: 3, background: '#000' },
  })
    .png()
    .toBuffer();
  const copy = Buffer.from(png);
  // IHDR starts at byte 8: length(4) 'IHDR'(4) width(4) height(4) … crc over type+data.
  copy.writeUInt32BE(30_000, 16);
  copy.writeUInt32BE(30_000, 20);
  const crc = crc32(copy.subarray(12, 29));
  copy.writeUInt32BE(crc >>> 0, 29);
  return copy;
}
