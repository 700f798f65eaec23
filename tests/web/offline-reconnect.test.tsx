import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { reconnectWhenBack } from '../../src/web/pwa/reconnect';
import { json, startApiDouble } from './api-double';

/**
 * The offline screen comes back to the app by itself once the server answers (issue 52): not on
 * the browser's `online` event alone, which may come before the server can be reached and comes
 * once.
 */
describe('the offline screen reconnecting', () => {
  let api: Awaited<ReturnType<typeof startApiDouble>>;
  beforeAll(async () => {
    api = await startApiDouble();
  });
  afterAll(() => api.close());

  it('reloads only once the server answers, asking again after an online event that came early', async () => {
    let ready = false;
    api.on('GET /api/ready', (_req, _body, res) =>
      ready ? json(res, 200, { ready: true }) : json(res, 503, { message: 'Starting' }),
    );
    const reload = vi.fn();
    reconnectWhenBack(reload);

    // The network is back before the server: asked at once, no reload.
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(api.requests.length).toBeGreaterThanOrEqual(1));
    expect(reload).not.toHaveBeenCalled();

    // No second `online` event comes; the next check, a little later, finds the server back.
    ready = true;
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    const asked = api.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(api.requests.length).toBe(asked); // stopped asking once it reloaded
  }, 15_000);
});
