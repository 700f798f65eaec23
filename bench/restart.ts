/**
 * How long the server takes to start, as `npm start` runs it (the compiled dist/server/main.js on
 * an embedded PGlite under DATA_DIR): the first start on an empty folder (creates and migrates the
 * database) and restarts on the existing one, each from spawning the process to the first 200 from
 * /api/health. Beside it, in the same run, the reference: a bare Fastify process started the same
 * way. `tsx bench/restart.ts` runs it alone; `npm run bench` runs it last.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildServer } from '../scripts/server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const RESTARTS = 5;

const BARE_FASTIFY = `
import Fastify from 'fastify';
const app = Fastify();
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Milliseconds from spawning `args` until /api/health answers 200; the process is then stopped. */
async function timeToHealthy(args: string[], env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited early`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((response) => response.ok)
        .catch(() => false);
      if (healthy) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export interface RestartFigures {
  firstStartMs: number;
  restartMedianMs: number;
  bareFastifyMedianMs: number;
}

export async function measureRestart(): Promise<RestartFigures> {
  await buildServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-bench-restart-'));
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, LLM_BASE_URL: '', LLM_MODELS: '' };
  try {
    const firstStartMs = await timeToHealthy(['dist/server/main.js'], env);
    const restarts: number[] = [];
    const bare: number[] = [];
    // Interleaved, so that a busy moment on the machine weighs on both alike.
    for (let i = 0; i < RESTARTS; i++) {
      restarts.push(await timeToHealthy(['dist/server/main.js'], env));
      bare.push(await timeToHealthy(['--input-type=module', '-e', BARE_FASTIFY], {}));
    }
    return {
      firstStartMs,
      restartMedianMs: median(restarts),
      bareFastifyMedianMs: median(bare),
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printRestart(figures: RestartFigures) {
  const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(9);
  console.log('Start-up, compiled server on PGlite, spawn → first 200 from /api/health');
  console.log(`   first start (empty DATA_DIR, migrations)  ${ms(figures.firstStartMs)}`);
  console.log(`   restart (median of ${RESTARTS})                  ${ms(figures.restartMedianMs)}`);
  console.log(
    `   reference: bare Fastify process (median)  ${ms(figures.bareFastifyMedianMs)}` +
      `   → restart is ${(figures.restartMedianMs / figures.bareFastifyMedianMs).toFixed(1)}×`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printRestart(await measureRestart());
}
