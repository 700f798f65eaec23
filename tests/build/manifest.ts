import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Reading the production build's Vite manifest: which files a page makes the browser fetch. */
export const webDir = path.resolve(import.meta.dirname, '../../dist/web');
const manifestFile = path.join(webDir, '.vite/manifest.json');
const moduleMapFile = path.join(webDir, '.vite/modules.json');

export interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type Manifest = Record<string, Chunk>;

export function loadManifest(): Manifest {
  if (!existsSync(manifestFile)) throw new Error('Run the production build first (npm run build).');
  return JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
}

/** A chunk and every chunk it imports statically: what the browser must download for it. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(manifest, dep, seen);
  return seen;
}

export const entryKey = (manifest: Manifest) =>
  Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;

/**
 * The manifest key of the chunk a source module went into, by the end of its path (e.g.
 * 'pages/ChatPage.tsx'): the chunk's own key when the module is its facade, otherwise the key of
 * the chunk a codeSplitting group put it in (.vite/modules.json, written by vite.config.ts).
 */
export const moduleKey = (manifest: Manifest, pathEnd: string) => {
  const own = Object.keys(manifest).find((k) => k.endsWith(pathEnd));
  if (own) return own;
  const modules = JSON.parse(readFileSync(moduleMapFile, 'utf8')) as Record<string, string>;
  const source = Object.keys(modules).find((m) => m.endsWith(pathEnd));
  const file = source && modules[source];
  return Object.keys(manifest).find((k) => manifest[k]!.file === file)!;
};

/** The JavaScript files of a set of chunks. */
export const jsFiles = (manifest: Manifest, keys: Iterable<string>) =>
  [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));

export const readBuilt = (file: string) => readFileSync(path.join(webDir, file), 'utf8');

export const gzippedSize = (file: string) => gzipSync(readFileSync(path.join(webDir, file))).length;
