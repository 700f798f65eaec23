import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Whether a build is older than what it is made from. Plain JavaScript, so that `npm start` can
 * ask before anything needs compiling.
 */

/** The newest modification time under `target` (0 when it does not exist). */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(target).map((name) => newestMtime(path.join(target, name))),
  );
}

/** True when `output` or its `stamp` is missing, or a file under `inputs` changed after it. */
export function buildIsStale({ root, output, stamp, inputs }) {
  if (!existsSync(output) || !existsSync(stamp)) return true;
  const built = statSync(stamp).mtimeMs;
  return inputs.some((input) => newestMtime(path.join(root, input)) > built);
}

/** Marks a build as made now. */
export function writeStamp(stamp) {
  writeFileSync(stamp, new Date().toISOString() + '\n');
}
