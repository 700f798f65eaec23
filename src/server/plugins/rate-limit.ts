import type { Redis } from 'ioredis';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import RateLimiterRedis from 'rate-limiter-flexible/lib/RateLimiterRedis.js';
import { HttpError } from '../errors';

/** A named allowance: at most `limit` hits per `windowMs` for one key. */
export interface RateRule {
  name: string;
  limit: number;
  /** A whole number of seconds: rate-limiter-flexible keeps its windows in seconds. */
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

/**
 * Our interface over rate-limiter-flexible, one of its limiters per rule: `hit` is `penalty` (it
 * counts and never refuses, so callers can count failures only), `peek` is `get`, `reset` is
 * `delete`.
 */
function flexibleLimiter(
  create: (rule: RateRule) => RateLimiterAbstract,
  close: () => Promise<void>,
): RateLimiter {
  const limiters = new Map<string, RateLimiterAbstract>();
  const limiterFor = (rule: RateRule) => {
    const id = `${rule.name}/${rule.windowMs}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      if (rule.windowMs < 1000 || rule.windowMs % 1000 !== 0) {
        throw new Error(`Rate rule ${rule.name}: the window must be whole seconds`);
      }
      limiter = create(rule);
      limiters.set(id, limiter);
    }
    return limiter;
  };
  return {
    async hit(rule, key) {
      const res = await limiterFor(rule).penalty(key, 1);
      return {
        count: res.consumedPoints,
        resetInMs: res.msBeforeNext > 0 ? res.msBeforeNext : rule.windowMs,
      };
    },
    async peek(rule, key) {
      const res = await limiterFor(rule).get(key);
      // No window, or an expired one the store has not dropped yet: nothing counted.
      return res && res.msBeforeNext > 0
        ? { count: res.consumedPoints, resetInMs: res.msBeforeNext }
        : { count: 0, resetInMs: 0 };
    },
    async reset(rule, key) {
      await limiterFor(rule).delete(key);
    },
    close,
  };
}

export function createMemoryRateLimiter(): RateLimiter {
  // Each key's window is a timer in the library's store (unref'd): nothing to stop on close.
  return flexibleLimiter(
    (rule) =>
      new RateLimiterMemory({
        keyPrefix: rule.name,
        points: rule.limit,
        duration: rule.windowMs / 1000,
      }),
    async () => {},
  );
}

/**
 * Keys stay `${prefix}${rule.name}:${key}` (the library joins its keyPrefix and the key with ':'),
 * as before the library, and hold the same INCR counter with an expiry: counters carry over a
 * deploy instead of starting again.
 */
export function createRedisRateLimiter(redis: Redis, prefix = 'reverie:rl:'): RateLimiter {
  return flexibleLimiter(
    (rule) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}${rule.name}`,
        points: rule.limit,
        duration: rule.windowMs / 1000,
      }),
    async () => {
      await redis.quit().catch(() => undefined);
    },
  );
}
