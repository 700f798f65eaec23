/**
 * Section 6 of `npm run bench`: what one open, idle streaming reply costs the server in memory —
 * a reply whose model has not answered yet (it thinks, or pauses between tokens). N replies are
 * opened while the LLM double holds every answer back; the server's heap after a full garbage
 * collection and its resident memory are compared before and with them open. The reference, in
 * the same process and run: a bare Fastify route relaying the same model's stream (headers, a
 * first event, then each upstream chunk as token events; bench/bare-relay.ts). See bench/README.md.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { startBareRelay } from './bare-relay';
import { stats } from './stats';
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
  /** Each round's figures (heapKiB and rssKiB are their medians). */
  heapKiBRounds: number[];
  rssKiBRounds: number[];
}

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * Heap and resident memory once the process has finished what it was doing: after two full
 * collections, again every 250 ms until the resident set stops moving (half a mebibyte). Read at
 * once, 300 ms after the last hold's streams ended, the server was still storing their replies
 * and the process still giving back their buffers: the reading before a hold held up to 50 MB
 * more than at rest, and the relay's figure came out below zero (−7 to −52 KiB a stream, idle
 * section alone) and ours 1–2 KiB of heap lower than at rest.
 */
async function settledMemory() {
  const collect = () => {
    gc();
    gc();
    const { heapUsed, rss } = process.memoryUsage();
    return { heapUsed, rss };
  };
  let last = collect();
  for (let i = 0; i < 20; i++) {
    await sleep(250);
    const now = collect();
    if (Math.abs(now.rss - last.rss) < 512 * 1024) return now;
    last = now;
  }
  return last;
}

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

/** One hold's figures, per open stream. */
interface HeldRound {
  open: number;
  errors: number;
  errorSamples: string[];
  heapKiB: number;
  rssKiB: number;
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
): Promise<HeldRound> {
  const before = await settledMemory();
  snapshot(`${label}-before`);
  const held = await hold(slots, count);
  await sleep(500);
  const during = await settledMemory();
  snapshot(`${label}-held`);
  await release();
  await sleep(300);
  const open = Math.max(1, held.open);
  const perStream = (d: number, b: number) => Math.round(((d - b) / open / 1024) * 10) / 10;
  return {
    ...held,
    heapKiB: perStream(during.heapUsed, before.heapUsed),
    rssKiB: perStream(during.rss, before.rss),
  };
}

/** The rounds' medians, with every round's figures and the worst round's errors. */
function summarise(rounds: HeldRound[]): MemoryPerStream {
  const worst = rounds.reduce((w, r) => (r.errors > w.errors || r.open < w.open ? r : w));
  return {
    open: worst.open,
    errors: worst.errors,
    errorSamples: worst.errorSamples,
    heapKiB: stats(rounds.map((r) => r.heapKiB)).p50,
    rssKiB: stats(rounds.map((r) => r.rssKiB)).p50,
    heapKiBRounds: rounds.map((r) => r.heapKiB),
    rssKiBRounds: rounds.map((r) => r.rssKiB),
  };
}

export async function measureIdleStreams(options: {
  count: number;
  /**
   * Holds of each, taking turns (the reference first); the figures are the medians: one hold's
   * resident figure moved by tens of KiB a stream from run to run (ours 0.3–21.1 KiB in full
   * runs of the same code).
   */
  rounds: number;
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
  const relaySlots = [{ url: relay.url }];
  try {
    // A first, unmeasured hold of each: code compiled and caches filled on first use are not per
    // stream.
    for (const slots of [relaySlots, options.appSlots]) {
      await hold(slots, Math.ceil(count / 4));
      await release();
    }
    await sleep(300);
    const relayRounds: HeldRound[] = [];
    const appRounds: HeldRound[] = [];
    for (let round = 0; round < options.rounds; round++) {
      relayRounds.push(await measureHeld(`relay-${round + 1}`, relaySlots, count, hold, release));
      appRounds.push(await measureHeld(`app-${round + 1}`, options.appSlots, count, hold, release));
    }
    return { streams: count, app: summarise(appRounds), bareRelay: summarise(relayRounds) };
  } finally {
    await relay.close();
  }
}

export function printIdleStreams(result: IdleStreamsResult) {
  console.log(
    `6) Memory of open, idle streaming replies: ${result.streams} held open at once while the ` +
      `model has not answered (medians of ${result.app.rssKiBRounds.length} holds each, in turns)`,
  );
  console.log('                                        open  errors  heap KiB each  RSS KiB each');
  const row = (label: string, r: MemoryPerStream) => {
    console.log(
      `   ${label.padEnd(36)}${String(r.open).padStart(5)}${String(r.errors).padStart(8)}` +
        `${r.heapKiB.toFixed(1).padStart(15)}${r.rssKiB.toFixed(1).padStart(14)}`,
    );
    const each = (rounds: number[]) => rounds.map((k) => k.toFixed(1)).join(', ');
    console.log(
      `      hold by hold: heap ${each(r.heapKiBRounds)}; RSS ${each(r.rssKiBRounds)} KiB`,
    );
    if (r.errors) console.log(`      errors, e.g. ${r.errorSamples.join(' | ')}`);
  };
  row('bare Fastify relay (reference)', result.bareRelay);
  row('our reply stream', result.app);
}
