// The starters' portraits (issue 45) as the cards show them:
//
//   npx tsx scripts/generate-starter-art.ts
//
// Writes src/web/public/art/starter-<id>.svg (256×256) for each ready-made character in
// src/server/modules/characters/starters/starters.ts, drawn by ./starter-art.ts beside it: the
// same drawing the server renders as the avatar of an adopted copy. Deterministic (a seeded
// random number generator per portrait), so a rerun writes the same bytes; a test
// (tests/unit/starters.test.ts) fails when a file no longer matches its drawing.

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { portraitSvg } from '../src/server/modules/characters/starters/starter-art';
import { portraitFileName, STARTERS } from '../src/server/modules/characters/starters/starters';

const ART_DIR = path.resolve(import.meta.dirname, '../src/web/public/art');

for (const starter of STARTERS) {
  const svg = portraitSvg(starter.id, starter.art);
  writeFileSync(path.join(ART_DIR, portraitFileName(starter.id)), svg);
  const kb = (Buffer.byteLength(svg) / 1024).toFixed(1);
  console.log(
    `${portraitFileName(starter.id).padEnd(36)} ${kb.padStart(4)} KB  ${starter.character.name}`,
  );
}
