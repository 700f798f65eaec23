import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_RULES } from '../../src/server/rate-rules';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { signIn: 'sign-up' });
});
afterAll(() => t.close());

const signIn = (email: string, password: string) =>
  t.client().post('/api/auth/sign-in/email', { email, password });

describe('failed sign-ins', () => {
  it('end in 429 for one address within a few tries, with Retry-After', async () => {
    await t.signedInUser('target@example.com');
    const limit = RATE_RULES.signInFailuresPerEmail.limit;
    for (let i = 0; i < limit; i++) {
      expect((await signIn('target@example.com', `wrong-guess-${i}`)).status).toBe(401);
    }
    const blocked = await signIn('target@example.com', 'wrong-again');
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(/too many sign-in attempts/i);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Whole seconds left in the 15-minute window (the library answers in milliseconds).
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(
      RATE_RULES.signInFailuresPerEmail.windowMs / 1000,
    );
    // Even the right password waits for the window to end (no oracle for the attacker)…
    expect((await signIn('target@example.com', TEST_PASSWORD)).status).toBe(429);
    // …but other addresses are not affected.
    expect((await signIn('someone-else@example.com', 'wrong-guess')).status).toBe(401);
  });

  it('end in 429 for one client across many addresses', async () => {
    const perClient = RATE_RULES.signInFailuresPerClient.limit;
    let status = 0;
    let tries = 0;
    // The first test already spent some of this client's allowance.
    while (status !== 429 && tries < perClient + 1) {
      status = (await signIn(`spray${tries}@example.com`, 'wrong-guess')).status;
      tries++;
    }
    expect(status).toBe(429);
    expect(tries).toBeLessThanOrEqual(perClient);
  });
});

describe('sign-up and mail sending', () => {
  it('limits sign-ups per client', async () => {
    const t2 = await startTestApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_RULES.signUpsPerClient.limit; i++) {
        const res = await t2.client().post('/api/auth/sign-up/email', {
          name: '',
          email: `new${i}@example.com`,
          password: TEST_PASSWORD,
          acceptTerms: true,
          acceptPrivacy: true,
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect(t2.outbox()).toHaveLength(RATE_RULES.signUpsPerClient.limit);
    } finally {
      await t2.close();
    }
  }, 120_000);

  it('limits verification mails per address', async () => {
    await t.client().post('/api/auth/sign-up/email', {
      name: '',
      email: 'resend@example.com',
      password: TEST_PASSWORD,
      acceptTerms: true,
      acceptPrivacy: true,
    });
    const statuses: number[] = [];
    for (let i = 0; i < RATE_RULES.mailsPerAddress.limit; i++) {
      const res = await t
        .client()
        .post('/api/auth/send-verification-email', { email: 'resend@example.com' });
      statuses.push(res.status);
    }
    // The sign-up mail counts too, so the last resend is refused.
    expect(statuses).toEqual([200, 200, 429]);
    const mails = t.outbox().filter((m) => m.raw.includes('resend@example.com'));
    expect(mails).toHaveLength(RATE_RULES.mailsPerAddress.limit);
  });
});

describe('behind a proxy (TRUST_PROXY)', () => {
  // The proxy appends the address it saw; everything left of it came from the client.
  const viaProxy = (t3: TestApp, spoofed: string) =>
    t3.client({ 'x-forwarded-for': `198.51.100.${spoofed}, 203.0.113.7` });

  it('counts failed sign-ins for the address the nearest proxy saw (TRUST_PROXY=1)', async () => {
    const t3 = await startTestApp({ TRUST_PROXY: '1' });
    try {
      const limit = RATE_RULES.signInFailuresPerClient.limit;
      const statuses: number[] = [];
      for (let i = 0; i <= limit; i++) {
        const res = await viaProxy(t3, String(i)).post('/api/auth/sign-in/email', {
          email: `spoof${i}@example.com`,
          password: 'wrong-guess',
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // Another real client behind the same proxy is not affected.
      const other = await t3
        .client({ 'x-forwarded-for': '203.0.113.8' })
        .post('/api/auth/sign-in/email', { email: 'spoof0@example.com', password: 'wrong' });
      expect(other.status).toBe(401);
    } finally {
      await t3.close();
    }
  }, 120_000);

  it('counts sign-ups for the address the trusted proxy saw (TRUST_PROXY=127.0.0.1)', async () => {
    const t3 = await startTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_RULES.signUpsPerClient.limit; i++) {
        const res = await viaProxy(t3, String(i)).post('/api/auth/sign-up/email', {
          name: '',
          email: `spoofed-signup${i}@example.com`,
          password: TEST_PASSWORD,
          acceptTerms: true,
          acceptPrivacy: true,
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await t3.close();
    }
  }, 120_000);
});

describe('account lock-out', () => {
  let t4: TestApp;
  let clientNumber = 0;
  // Each browser comes from an address of its own, so only the per-account limits are in play.
  const browser = () => t4.client({ 'x-forwarded-for': `192.0.2.${++clientNumber}` });
  beforeAll(async () => {
    t4 = await startTestApp({ TRUST_PROXY: '127.0.0.1' }, { signIn: 'sign-up' });
  });
  afterAll(() => t4.close());

  it('lets the owner sign in from a browser they used before while strangers are locked out', async () => {
    const email = 'owner@example.com';
    const owner = await t4.signedInUser(email);
    await owner.post('/api/logout', {});
    const limit = RATE_RULES.signInFailuresPerEmail.limit;
    for (let i = 0; i < limit; i++) {
      const stranger = browser();
      expect(
        (await stranger.post('/api/auth/sign-in/email', { email, password: `guess-${i}` })).status,
      ).toBe(401);
    }
    const lockedStranger = await browser().post('/api/auth/sign-in/email', {
      email,
      password: 'guess',
    });
    expect(lockedStranger.status).toBe(429);
    // A new browser waits, even with the right password…
    expect(
      (await browser().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status,
    ).toBe(429);
    // …but the owner's own browser signs in.
    const back = await owner.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(back.status).toBe(200);
    expect((await owner.get('/api/auth/get-session')).json?.user?.email).toBe(email);
  }, 120_000);

  it('forgets the failed sign-ins for an address once a sign-in succeeds', async () => {
    const email = 'forgiven@example.com';
    const owner = await t4.signedInUser(email);
    await owner.post('/api/logout', {});
    const limit = RATE_RULES.signInFailuresPerEmail.limit;
    const guess = async () =>
      (await browser().post('/api/auth/sign-in/email', { email, password: 'guess' })).status;
    for (let i = 0; i < limit - 1; i++) expect(await guess()).toBe(401);
    const right = await browser().post('/api/auth/sign-in/email', {
      email,
      password: TEST_PASSWORD,
    });
    expect(right.status).toBe(200);
    // The count started again: a full allowance of failures, then 429.
    for (let i = 0; i < limit; i++) expect(await guess()).toBe(401);
    expect(await guess()).toBe(429);
  }, 120_000);

  it('still bounds guessing from a known browser, and a forged or foreign device cookie counts for nothing', async () => {
    const email = 'guarded@example.com';
    const owner = await t4.signedInUser(email);
    const limit = RATE_RULES.signInFailuresPerDevice.limit;
    for (let i = 0; i < limit; i++) {
      expect(
        (await owner.post('/api/auth/sign-in/email', { email, password: `typo-${i}` })).status,
      ).toBe(401);
    }
    expect(
      (await owner.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status,
    ).toBe(429);

    const victim = 'victim@example.com';
    await t4.signedInUser(victim);
    for (let i = 0; i < RATE_RULES.signInFailuresPerEmail.limit; i++) {
      await browser().post('/api/auth/sign-in/email', { email: victim, password: `guess-${i}` });
    }
    const forged = browser();
    const res = await forged.post(
      '/api/auth/sign-in/email',
      { email: victim, password: TEST_PASSWORD },
      { cookie: 'reverie.device=bm9uY2U.c2lnbmF0dXJl' },
    );
    expect(res.status).toBe(429);
    // The device cookie of another account (the guarded owner's browser) does not help either.
    const foreign = await owner.post('/api/auth/sign-in/email', {
      email: victim,
      password: TEST_PASSWORD,
    });
    expect(foreign.status).toBe(429);
  }, 120_000);
});
