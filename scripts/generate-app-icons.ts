// The installed app's built-in icons (issue 48 part 5, issue 52 part 1):
//
//   npx tsx scripts/generate-app-icons.ts
//
// Writes src/web/public/icon-192.png and icon-512.png: the mark of src/web/public/favicon.svg
// (scripts/generate-art.mjs draws it) on the default theme's background, inside the middle 60 %
// so that a launcher's round or squircle mask never cuts it. The web app manifest
// (GET /manifest.webmanifest) names them while the operator has uploaded no favicon of its own.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import {
  BUILT_IN_ICON_BACKGROUND,
  WEB_APP_ICON_SIZES,
} from '../src/server/modules/site/web-manifest';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../src/web/public');
const mark = readFileSync(path.join(PUBLIC_DIR, 'favicon.svg'));

for (const size of WEB_APP_ICON_SIZES) {
  const inner = Math.round(size * 0.6);
  const drawn = await sharp(mark, { density: 72 * (inner / 64) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const file = path.join(PUBLIC_DIR, `icon-${size}.png`);
  await sharp({
    create: { width: size, height: size, channels: 4, background: BUILT_IN_ICON_BACKGROUND },
  })
    .composite([{ input: drawn, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(file);
  console.log(`${path.relative(process.cwd(), file)}  ${size}×${size}`);
}
