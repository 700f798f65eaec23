import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../../src/server/plugins/rate-limit';
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

  it('counts hits per key within a window and starts over after it', async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    expect((await limiter.hit(rule, 'a')).count).toBe(1);
    expect((await limiter.hit(rule, 'a')).count).toBe(2);
    expect((await limiter.hit(rule, 'b')).count).toBe(1);
    expect((await limiter.peek(rule, 'a')).count).toBe(2);
    now = 1001;
    expect((await limiter.peek(rule, 'a')).count).toBe(0);
    expect((await limiter.hit(rule, 'a')).count).toBe(1);
    await limiter.close();
  });
});
