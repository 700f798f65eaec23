import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './storage';

/**
 * Files in a folder under DATA_DIR, served by the app itself at `${urlPrefix}/<key>`. Keys are
 * validated by callers (random names), and resolved inside the folder only.
 */
export function createLocalStorage(dir: string, urlPrefix: string): FileStorage {
  const inside = (key: string) => {
    const full = path.resolve(dir, key);
    if (!full.startsWith(path.resolve(dir) + path.sep)) throw new Error('invalid storage key');
    return full;
  };
  return {
    kind: 'local',
    publicOrigin: undefined,
    async put(key, data) {
      await mkdir(dir, { recursive: true });
      await writeFile(inside(key), data, { flag: 'wx' });
    },
    async delete(key) {
      await rm(inside(key), { force: true });
    },
    publicUrl: (key) => `${urlPrefix}/${encodeURIComponent(key)}`,
    read,
    get: read,
  };
  async function read(key: string) {
    try {
      return await readFile(inside(key));
    } catch {
      return null;
    }
  }
}
