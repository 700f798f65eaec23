import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter, enforce } from '../../src/server/plugins/rate-limit';

const url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const limiter = createRedisRateLimiter(
  new Redis(url),
  `reverie-test:${randomBytes(4).toString('hex')}:`,
);
afterAll(() => limiter.close());

describe('Redis rate limiter (shared by several app servers)', () => {
  const rule = { name: 'r', limit: 3, windowMs: 2000, message: 'Too many' };

  it('counts hits in one window across callers and reports the time left', async () => {
    const states = [];
    for (let i = 0; i < 4; i++) states.push(await limiter.hit(rule, 'k'));
    expect(states.map((s) => s.count)).toEqual([1, 2, 3, 4]);
    expect(states[3]!.resetInMs).toBeGreaterThan(0);
    expect(states[3]!.resetInMs).toBeLessThanOrEqual(2000);
    expect((await limiter.peek(rule, 'k')).count).toBe(4);
  });

  it('throws a 429 error past the limit and starts over after reset', async () => {
    await limiter.reset(rule, 'e');
    for (let i = 0; i < 3; i++) await enforce(limiter, rule, 'e');
    await expect(enforce(limiter, rule, 'e')).rejects.toMatchObject({ statusCode: 429 });
    await limiter.reset(rule, 'e');
    await expect(enforce(limiter, rule, 'e')).resolves.toBeUndefined();
  });

  it('lets the window expire', async () => {
    // Windows are whole seconds (rate-limiter-flexible sets the expiry in seconds).
    const short = { ...rule, name: 'short', windowMs: 1000 };
    await limiter.hit(short, 'x');
    expect((await limiter.peek(short, 'x')).count).toBe(1);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await limiter.peek(short, 'x')).count).toBe(0);
  });
});

describe('Redis rate limiter keys', () => {
  it('keeps the keys and counters it had before rate-limiter-flexible, so a deploy resets nothing', async () => {
    const redis = new Redis(url);
    const prefix = `reverie-test:${randomBytes(4).toString('hex')}:`;
    const rule = { name: 'signin-fail-ip', limit: 20, windowMs: 60_000, message: 'Too many' };
    // What the hand-written limiter left: an INCR counter with a millisecond expiry.
    await redis.set(`${prefix}signin-fail-ip:1.2.3.4`, '7', 'PX', 30_000);
    const upgraded = createRedisRateLimiter(redis, prefix);
    try {
      const peeked = await upgraded.peek(rule, '1.2.3.4');
      expect(peeked.count).toBe(7);
      expect(peeked.resetInMs).toBeLessThanOrEqual(30_000);
      const hit = await upgraded.hit(rule, '1.2.3.4');
      expect(hit.count).toBe(8);
      expect(hit.resetInMs).toBeLessThanOrEqual(30_000);
      await upgraded.reset(rule, '1.2.3.4');
      expect(await redis.exists(`${prefix}signin-fail-ip:1.2.3.4`)).toBe(0);
    } finally {
      await upgraded.close();
    }
  });

  it('counts one failure at a time without refusing (hit), even past the limit', async () => {
    const rule = { name: 'fail', limit: 2, windowMs: 60_000, message: 'Too many' };
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push((await limiter.hit(rule, 'f')).count);
    expect(counts).toEqual([1, 2, 3, 4]);
    await expect(enforce(limiter, rule, 'f')).rejects.toMatchObject({
      statusCode: 429,
      message: 'Too many',
      headers: { 'retry-after': '60' },
    });
  });
});
