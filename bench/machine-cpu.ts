/**
 * How busy the whole machine's CPUs were over stretches of time, from Linux's /proc/stat: the
 * server, the load process and (when it runs here) PostgreSQL together. On a 2-core machine a
 * reference that fails with the machine at ~100 % says the machine, not the route, is the limit
 * (decision 0034). Elsewhere than Linux there is no figure (null). And the processor time per
 * reply of the server process and of a PostgreSQL server on this machine (decision 0038).
 */
import { readdirSync, readFileSync } from 'node:fs';

interface Ticks {
  busy: number;
  total: number;
}

function readTicks(): Ticks | null {
  try {
    // "cpu  user nice system idle iowait irq softirq steal guest guest_nice"
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    const [, ...fields] = line.trim().split(/\s+/);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
    const busy = user! + nice! + system! + irq! + softirq! + steal!;
    return { busy, total: busy + idle! + iowait! };
  } catch {
    return null;
  }
}

/** One measurement of one or more stretches (e.g. one side's rounds), their ticks summed. */
export function machineCpu() {
  let busy = 0;
  let total = 0;
  let from: Ticks | null = null;
  const start = () => {
    from = readTicks();
  };
  const stop = () => {
    const to = readTicks();
    if (from && to) {
      busy += to.busy - from.busy;
      total += to.total - from.total;
    }
    from = null;
  };
  return {
    start,
    stop,
    /** Measures `run` as one more stretch. */
    async during<T>(run: () => Promise<T>): Promise<T> {
      start();
      try {
        return await run();
      } finally {
        stop();
      }
    },
    /** The busy share (0–100 %) over every stretch measured (null: none, or not Linux). */
    percent(): number | null {
      return total > 0 ? Math.round((busy / total) * 100) : null;
    },
  };
}

/** Clock ticks per second of /proc's CPU times: USER_HZ, 100 on Linux. */
const USER_HZ = 100;

/** A /proc/<pid>/stat line's fields after "pid (comm) ", and the comm. */
function readStat(pid: string): { comm: string; fields: string[] } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null; // gone meanwhile, or not this machine's
  }
  const close = stat.lastIndexOf(')'); // a comm may hold a ')' of its own
  return {
    comm: stat.slice(stat.indexOf('(') + 1, close),
    fields: stat.slice(close + 2).split(' '),
  };
}

// In `fields`, index 0 is field 3 (state): ppid is field 4, utime, stime, cutime, cstime 14–17.
const PPID = 1;
const ticksOf = (fields: string[], withChildren: boolean) =>
  Number(fields[11]) +
  Number(fields[12]) +
  (withChildren ? Number(fields[13]) + Number(fields[14]) : 0);

/**
 * The postmaster of the PostgreSQL server whose backend has process id `backendPid`, when that
 * server runs on this machine (its backend is in /proc, and is a postgres process); else null.
 */
export function postmasterOf(backendPid: number): string | null {
  const backend = readStat(String(backendPid));
  if (!backend || !/^postgres|^postmaster/.test(backend.comm)) return null;
  const postmaster = backend.fields[PPID]!;
  return readStat(postmaster) ? postmaster : null;
}

/**
 * CPU milliseconds used so far by one PostgreSQL server: its postmaster and every process it
 * started (backends, background workers), with what its exited children used (the postmaster's
 * cutime/cstime), so a connection closed in between still counts. Whole 10 ms ticks per process.
 */
export function serverCpuMs(postmaster: string): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (!stat) continue; // gone meanwhile
    if (entry === postmaster) ticks += ticksOf(stat.fields, true);
    else if (stat.fields[PPID] === postmaster) ticks += ticksOf(stat.fields, false);
  }
  return (ticks * 1000) / USER_HZ;
}

/** This process's processor time (every thread) since `start`, a `process.cpuUsage()`, in ms. */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/**
 * Processor time per reply over one or more stretches: this process's (every thread:
 * JavaScript, garbage collection, compilation, the thread pool; not the database's processes);
 * given `postmaster` (postmasterOf), that PostgreSQL server's; and the load process's (the LLM
 * double and the clients), which it reports for its own stretches (bench/load.ts). Less sensitive
 * than a latency to whatever else runs on a shared machine; it says which side a reply's work is
 * on (decision 0038). With PGlite the database's work is in this process's figure.
 */
export function cpuPerReply(postmaster: string | null) {
  let processMs = 0;
  let postgresMs = 0;
  let replies = 0;
  /** Null until the load process reports a stretch; counted with its own replies. */
  let load: { ms: number; replies: number } | null = null;
  return {
    /** The load process's processor time over a stretch of `count` replies, as it reported it. */
    addLoad(ms: number, count: number) {
      load = { ms: (load?.ms ?? 0) + ms, replies: (load?.replies ?? 0) + count };
    },
    async during<T>(count: number, run: () => Promise<T>): Promise<T> {
      // The /proc scans stay outside this process's figure.
      const postgres0 = postmaster === null ? 0 : serverCpuMs(postmaster);
      const process0 = process.cpuUsage();
      try {
        return await run();
      } finally {
        processMs += cpuMsSince(process0);
        if (postmaster !== null) postgresMs += serverCpuMs(postmaster) - postgres0;
        replies += count;
      }
    },
    /**
     * Milliseconds per reply: this process, that PostgreSQL server (null: none given), and the
     * load process (null: it reported no stretch).
     */
    perReply(): CpuPerReply {
      const loadMs = load && load.replies > 0 ? load.ms / load.replies : null;
      if (replies === 0) return { processMs: null, postgresMs: null, loadMs };
      return {
        processMs: processMs / replies,
        postgresMs: postmaster === null ? null : postgresMs / replies,
        loadMs,
      };
    },
  };
}

export interface CpuPerReply {
  processMs: number | null;
  postgresMs: number | null;
  /** The load process's (the LLM double and the clients): machine time that is not the server's. */
  loadMs: number | null;
}
