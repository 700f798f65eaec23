/**
 * BENCH_CPU_PROFILE=<folder>: a CPU profile of the server process during each measured window
 * (a time-to-first-token row, a streams step, a history run, an API run), written as
 * <folder>/<name>.cpuprofile (open it in Chrome's DevTools or VS Code).
 * BENCH_ALLOC_PROFILE=<folder>: instead, a sampled profile of everything the server allocates in
 * those windows, collected or not (<folder>/<name>.heapprofile, DevTools' Memory tab): where the
 * young generation's churn comes from. With BENCH_ALLOC_LIVE=1 as well, only what the window
 * allocated that is still live at its end, after a full collection: what the streams in flight
 * keep (compare a streams step with the relay's). With BENCH_ALLOC_PROMOTED=1 instead, what
 * outlived the young generation (moved to the old one, collected by a full collection or not):
 * what makes each scavenge slow, since a scavenge's pause grows with what it must copy.
 * The profilers are the inspector's, in this process, so set-up and warm-up are left out.
 * Profiling slows the server a little: figures from a profiled run are for finding where time
 * goes, not for comparing with other runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const cpuFolder = process.env.BENCH_CPU_PROFILE;
const allocFolder = process.env.BENCH_ALLOC_PROFILE;
/** With BENCH_ALLOC_PROFILE: only what the window allocated that is still live at its end. */
const allocLive = process.env.BENCH_ALLOC_LIVE === '1';
/** With BENCH_ALLOC_PROFILE: what survived the young generation, live or collected since. */
const allocPromoted = process.env.BENCH_ALLOC_PROMOTED === '1';
let session: Session | undefined;

/** Starts profiling (nothing without BENCH_CPU_PROFILE or BENCH_ALLOC_PROFILE). */
export async function startProfile() {
  if (!cpuFolder && !allocFolder) return;
  session ??= new Session();
  session.connect();
  if (allocFolder) {
    await session.post('HeapProfiler.enable');
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: 2048,
      includeObjectsCollectedByMinorGC: !allocLive && !allocPromoted,
      includeObjectsCollectedByMajorGC: !allocLive,
    });
    return;
  }
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}

/** Stops profiling and writes the profile as `<name>.cpuprofile` or `<name>.heapprofile`. */
export async function stopProfile(name: string) {
  if (!session) return;
  // What is still live: a full collection first, or the young generation's garbage would count.
  if (allocFolder && allocLive) await session.post('HeapProfiler.collectGarbage');
  const { profile } = allocFolder
    ? await session.post('HeapProfiler.stopSampling')
    : await session.post('Profiler.stop');
  await session.post(allocFolder ? 'HeapProfiler.disable' : 'Profiler.disable');
  session.disconnect();
  const folder = (allocFolder ?? cpuFolder)!;
  const file = path.join(
    folder,
    `${name.replace(/[^\w.-]+/g, '-')}.${allocFolder ? 'heapprofile' : 'cpuprofile'}`,
  );
  mkdirSync(folder, { recursive: true });
  writeFileSync(file, JSON.stringify(profile));
  console.log(`   (profile: ${file})`);
}
