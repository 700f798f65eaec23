import { describe, expect, it } from 'vitest';
import { SessionCache, cookieValue } from '../../src/server/modules/auth/session-cache';

const ada = {
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  emailVerified: true,
  role: 'user',
  twoFactorEnabled: false,
};
const farFuture = new Date(Date.UTC(2100, 0, 1));

function setup(ttlMs = 5000, maxEntries = 100) {
  let now = 1_000_000;
  const cache = new SessionCache({ ttlMs, maxEntries, now: () => now });
  let checks = 0;
  const valid = async () => {
    checks++;
    return { user: ada, expiresAt: farFuture };
  };
  return {
    cache,
    valid,
    checks: () => checks,
    advance: (ms: number) => (now += ms),
    at: () => now,
  };
}

describe('session cache', () => {
  it('asks the database once per cookie within its lifetime, then again', async () => {
    const s = setup();
    expect(await s.cache.user('tok.sig', s.valid)).toEqual(ada);
    s.advance(4999);
    expect(await s.cache.user('tok.sig', s.valid)).toEqual(ada);
    expect(s.checks()).toBe(1);
    s.advance(1);
    expect(await s.cache.user('tok.sig', s.valid)).toEqual(ada);
    expect(s.checks()).toBe(2);
  });

  it('never remembers a refused cookie, and a different string is a different cookie', async () => {
    const s = setup();
    let refused = 0;
    const refuse = async () => (refused++, null);
    expect(await s.cache.user('forged.sig', refuse)).toBeNull();
    expect(await s.cache.user('forged.sig', refuse)).toBeNull();
    expect(refused).toBe(2);
    await s.cache.user('tok.sig', s.valid);
    expect(await s.cache.user('tok.sig2', refuse)).toBeNull();
  });

  it('forgets everything at once, and drops an answer that was in flight when it did', async () => {
    const s = setup();
    await s.cache.user('tok.sig', s.valid);
    s.cache.forgetAll();
    expect(s.cache.size).toBe(0);
    // A lookup that read the database before a revocation must not be remembered after it.
    let release: () => void = () => {};
    const slow = () =>
      new Promise<{ user: typeof ada; expiresAt: Date }>((resolve) => {
        release = () => resolve({ user: ada, expiresAt: farFuture });
      });
    const answer = s.cache.user('tok.sig', slow);
    s.cache.forgetAll();
    release();
    expect(await answer).toEqual(ada);
    expect(s.cache.size).toBe(0);
  });

  it('shares one lookup between concurrent requests with the same cookie', async () => {
    const s = setup();
    const answers = await Promise.all([1, 2, 3].map(() => s.cache.user('tok.sig', s.valid)));
    expect(answers).toEqual([ada, ada, ada]);
    expect(s.checks()).toBe(1);
  });

  it('never trusts an entry past the session’s own expiry', async () => {
    const s = setup();
    const soon = async () => ({ user: ada, expiresAt: new Date(s.at() + 1000) });
    await s.cache.user('tok.sig', soon);
    s.advance(1000);
    let checked = false;
    const expired = async () => ((checked = true), null);
    expect(await s.cache.user('tok.sig', expired)).toBeNull();
    expect(checked).toBe(true);
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const s = setup(5000, 2);
    await s.cache.user('a', s.valid);
    await s.cache.user('b', s.valid);
    await s.cache.user('c', s.valid);
    expect(s.cache.size).toBe(2);
    await s.cache.user('a', s.valid);
    expect(s.checks()).toBe(4);
  });
});

describe('cookieValue', () => {
  it('finds a cookie by its exact name', () => {
    const header = 'a=1; reverie.session_token=abc.def%3D; x.reverie.session_token=no';
    expect(cookieValue(header, 'reverie.session_token')).toBe('abc.def%3D');
    expect(cookieValue('reverie.session_token_x=1', 'reverie.session_token')).toBeUndefined();
    expect(cookieValue(undefined, 'reverie.session_token')).toBeUndefined();
    expect(cookieValue('reverie.session_token=', 'reverie.session_token')).toBe('');
  });
});
