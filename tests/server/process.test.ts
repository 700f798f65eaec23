import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { startLlmDouble } from '../doubles/llm-server';
import { TestClient } from './support/http-client';
import { answerAgeReviewsAsAdult } from './support/llm';
import { freePort } from './support/test-app';
import {
  firstConversation,
  signUpThroughMail,
  spawnServer,
  untilPrinted,
} from '../support/server-process';
import { buildServer } from '../../scripts/server-build.mjs';
import { PASSWORD_MESSAGES } from '../../src/shared/auth/contract';
import { COMPILE_CACHE_FOLDER } from '../../src/server/runtime-flags';

const root = path.resolve(import.meta.dirname, '../..');
const compileCache = path.join(root, COMPILE_CACHE_FOLDER);
const dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-process-'));
// A test that fails half-way must not leave its server running.
const children: ChildProcess[] = [];
/** The size of every file under `folder`, in bytes. */
const bytesUnder = (folder: string): number =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The compiled server on a free port, listening. freePort closes its probe before the server
 * listens, and in between another process can take the port (in CI an outgoing connection to
 * PostgreSQL from a test file running beside this one): a start that fails with EADDRINUSE is
 * tried again on another port, up to three times. `envFor` is called for each try.
 */
async function startOnFreePort(envFor: (port: number) => Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = spawnServer(envFor(port), (child) => children.push(child));
    try {
      await untilPrinted(server, 'Reverie is running');
      return { server, port };
    } catch (error) {
      if (attempt === 3 || !server.output().includes('EADDRINUSE')) throw error;
      await server.exited;
    }
  }
}

describe('the server process', () => {
  it('starts compiled (as npm start runs it) on an empty DATA_DIR, logs its URL, serves sign-up and runs its jobs, stops cleanly on SIGTERM and keeps its compiled code for the next start', async () => {
    await buildServer();
    rmSync(compileCache, { recursive: true, force: true });
    const { server, port } = await startOnFreePort((port) => {
      // A first start each try: a try that lost its port may have made the database already.
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(dataDir);
      return {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // Debug, to see the job queue's first runs.
        LOG_LEVEL: 'debug',
        LLM_BASE_URL: '',
        LLM_MODELS: '',
        // A PostgreSQL setting on the embedded database: said to do nothing.
        DATABASE_POOL_SIZE: '6',
      };
    });
    const { child, exited } = server;
    expect(server.output()).toContain(`Reverie is running at http://localhost:${port}`);
    // A first run without a language model says what to set, with an example.
    expect(server.output()).toContain('No language model is configured');
    expect(server.output()).toContain('LLM_BASE_URL=http://localhost:11434/v1 LLM_MODELS=');
    expect(server.output()).toContain('DATABASE_POOL_SIZE changes nothing without DATABASE_URL');
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    // First start: the embedded database and a generated secret now live in DATA_DIR.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);

    // The bundle's parts that load on first use: the password rule refuses a weak password, and a
    // sign-up renders its verification mail into the outbox.
    const signUp = (password: string) =>
      fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
        body: JSON.stringify({
          name: '',
          email: 'first@example.com',
          password,
          acceptTerms: true,
          acceptPrivacy: true,
        }),
      });
    const weak = await signUp('password123');
    expect(weak.status).toBe(400);
    expect(((await weak.json()) as { message: string }).message).toBe(PASSWORD_MESSAGES.common);
    const accepted = await signUp('velvet harbour lantern');
    expect(accepted.status, await accepted.text()).toBe(200);
    await expect
      .poll(() => readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml')))
      .toHaveLength(1);
    // The job queue starts a moment after listening and runs its start-up jobs.
    await expect
      .poll(() => server.output().includes('"job":"planner-statistics"'), { timeout: 30_000 })
      .toBe(true);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    // Node 22.1 and later keep the code V8 compiled (the app's 3 MB and more) in the app's own
    // folder for the next start; Node 20 has no such cache and leaves nothing (decision 0075).
    if (typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function')
      expect(bytesUnder(compileCache)).toBeGreaterThan(1_000_000);
    else expect(existsSync(compileCache)).toBe(false);
    // Its output is not a terminal: JSON lines only, for a log collector; no banner.
    for (const line of server.output().trim().split('\n'))
      expect(() => JSON.parse(line), line).not.toThrow();
  }, 90_000);

  it('in a terminal, prints a banner of where it runs and what is not set up, and readable log lines with the mail links', async () => {
    const port = await freePort();
    const ownDir = mkdtempSync(path.join(tmpdir(), 'reverie-terminal-'));
    // script(1) runs the server on a pseudo-terminal, as a person's `npm start` does.
    const child = spawn(
      'script',
      ['-qfec', `exec "${process.execPath}" dist/server/main.js`, '/dev/null'],
      {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: ownDir,
          LLM_BASE_URL: '',
          LLM_MODELS: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      },
    );
    children.push(child);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
    try {
      await expect.poll(() => output, { timeout: 60_000 }).toContain('Ctrl+C stops it');
      // Colours aside, what a person reads.
      const text = () => stripVTControlCharacters(output).replace(/\r/g, '');
      expect(text()).toContain('Reverie is running');
      expect(text()).toMatch(new RegExp(`Address +http://localhost:${port}`));
      expect(text()).toMatch(/Database +PGlite \(embedded\) in .*reverie-terminal-.*pglite/);
      expect(text()).toMatch(/Mail +not sent: written to .*outbox/);
      expect(text()).toMatch(/Model +none: chat replies are off until LLM_BASE_URL and LLM_MODELS/);
      expect(text()).toMatch(/Billing +off/);
      // Log lines as text: a level and a message, no JSON objects.
      expect(text()).toMatch(/INFO.*Reverie is running at http:\/\/localhost/);
      expect(text()).not.toMatch(/^\{"level"/m);
      // A sign-up's verification link is in the log, where a self-hoster without SMTP finds it.
      const signUp = await fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${port}` },
        body: JSON.stringify({
          name: '',
          email: 'terminal@example.com',
          password: 'velvet harbour lantern',
          acceptTerms: true,
          acceptPrivacy: true,
        }),
      });
      expect(signUp.status).toBe(200);
      await expect
        .poll(text, { timeout: 30_000 })
        .toMatch(/mail written to outbox.*\/api\/auth\/verify-email\?token=/);
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
      rmSync(ownDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('on SIGTERM: /api/ready answers 503 at once, new replies 503 with Retry-After, the reply streaming goes on to its end, then exit 0', async () => {
    await buildServer();
    const llm = await startLlmDouble();
    answerAgeReviewsAsAdult(llm);
    // About 3 s of reply, word by word.
    llm.setDefault({
      content: 'and the moon rose over the quiet harbour '.repeat(8),
      chunkDelayMs: 50,
    });
    const ownDir = mkdtempSync(path.join(tmpdir(), 'reverie-drain-'));
    try {
      const { server, port } = await startOnFreePort((port) => ({
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: ownDir,
        LOG_LEVEL: 'info',
        LLM_BASE_URL: llm.url,
        LLM_MODELS: 'big-405b',
        SHUTDOWN_GRACE_SECONDS: '30',
      }));
      const { child, exited } = server;
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/api/ready`)).status).toBe(200);

      // A user, through the real sign-up, mail and sign-in (the process holds its database).
      const user = new TestClient(url);
      await signUpThroughMail(user, 'drain@example.com', 'velvet harbour lantern', [ownDir]);
      const conversationId = await firstConversation(user);
      const send = (message: string) =>
        fetch(`${url}/api/chat`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            cookie: user.cookieHeader,
            origin: url,
          },
          body: JSON.stringify({ message, conversationId }),
        });

      // A reply starts streaming; the server is told to stop in the middle of it.
      const streaming = await send('Tell me about the harbour');
      expect(streaming.status).toBe(200);
      const reader = streaming.body!.getReader();
      const decoder = new TextDecoder();
      let events = '';
      while (!events.includes('event: token')) {
        const { value, done } = await reader.read();
        if (done) break;
        events += decoder.decode(value, { stream: true });
      }
      child.kill('SIGTERM');

      await expect.poll(async () => (await fetch(`${url}/api/ready`)).status).toBe(503);
      expect(await (await fetch(`${url}/api/ready`)).json()).toMatchObject({ status: 'draining' });
      // Alive, only stopping: the liveness check still answers.
      expect((await fetch(`${url}/api/health`)).status).toBe(200);
      const refused = await send('Are you still there?');
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await refused.json()) as { message: string }).message).toMatch(/restarting/);

      // The reply in flight is not cut: it streams to its end and is stored.
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        events += decoder.decode(value, { stream: true });
      }
      expect(events).toContain('event: done');
      expect(events).toContain('quiet harbour');
      expect(await exited).toBe(0);
      expect(server.output()).toContain('no new replies, finishing those in flight');
    } finally {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
      await llm.stop();
      rmSync(ownDir, { recursive: true, force: true });
    }
  }, 120_000);

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

  it('stops with one line when LLM_CONTEXT_TOKENS cannot hold a prompt and a reply', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        LLM_MODELS: 'tiny',
        LLM_CONTEXT_TOKENS: '2048',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (d: Buffer) => (errors += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(errors.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^LLM_CONTEXT_TOKENS is 2048: at least \d+ are needed to hold a character's prompt and a reply\. .*num_ctx/,
      ),
    ]);
  }, 30_000);

  it('stops on a TRUST_PROXY that trusts every client with one clear line, no stack trace', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, TRUST_PROXY: '0.0.0.0/0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      expect.stringMatching(/^Invalid configuration: TRUST_PROXY: 0\.0\.0\.0\/0 trusts more/),
    ]);
  }, 30_000);
});
