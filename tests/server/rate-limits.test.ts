import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_RULES } from '../../src/server/rate-rules';
import { startTestApp, TEST_PASSWORD, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
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
  });

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
