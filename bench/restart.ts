/**
 * How long the server takes to start, as `npm start` runs it (the compiled dist/server/main.js on
 * an embedded PGlite under DATA_DIR): the first start on an empty folder (creates and migrates the
 * database) and restarts on the existing one, each from spawning the process to the first 200 from
 * /api/health. Beside it, in the same run, the reference: a bare Fastify process started the same
 * way. `tsx bench/restart.ts` runs it alone; `npm run bench` runs it last.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
async function timeToHealthy(
  args: string[],
  env: Record<string, string>,
  node = process.execPath,
): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(node, args, {
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

/**
 * Node 24, the version production runs (`.nvmrc`, decision 0045), as scripts/test-all.sh fetches
 * it for the server tests; absent until that has run once.
 */
const PRODUCTION_NODE = path.join(root, '.cache/node24/bin/node');

export interface RestartFigures {
  firstStartMs: number;
  restartMedianMs: number;
  bareFastifyMedianMs: number;
  /**
   * The same restarts and reference on production's Node 24, whose compile cache the server turns
   * on (decision 0075); null without that binary. The target is read on this process's Node.
   */
  productionNode: { version: string; restartMedianMs: number; bareFastifyMedianMs: number } | null;
}

export async function measureRestart(): Promise<RestartFigures> {
  await buildServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-bench-restart-'));
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, LLM_BASE_URL: '', LLM_MODELS: '' };
  try {
    const firstStartMs = await timeToHealthy(['dist/server/main.js'], env);
    const production = existsSync(PRODUCTION_NODE) ? PRODUCTION_NODE : null;
    // Its first start compiles the build and fills the cache that its restarts then read.
    if (production) await timeToHealthy(['dist/server/main.js'], env, production);
    const restarts: number[] = [];
    const bare: number[] = [];
    const productionRestarts: number[] = [];
    const productionBare: number[] = [];
    // Interleaved, so that a busy moment on the machine weighs on all alike.
    for (let i = 0; i < RESTARTS; i++) {
      restarts.push(await timeToHealthy(['dist/server/main.js'], env));
      bare.push(await timeToHealthy(['--input-type=module', '-e', BARE_FASTIFY], {}));
      if (!production) continue;
      productionRestarts.push(await timeToHealthy(['dist/server/main.js'], env, production));
      productionBare.push(
        await timeToHealthy(['--input-type=module', '-e', BARE_FASTIFY], {}, production),
      );
    }
    return {
      firstStartMs,
      restartMedianMs: median(restarts),
      bareFastifyMedianMs: median(bare),
      productionNode: production
        ? {
            version: execFileSync(production, ['--version'], { encoding: 'utf8' }).trim(),
            restartMedianMs: median(productionRestarts),
            bareFastifyMedianMs: median(productionBare),
          }
        : null,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export function printRestart(figures: RestartFigures) {
  const ms = (value: number) => `${value.toFixed(0)} ms`.padStart(9);
  const printPair = (restartMs: number, bareMs: number) => {
    console.log(`   restart (median of ${RESTARTS})                  ${ms(restartMs)}`);
    console.log(
      `   reference: bare Fastify process (median)  ${ms(bareMs)}` +
        `   → restart is ${(restartMs / bareMs).toFixed(1)}×`,
    );
  };
  console.log('Start-up, compiled server on PGlite, spawn → first 200 from /api/health');
  console.log(`   first start (empty DATA_DIR, migrations)  ${ms(figures.firstStartMs)}`);
  printPair(figures.restartMedianMs, figures.bareFastifyMedianMs);
  const production = figures.productionNode;
  if (!production) return;
  console.log(`   on ${production.version} (production's Node, with its compile cache), in turns:`);
  printPair(production.restartMedianMs, production.bareFastifyMedianMs);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printRestart(await measureRestart());
}
