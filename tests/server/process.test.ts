import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/server-build.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-process-'));
// A test that fails half-way must not leave its server running.
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('the server process', () => {
  it('starts compiled (as npm start runs it) on an empty DATA_DIR, logs its URL, and stops cleanly on SIGTERM', async () => {
    await buildServer();
    const port = await freePort();
    const child = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        LLM_BASE_URL: '',
        LLM_MODELS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );

    await expect
      .poll(() => output.includes(`Reverie is running at http://localhost:${port}`), {
        timeout: 60_000,
      })
      .toBe(true);
    // A first run without a language model says what to set, with an example.
    expect(output).toContain('No language model is configured');
    expect(output).toContain('LLM_BASE_URL=http://localhost:11434/v1 LLM_MODELS=');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    // First start: the embedded database and a generated secret now live in DATA_DIR.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  }, 90_000);

  it('refuses to start with a bad variable and names it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid configuration:[\s\S]*PORT/);
  }, 30_000);
});
