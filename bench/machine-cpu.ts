/**
 * How busy the whole machine's CPUs were over stretches of time, from Linux's /proc/stat: the
 * server, the load process and (when it runs here) PostgreSQL together. On a 2-core machine a
 * reference that fails with the machine at ~100 % says the machine, not the route, is the limit
 * (decision 0034). Elsewhere than Linux there is no figure (null).
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

/**
 * CPU milliseconds used so far by PostgreSQL on this machine: every process named `postgres…`
 * (postmaster, backends, background workers), with what the postmaster's exited children used
 * (cutime/cstime), so a connection closed in between still counts. Null off Linux or when /proc
 * shows none (a remote server, or PGlite, which runs in the server process).
 */
function postgresCpuMs(): number | null {
  let ticks = 0;
  let found = false;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) > 57) continue; // only the numbered (process) entries
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
    // After "pid (comm) ": state is field 3; utime, stime, cutime, cstime are fields 14–17.
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    found = true;
  }
  return found ? (ticks * 1000) / USER_HZ : null;
}

/**
 * Processor time per reply over one or more stretches: this process's (every thread: JavaScript,
 * garbage collection, compilation, the thread pool) and, when PostgreSQL runs on this machine,
 * its processes'. Latency on a shared machine drifts with everything else running; the processor
 * time a reply costs says where the work is (decision 0038). `postgresHere`: the benchmark's
 * PostgreSQL is this machine's (with PGlite the database's work is in this process's figure).
 */
export function cpuPerReply(options: { postgresHere: boolean }) {
  let processMs = 0;
  let databaseMs: number | null = options.postgresHere ? 0 : null;
  let replies = 0;
  return {
    async during<T>(count: number, run: () => Promise<T>): Promise<T> {
      const process0 = process.cpuUsage();
      const database0 = databaseMs === null ? null : postgresCpuMs();
      try {
        return await run();
      } finally {
        const used = process.cpuUsage(process0);
        processMs += (used.user + used.system) / 1000;
        const database1 = database0 === null ? null : postgresCpuMs();
        databaseMs =
          databaseMs !== null && database0 !== null && database1 !== null
            ? databaseMs + (database1 - database0)
            : null;
        replies += count;
      }
    },
    /** Milliseconds per reply: this process, and PostgreSQL (null: not on this machine). */
    perReply() {
      if (replies === 0) return { processMs: null, databaseMs: null };
      return {
        processMs: processMs / replies,
        databaseMs: databaseMs === null ? null : databaseMs / replies,
      };
    },
  };
}
