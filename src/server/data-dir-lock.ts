import {
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import lockfile from 'proper-lockfile';

/**
 * The embedded database's files are held by one process at a time (issue 42 item 1). Two PGlite
 * instances on one folder destroy it: a second server that only opened it, failed to listen and
 * exited, left a database that no later start could open once the first was killed. So a server
 * on PGlite takes an exclusive lock on DATA_DIR before anything opens it, and a second server
 * refuses to start, naming the holder, having touched nothing.
 *
 * The lock is proper-lockfile's: an atomic mkdir whose mtime its holder refreshes every
 * UPDATE_MS; a lock whose mtime is older than STALE_MS belongs to a process that died (kill -9,
 * power loss) and is taken over. Beside it, an owner file says who holds it (pid, host, since).
 * A lock whose owner is on this host and no longer running is taken over at once, so a restart
 * after kill -9 does not wait; a lock whose owner looks alive is watched for one refresh, so a
 * reused pid (pid 1 in a container) is not mistaken for a live holder.
 */

const LOCK_NAME = 'reverie.lock';
const OWNER_NAME = 'reverie.lock.owner.json';
const STALE_MS = 10_000;
const UPDATE_MS = 2_000;
/** How long a live holder has to show it is alive (one refresh and some slack). */
const WATCH_MS = UPDATE_MS * 2 + 500;

export interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    const who = owner
      ? `another Reverie process (pid ${owner.pid} on ${owner.host}, running since ${owner.since})`
      : 'another Reverie process';
    super(
      `Reverie cannot start: its data directory ${dataDir} is in use by ${who}. ` +
        'Stop that process first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * Takes the lock on `dataDir`, or throws DataDirInUseError. `onLost` runs if the lock is ever
 * taken from this process (its refreshes stalled past STALE_MS and another process took over):
 * the caller must stop at once rather than write to files another process now owns.
 */
export async function lockDataDir(
  dataDir: string,
  onLost: (error: Error) => void,
): Promise<DataDirLock> {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_NAME);
  const options = {
    lockfilePath: lockPath,
    stale: STALE_MS,
    update: UPDATE_MS,
    realpath: false,
    onCompromised: onLost,
  };
  const take = () => lockfile.lock(dataDir, options);

  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = readOwner(dataDir);
    if (owner && ownerFileIsCurrent(dataDir, lockPath) && ownerIsGone(owner)) {
      // The holder was killed on this host: mark its lock stale so proper-lockfile takes it over.
      markStale(lockPath);
    } else if (await refreshedWithin(lockPath, WATCH_MS)) {
      throw new DataDirInUseError(dataDir, owner);
    }
    try {
      release = await lockfile.lock(dataDir, {
        ...options,
        // A lock nobody refreshes goes stale within STALE_MS of its last refresh.
        retries: {
          retries: Math.ceil(STALE_MS / 500),
          minTimeout: 500,
          maxTimeout: 500,
          factor: 1,
        },
      });
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code !== 'ELOCKED') throw retryError;
      throw new DataDirInUseError(dataDir, readOwner(dataDir));
    }
  }
  writeOwner(dataDir);
  return {
    async release() {
      rmSync(path.join(dataDir, OWNER_NAME), { force: true });
      await release().catch(() => undefined);
    },
  };
}

function readOwner(dataDir: string): LockOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path.join(dataDir, OWNER_NAME), 'utf8')) as LockOwner;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? owner : null;
  } catch {
    return null; // none yet (the holder is between its mkdir and this write) or unreadable
  }
}

function writeOwner(dataDir: string) {
  const owner: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const file = path.join(dataDir, OWNER_NAME);
  writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(owner));
  renameSync(`${file}.${process.pid}.tmp`, file);
}

/**
 * True when the owner file was written after the lock was made: just after a takeover the file
 * still names the dead holder until the new one writes it, and must not be believed then.
 */
function ownerFileIsCurrent(dataDir: string, lockPath: string): boolean {
  try {
    const made = statSync(lockPath).birthtimeMs;
    return made > 0 && statSync(path.join(dataDir, OWNER_NAME)).mtimeMs >= made;
  } catch {
    return false;
  }
}

/** True when the owner ran on this host and no process has its pid (or the pid is ours). */
function ownerIsGone(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid) return true;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    // EPERM: a process with that pid exists but belongs to someone else; it may be the holder.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function markStale(lockPath: string) {
  const past = new Date(Date.now() - STALE_MS * 10);
  try {
    utimesSync(lockPath, past, past);
  } catch {
    // Gone meanwhile: the retry below takes it.
  }
}

/** Watches the lock's mtime: a live holder refreshes it every UPDATE_MS. */
async function refreshedWithin(lockPath: string, ms: number): Promise<boolean> {
  const first = mtimeOf(lockPath);
  if (first === null) return false;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    await delay(250);
    const now = mtimeOf(lockPath);
    if (now === null) return false; // released meanwhile
    if (now !== first) return true;
  }
  return false;
}

function mtimeOf(file: string): number | null {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
}
