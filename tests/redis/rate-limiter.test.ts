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
    const short = { ...rule, name: 'short', windowMs: 200 };
    await limiter.hit(short, 'x');
    await new Promise((r) => setTimeout(r, 300));
    expect((await limiter.peek(short, 'x')).count).toBe(0);
  });
});
