import path from 'node:path';

/** The web build's output and everything it is made from (see build-freshness.mjs). */
const root = path.resolve(import.meta.dirname, '..');
export const WEB_BUILD = {
  root,
  output: path.join(root, 'dist/web/index.html'),
  stamp: path.join(root, 'dist/web/.build-stamp'),
  inputs: [
    'src/web',
    'src/shared',
    'vite.config.ts',
    // The build's own plugins.
    'scripts/vite-endpoint-strip.ts',
    'scripts/vite-icon-keys.ts',
    'scripts/vite-preload-lists.ts',
    'package-lock.json',
    'tsconfig.json',
  ],
};
