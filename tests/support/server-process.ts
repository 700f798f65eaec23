import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { TestClient } from '../server/support/http-client';
import { verificationLink } from '../server/support/mail';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** What it printed so far (standard output and error). */
  output(): string;
  /** Its exit code once it exits. */
  exited: Promise<number | null>;
}

/**
 * The compiled server (`dist/server/main.js`, as `npm start` runs it; build it first with
 * ensureServerBuild) in a process of its own, with `env` over this process's environment.
 * `register` gets the child at once, so a test can kill what a failure left running.
 */
export function spawnServer(
  env: Record<string, string>,
  register: (child: ChildProcess) => void = () => {},
): ServerProcess {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  register(child);
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/**
 * Waits until `done()` holds. Fails at once, with everything the server printed, when the
 * process exits first (a port taken between freePort and its listen, a crash at start-up), and
 * with the same output when `timeoutMs` passes: a start that fails says why instead of a bare
 * "expected false to be true" a minute later. `what` names the wait in those messages.
 */
async function until(
  server: ServerProcess,
  what: string,
  done: () => boolean | Promise<boolean>,
  timeoutMs: number,
) {
  const by = Date.now() + timeoutMs;
  while (!(await done())) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(
        `the server exited (${server.child.exitCode ?? server.child.signalCode}) before ${what}:\n${server.output()}`,
      );
    }
    if (Date.now() > by) {
      throw new Error(`the server was not ${what} within ${timeoutMs} ms:\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the server has printed `text` (see `until`). */
export function untilPrinted(server: ServerProcess, text: string, timeoutMs = 60_000) {
  return until(server, `printing "${text}"`, () => server.output().includes(text), timeoutMs);
}

/** Waits until `${baseUrl}/api/ready` answers 200 (see `until`). */
export function untilReady(server: ServerProcess, baseUrl: string, timeoutMs = 90_000) {
  return until(
    server,
    'ready',
    async () => {
      // With a time limit: whatever holds a port taken from under a server may never answer.
      const ready = await fetch(`${baseUrl}/api/ready`, {
        signal: AbortSignal.timeout(2_000),
      }).catch(() => null);
      return ready?.status === 200;
    },
    timeoutMs,
  );
}

/** The first mail to `email` in any of these data directories' outboxes. */
function mailIn(dataDirs: readonly string[], email: string): string | undefined {
  for (const dir of dataDirs) {
    const outbox = path.join(dir, 'outbox');
    if (!existsSync(outbox)) continue;
    for (const file of readdirSync(outbox).filter((f) => f.endsWith('.eml'))) {
      const raw = readFileSync(path.join(outbox, file), 'utf8');
      if (raw.includes(email)) return raw;
    }
  }
  return undefined;
}

/** Throws `message` (with the answer's text) unless `ok`: these helpers serve tests and the bench. */
function check(ok: boolean, message: string): asserts ok {
  if (!ok) throw new Error(message);
}

/**
 * A user made as a person would on servers whose database a test cannot reach: sign-up, the
 * link from the verification mail (found in whichever server's outbox has it), sign-in.
 */
export async function signUpThroughMail(
  user: TestClient,
  email: string,
  password: string,
  dataDirs: readonly string[],
) {
  const signUp = await user.post('/api/auth/sign-up/email', {
    name: '',
    email,
    password,
    acceptTerms: true,
    acceptPrivacy: true,
  });
  check(signUp.status === 200, `sign-up answered ${signUp.status}: ${signUp.text}`);
  const mailBy = Date.now() + 30_000;
  let mail = mailIn(dataDirs, email);
  while (!mail && Date.now() < mailBy) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    mail = mailIn(dataDirs, email);
  }
  check(mail !== undefined, `no verification mail to ${email} within 30 s`);
  await user.get(verificationLink(mail));
  const signIn = await user.post('/api/auth/sign-in/email', { email, password });
  check(signIn.status === 200, `sign-in answered ${signIn.status}: ${signIn.text}`);
}

/** A profile, a character and an Assistant conversation with it, for a signed-in user. */
export async function firstConversation(user: TestClient): Promise<number> {
  const profile = await user.post('/api/user-profile', { name: 'Riley', gender: 'Non-binary' });
  check(profile.status === 200, `profile answered ${profile.status}: ${profile.text}`);
  const character = await user.post('/api/characters', {
    name: 'Selene',
    description: 'A moonlit poet with a sharp wit.',
    gender: 'female',
    personality: 'Playful, literate, teases gently.',
  });
  check(character.status === 201, `character answered ${character.status}: ${character.text}`);
  const conversation = await user.post('/api/conversations', {
    characterId: character.json.id,
    chatMode: 'assistant',
  });
  check(
    conversation.status === 201,
    `conversation answered ${conversation.status}: ${conversation.text}`,
  );
  return conversation.json.id as number;
}
