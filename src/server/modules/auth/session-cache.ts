/**
 * A short-lived, in-process memory of sessions better-auth has already checked, so a signed-in
 * request does not cost two database reads and better-auth's request machinery every time
 * (decision 0017).
 *
 * The key is the session cookie exactly as the browser sent it (token and signature). Only a
 * cookie better-auth accepted is ever stored, so a forged or altered cookie can never hit: it is
 * a different string and goes to better-auth, which refuses it.
 *
 * Revocation: every request that can end or change sessions (all POSTs under /api/auth and
 * /api/logout) calls `forgetAll()` when it completes, so on this server a signed-out or revoked
 * session is refused from the next request on. A lookup that started before such a change never
 * stores its (possibly stale) answer: `forgetAll` moves the generation on. Another server learns
 * of a revocation when its entry expires, at most `ttlMs` later, and no entry outlives the
 * session's own expiry.
 */
import type { SessionUser } from '../../../shared/auth/contract';

export interface SessionCacheOptions {
  /** How long a checked session is trusted without asking the database again. */
  ttlMs: number;
  /** Entries kept at most; the oldest are dropped first. */
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  user: SessionUser;
  /** When this entry stops being trusted: checked + ttl, or the session's expiry if sooner. */
  trustedUntil: number;
}

export class SessionCache {
  private entries = new Map<string, Entry>();
  /** Lookups in flight, so concurrent requests with one cookie ask the database once. */
  private pending = new Map<string, Promise<SessionUser | null>>();
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: SessionCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The user of this session cookie: from memory while the entry is trusted, otherwise from
   * `check` (better-auth), whose answer is kept when it names a user.
   */
  async user(
    cookie: string,
    check: () => Promise<{ user: SessionUser; expiresAt: Date } | null>,
  ): Promise<SessionUser | null> {
    const entry = this.entries.get(cookie);
    if (entry) {
      if (entry.trustedUntil > this.now()) return entry.user;
      this.entries.delete(cookie);
    }
    const inFlight = this.pending.get(cookie);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const lookup = check()
      .then((session) => {
        if (!session) return null;
        if (generation === this.generation) this.store(cookie, session.user, session.expiresAt);
        return session.user;
      })
      .finally(() => {
        if (this.pending.get(cookie) === lookup) this.pending.delete(cookie);
      });
    this.pending.set(cookie, lookup);
    return lookup;
  }

  /** After anything that may have ended or changed sessions: ask the database again. */
  forgetAll() {
    this.generation++;
    this.entries.clear();
    this.pending.clear();
  }

  get size() {
    return this.entries.size;
  }

  private store(cookie: string, user: SessionUser, expiresAt: Date) {
    const trustedUntil = Math.min(this.now() + this.options.ttlMs, expiresAt.getTime());
    if (trustedUntil <= this.now()) return;
    if (this.entries.size >= this.options.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(cookie, { user, trustedUntil });
  }
}

/** The value of one cookie in a Cookie header, as sent (undefined when absent). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let start = 0;
  while (start < header.length) {
    let end = header.indexOf(';', start);
    if (end === -1) end = header.length;
    while (header.charCodeAt(start) === 32) start++;
    const eq = header.indexOf('=', start);
    if (eq !== -1 && eq < end && eq - start === name.length && header.startsWith(name, start)) {
      return header.slice(eq + 1, end).trim();
    }
    start = end + 1;
  }
  return undefined;
}
