import { describe, expect, it } from 'vitest';
import { DRAINING_MESSAGE, Lifecycle } from '../../src/server/lifecycle';
import { HttpError } from '../../src/server/errors';

describe('a stopping server (Lifecycle)', () => {
  it('takes new replies until it drains, then refuses them with 503 and Retry-After', () => {
    const lifecycle = new Lifecycle();
    expect(() => lifecycle.refuseNewWorkWhileDraining()).not.toThrow();
    lifecycle.drain();
    expect(lifecycle.draining).toBe(true);
    try {
      lifecycle.refuseNewWorkWhileDraining();
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ statusCode: 503, message: DRAINING_MESSAGE });
      expect(Number((error as HttpError).headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('waits for the replies in flight, and no longer than the grace it is given', async () => {
    const lifecycle = new Lifecycle();
    expect(await lifecycle.settled(10)).toBe(true);
    let finish = () => {};
    const reply = lifecycle.track(new Promise<void>((resolve) => (finish = resolve)));
    const failed = lifecycle.track(Promise.reject(new Error('model failed')));
    await expect(failed).rejects.toThrow('model failed');
    expect(lifecycle.inFlight).toBe(1);
    expect(await lifecycle.settled(20)).toBe(false);
    const settled = lifecycle.settled(5_000);
    finish();
    await reply;
    expect(await settled).toBe(true);
    expect(lifecycle.inFlight).toBe(0);
  });
});
