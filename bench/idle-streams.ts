/**
 * Section 6 of `npm run bench`: what one open, idle streaming reply costs the server in memory —
 * a reply whose model has not answered yet (it thinks, or pauses between tokens). N replies are
 * opened while the LLM double holds every answer back; the server's heap after a full garbage
 * collection and its resident memory are compared before and with them open. The reference, in
 * the same process and run: a bare Fastify route relaying the same model's stream (headers, a
 * first event, then each upstream chunk as token events; bench/bare-relay.ts). See bench/README.md.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startBareRelay } from './bare-relay';
import type { HeldTarget } from './load';

export interface IdleStreamsResult {
  streams: number;
  app: MemoryPerStream;
  bareRelay: MemoryPerStream;
}

export interface MemoryPerStream {
  open: number;
  errors: number;
  errorSamples: string[];
  /** Heap used after a full collection, per open stream (KiB). */
  heapKiB: number;
  /** Resident set size, per open stream (KiB): heap, buffers, sockets, native allocations. */
  rssKiB: number;
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function settledMemory() {
  gc();
  gc();
  const { heapUsed, rss } = process.memoryUsage();
  return { heapUsed, rss };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * BENCH_HEAP_SNAPSHOT=<folder>: heap snapshots before and while the streams are held (open them
 * in Chrome's DevTools, Memory tab, and compare), to see what a waiting reply keeps.
 */
function snapshot(name: string) {
  const folder = process.env.BENCH_HEAP_SNAPSHOT;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  console.log(
    `   (heap snapshot: ${writeHeapSnapshot(path.join(folder, `${name}.heapsnapshot`))})`,
  );
}

/** Holds `count` streams open through `slots`, measures, then lets them finish. */
async function measureHeld(
  label: string,
  slots: HeldTarget[],
  count: number,
  hold: (
    slots: HeldTarget[],
    count: number,
  ) => Promise<{ open: number; errors: number; errorSamples: string[] }>,
  release: () => Promise<unknown>,
): Promise<MemoryPerStream> {
  // A first, unmeasured hold: code compiled and caches filled on first use are not per stream.
  await hold(slots, Math.ceil(count / 4));
  await release();
  await sleep(300);
  const before = settledMemory();
  snapshot(`${label}-before`);
  const held = await hold(slots, count);
  await sleep(500);
  const during = settledMemory();
  snapshot(`${label}-held`);
  await release();
  const open = Math.max(1, held.open);
  return {
    ...held,
    heapKiB: Math.round(((during.heapUsed - before.heapUsed) / open / 1024) * 10) / 10,
    rssKiB: Math.round(((during.rss - before.rss) / open / 1024) * 10) / 10,
  };
}

export async function measureIdleStreams(options: {
  count: number;
  llmUrl: string;
  appSlots: HeldTarget[];
  hold: (
    slots: HeldTarget[],
    count: number,
  ) => Promise<{ open: number; errors: number; errorSamples: string[] }>;
  release: () => Promise<unknown>;
}): Promise<IdleStreamsResult> {
  const { count, hold, release } = options;
  const relay = await startBareRelay(options.llmUrl);
  try {
    const bareRelay = await measureHeld('relay', [{ url: relay.url }], count, hold, release);
    const app = await measureHeld('app', options.appSlots, count, hold, release);
    return { streams: count, app, bareRelay };
  } finally {
    await relay.close();
  }
}

export function printIdleStreams(result: IdleStreamsResult) {
  console.log(
    `6) Memory of open, idle streaming replies: ${result.streams} held open at once while the ` +
      'model has not answered',
  );
  console.log('                                        open  errors  heap KiB each  RSS KiB each');
  const row = (label: string, r: MemoryPerStream) => {
    console.log(
      `   ${label.padEnd(36)}${String(r.open).padStart(5)}${String(r.errors).padStart(8)}` +
        `${r.heapKiB.toFixed(1).padStart(15)}${r.rssKiB.toFixed(1).padStart(14)}`,
    );
    if (r.errors) console.log(`      errors, e.g. ${r.errorSamples.join(' | ')}`);
  };
  row('bare Fastify relay (reference)', result.bareRelay);
  row('our reply stream', result.app);
}
