import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './support/test-app';
import { lockDataDir } from '../../src/server/data-dir-lock';

/**
 * Issue 42 item 1: the embedded database's folder is held by one process at a time. Real
 * processes: a second server on the same DATA_DIR while the first runs, then the first killed
 * with SIGKILL and a third started.
 */

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LLM_BASE_URL: '',
      LLM_MODELS: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const out = { text: '' };
  child.stdout.on('data', (d: Buffer) => (out.text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const running = () =>
    expect
      .poll(() => out.text.includes(`Reverie is running at http://localhost:${port}`), {
        timeout: 60_000,
      })
      .toBe(true);
  return { child, out, exited, running };
}

function signIn(port: number) {
  return fetch(`http://127.0.0.1:${port}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
    body: JSON.stringify({ email: 'kept@example.com', password: 'velvet harbour lantern' }),
  });
}

describe('one process per DATA_DIR', () => {
  it('refuses a second server naming the holder, touching nothing, and a SIGKILLed holder does not block the next start', async () => {
    const firstPort = await freePort();
    const first = startServer(firstPort);
    await first.running();
    const signUp = await fetch(`http://127.0.0.1:${firstPort}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://localhost:${firstPort}` },
      body: JSON.stringify({
        name: '',
        email: 'kept@example.com',
        password: 'velvet harbour lantern',
        acceptTerms: true,
        acceptPrivacy: true,
      }),
    });
    expect(signUp.status, await signUp.text()).toBe(200);

    // A deploy that starts the new process before the old one has stopped.
    const second = startServer(await freePort());
    expect(await second.exited).toBe(1);
    expect(second.out.text).toContain(
      `is in use by another Reverie process (pid ${first.child.pid}`,
    );
    expect(second.out.text).toContain(dataDir);
    // The refusal is its one line: no migration, no log, no listening, nothing opened.
    expect(second.out.text.trim().split('\n')).toHaveLength(1);
    // The first still serves.
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/health`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    const thirdPort = await freePort();
    const third = startServer(thirdPort);
    const started = Date.now();
    await third.running();
    // Its owner gone, the lock is taken over at once rather than after it goes stale (10 s).
    expect(Date.now() - started).toBeLessThan(60_000);
    // The account made before the kill is there: its unverified sign-in is told to verify.
    const res = await signIn(thirdPort);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000);

  it('takes over a lock nobody has refreshed for longer than its stale time, whoever held it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'reverie-stale-lock-'));
    try {
      // A holder on another machine sharing the folder, which stopped refreshing a minute ago.
      mkdirSync(path.join(dir, 'reverie.lock'));
      writeFileSync(
        path.join(dir, 'reverie.lock.owner.json'),
        JSON.stringify({ pid: 1, host: 'another-machine', since: '2026-01-01T00:00:00.000Z' }),
      );
      const minuteAgo = new Date(Date.now() - 60_000);
      utimesSync(path.join(dir, 'reverie.lock'), minuteAgo, minuteAgo);
      const lost: Error[] = [];
      const lock = await lockDataDir(dir, (e) => lost.push(e));
      // Held now, in this process's name, and refreshed.
      const owner = JSON.parse(readFileSync(path.join(dir, 'reverie.lock.owner.json'), 'utf8'));
      expect(owner).toMatchObject({ pid: process.pid, host: hostname() });
      expect(statSync(path.join(dir, 'reverie.lock')).mtimeMs).toBeGreaterThan(minuteAgo.getTime());
      await lock.release();
      expect(existsSync(path.join(dir, 'reverie.lock'))).toBe(false);
      expect(lost).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
