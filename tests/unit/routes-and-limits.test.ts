import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimiter, enforce } from '../../src/server/plugins/rate-limit';
import { RATE_RULES } from '../../src/server/rate-rules';
import { isClientRoute, pageForPath } from '../../src/shared/routes';
import { SAFETY_PAGE_PATH } from '../../src/shared/safety/rules';

describe('isClientRoute', () => {
  it('knows the app routes, with an optional conversation id on /chat', () => {
    for (const path of [
      '/',
      '/pricing',
      '/membership',
      '/contact',
      '/chat',
      '/chat/42',
      '/privacy-policy/',
      '/safety',
    ]) {
      expect(isClientRoute(path)).toBe(true);
    }
  });
  it('serves the published crisis protocol where the crisis notice links to it', () => {
    expect(SAFETY_PAGE_PATH).toBe('/safety');
    expect(pageForPath(SAFETY_PAGE_PATH)).toBe('SafetyPage');
  });
  it('treats anything else as unknown', () => {
    for (const path of ['/nope', '/chat/1/2', '/pricing/extra', '/terms', '/safety/988']) {
      expect(isClientRoute(path)).toBe(false);
    }
  });
});

describe('memory rate limiter', () => {
  const rule = { name: 't', limit: 2, windowMs: 1000, message: 'slow down' };
  afterEach(() => vi.useRealTimers());

  it('counts hits per key within a window and starts over after it', async () => {
    vi.useFakeTimers({ now: 0 });
    const limiter = createMemoryRateLimiter();
    expect((await limiter.hit(rule, 'a')).count).toBe(1);
    expect(await limiter.hit(rule, 'a')).toEqual({ count: 2, resetInMs: 1000 });
    expect((await limiter.hit(rule, 'b')).count).toBe(1);
    vi.advanceTimersByTime(400);
    expect(await limiter.peek(rule, 'a')).toEqual({ count: 2, resetInMs: 600 });
    vi.advanceTimersByTime(601);
    expect(await limiter.peek(rule, 'a')).toEqual({ count: 0, resetInMs: 0 });
    expect((await limiter.hit(rule, 'a')).count).toBe(1);
    await limiter.close();
  });

  it('reads without counting, resets one key, and refuses past the limit with Retry-After', async () => {
    vi.useFakeTimers({ now: 0 });
    const limiter = createMemoryRateLimiter();
    expect(await limiter.peek(rule, 'a')).toEqual({ count: 0, resetInMs: 0 });
    await enforce(limiter, rule, 'a');
    await enforce(limiter, rule, 'a');
    vi.advanceTimersByTime(100);
    await expect(enforce(limiter, rule, 'a')).rejects.toMatchObject({
      statusCode: 429,
      message: 'slow down',
      headers: { 'retry-after': '1' },
    });
    expect((await limiter.peek(rule, 'a')).count).toBe(3);
    await limiter.hit(rule, 'b');
    await limiter.reset(rule, 'a');
    expect((await limiter.peek(rule, 'a')).count).toBe(0);
    expect((await limiter.peek(rule, 'b')).count).toBe(1);
    await limiter.close();
  });

  it('has every rule in whole seconds', () => {
    for (const rule of Object.values(RATE_RULES)) expect(rule.windowMs % 1000, rule.name).toBe(0);
  });

  it('refuses a window that is not whole seconds (the library counts in seconds)', async () => {
    const limiter = createMemoryRateLimiter();
    await expect(limiter.hit({ ...rule, windowMs: 1500 }, 'a')).rejects.toThrow(/whole seconds/);
  });
});
