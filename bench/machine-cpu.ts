/**
 * How busy the whole machine's CPUs were over stretches of time, from Linux's /proc/stat: the
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
