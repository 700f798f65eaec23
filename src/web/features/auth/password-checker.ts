import { useEffect, useState } from 'react';
import type { PasswordCheck, PersonalInfo } from '../../../shared/password-rule';

export interface StrengthRequest {
  id: number;
  password: string;
  email: string;
  name: string;
}
export type StrengthReply = PasswordCheck & { id: number };

/** How long a submit waits for the check before leaving the verdict to the server. */
export const SUBMIT_CHECK_WAIT_MS = 3000;
/** Pause in typing before the meter asks again. */
const TYPING_PAUSE_MS = 120;

/**
 * The shared password rule, run in a worker: zxcvbn and its dictionaries (about 800 KB
 * compressed) load only when a form that chooses a password opens, and scoring never blocks
 * typing. If the worker cannot start or answer in time, checks resolve to null and the server's
 * verdict is shown.
 */
export class PasswordChecker {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, (check: PasswordCheck | null) => void>();

  start() {
    if (this.worker || typeof Worker === 'undefined') return;
    const worker = new Worker(new URL('./password-strength.worker.ts', import.meta.url), {
      type: 'module',
    });
    worker.addEventListener('message', (event: MessageEvent<StrengthReply>) => {
      const { id, ...check } = event.data;
      this.settle(id, check);
    });
    // Not loaded (offline, blocked): every check answers null and the server decides.
    worker.addEventListener('error', () => this.stop());
    this.worker = worker;
  }

  stop() {
    this.worker?.terminate();
    this.worker = null;
    for (const id of [...this.waiting.keys()]) this.settle(id, null);
  }

  check(password: string, personal: PersonalInfo, waitMs?: number): Promise<PasswordCheck | null> {
    this.start();
    const worker = this.worker;
    if (!worker) return Promise.resolve(null);
    const id = ++this.nextId;
    const request: StrengthRequest = {
      id,
      password,
      email: personal.email ?? '',
      name: personal.name ?? '',
    };
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      if (waitMs !== undefined) setTimeout(() => this.settle(id, null), waitMs);
      worker.postMessage(request);
    });
  }

  private settle(id: number, check: PasswordCheck | null) {
    this.waiting.get(id)?.(check);
    this.waiting.delete(id);
  }
}

/**
 * A checker whose worker runs for as long as the calling form is open. `onDemand`: the worker
 * (and its dictionaries) loads only when the form calls `start()` (say, on its first focus) or
 * checks a password — for a page where choosing a password is one of many things (/account).
 */
export function usePasswordChecker({ onDemand = false } = {}): PasswordChecker {
  const [checker] = useState(() => new PasswordChecker());
  useEffect(() => {
    if (!onDemand) checker.start();
    return () => checker.stop();
  }, [checker, onDemand]);
  return checker;
}

/** The check of what is typed, updated shortly after each change; null for an empty field. */
export function usePasswordStrength(
  checker: PasswordChecker,
  password: string,
  { email, name }: PersonalInfo,
): PasswordCheck | null {
  const [result, setResult] = useState<PasswordCheck | null>(null);
  useEffect(() => {
    if (password === '') return;
    let current = true;
    const timer = setTimeout(() => {
      void checker.check(password, { email, name }).then((check) => {
        if (current && check) setResult(check);
      });
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [checker, password, email, name]);
  return password === '' ? null : result;
}
