import type { Redis } from 'ioredis';
import { HttpError } from '../errors';

/** A named allowance: at most `limit` hits per `windowMs` for one key. */
export interface RateRule {
  name: string;
  limit: number;
  windowMs: number;
  message: string;
}

export interface RateState {
  count: number;
  /** Milliseconds until the window resets. */
  resetInMs: number;
}

/**
 * Fixed-window counters. In memory for a single server; Redis when several servers share the
 * load. No lockout: a window always ends.
 */
export interface RateLimiter {
  /** Adds one hit and returns the count within the current window. */
  hit(rule: RateRule, key: string): Promise<RateState>;
  /** Reads the count without adding a hit. */
  peek(rule: RateRule, key: string): Promise<RateState>;
  reset(rule: RateRule, key: string): Promise<void>;
  close(): Promise<void>;
}

export function tooManyRequests(rule: RateRule, state: RateState): HttpError {
  const seconds = Math.max(1, Math.ceil(state.resetInMs / 1000));
  return new HttpError(429, rule.message, { 'retry-after': String(seconds) });
}

/** Counts a hit and throws 429 once the rule's limit is passed. */
export async function enforce(limiter: RateLimiter, rule: RateRule, key: string): Promise<void> {
  const state = await limiter.hit(rule, key);
  if (state.count > rule.limit) throw tooManyRequests(rule, state);
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [k, w] of windows) if (w.resetAt <= t) windows.delete(k);
  }, 60_000);
  sweep.unref();
  const read = (rule: RateRule, key: string) => {
    const id = `${rule.name}:${key}`;
    const w = windows.get(id);
    return w && w.resetAt > now() ? { id, w } : { id, w: undefined };
  };
  return {
    async hit(rule, key) {
      const { id, w } = read(rule, key);
      const t = now();
      const next = w
        ? { count: w.count + 1, resetAt: w.resetAt }
        : { count: 1, resetAt: t + rule.windowMs };
      windows.set(id, next);
      return { count: next.count, resetInMs: next.resetAt - t };
    },
    async peek(rule, key) {
      const { w } = read(rule, key);
      return w ? { count: w.count, resetInMs: w.resetAt - now() } : { count: 0, resetInMs: 0 };
    },
    async reset(rule, key) {
      windows.delete(`${rule.name}:${key}`);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

export function createRedisRateLimiter(redis: Redis, prefix = 'reverie:rl:'): RateLimiter {
  const id = (rule: RateRule, key: string) => `${prefix}${rule.name}:${key}`;
  return {
    async hit(rule, key) {
      const k = id(rule, key);
      // INCR and PEXPIRE NX in one round trip: the first hit opens the window.
      const result = await redis.multi().incr(k).pexpire(k, rule.windowMs, 'NX').pttl(k).exec();
      const count = Number(result?.[0]?.[1] ?? 1);
      const ttl = Number(result?.[2]?.[1] ?? rule.windowMs);
      return { count, resetInMs: ttl > 0 ? ttl : rule.windowMs };
    },
    async peek(rule, key) {
      const k = id(rule, key);
      const [count, ttl] = await Promise.all([redis.get(k), redis.pttl(k)]);
      return { count: Number(count ?? 0), resetInMs: ttl > 0 ? ttl : 0 };
    },
    async reset(rule, key) {
      await redis.del(id(rule, key));
    },
    async close() {
      await redis.quit().catch(() => undefined);
    },
  };
}
