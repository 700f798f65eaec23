/**
 * BENCH_CPU_PROFILE=<folder>: a CPU profile of the server process during each measured window
 * (a time-to-first-token row, a streams step, an API run), written as <folder>/<name>.cpuprofile
 * (open it in Chrome's DevTools or VS Code). The profiler is the inspector's, in this process, so
 * set-up and warm-up are left out. Profiling slows the server a little: figures from a profiled
 * run are for finding where time goes, not for comparing with other runs.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

const folder = process.env.BENCH_CPU_PROFILE;
let session: Session | undefined;

/** Starts profiling (nothing without BENCH_CPU_PROFILE). */
export async function startProfile() {
  if (!folder) return;
  session ??= new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}

/** Stops profiling and writes the profile as `<name>.cpuprofile`. */
export async function stopProfile(name: string) {
  if (!folder || !session) return;
  const { profile } = await session.post('Profiler.stop');
  await session.post('Profiler.disable');
  session.disconnect();
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${name.replace(/[^\w.-]+/g, '-')}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
  console.log(`   (profile: ${file})`);
}
