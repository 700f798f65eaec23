/**
 * How busy the whole machine's CPUs were over a stretch of time, from Linux's /proc/stat: the
 * server, the load process and (when it runs here) PostgreSQL together. On a 2-core machine a
 * reference that fails with the machine at ~100 % says the machine, not the route, is the limit
 * (decision 0034). Elsewhere than Linux there is no figure (null).
 */
import { readFileSync } from 'node:fs';

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

/** Starts a measurement; the returned function gives the busy share (0–100 %) since then. */
export function machineCpu(): () => number | null {
  const start = readTicks();
  return () => {
    const end = readTicks();
    if (!start || !end || end.total === start.total) return null;
    return Math.round(((end.busy - start.busy) / (end.total - start.total)) * 100);
  };
}

/** Several stretches (e.g. one side's rounds) as one: their busy and total ticks summed. */
export function machineCpuOver() {
  let busy = 0;
  let total = 0;
  let measured = false;
  return {
    /** Measures `run` and adds its stretch. */
    async during<T>(run: () => Promise<T>): Promise<T> {
      const start = readTicks();
      try {
        return await run();
      } finally {
        const end = readTicks();
        if (start && end) {
          busy += end.busy - start.busy;
          total += end.total - start.total;
          measured = true;
        }
      }
    },
    /** The busy share over every stretch measured (null: none, or not Linux). */
    percent(): number | null {
      return measured && total > 0 ? Math.round((busy / total) * 100) : null;
    },
  };
}
