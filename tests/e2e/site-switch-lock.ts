import path from 'node:path';
import lockfile from 'proper-lockfile';
import { E2E_NO_MODEL_DATA_DIR } from './ports';

/**
 * The harness's second app (E2E_NO_MODEL_URL) has site-wide switches that one test turns on for
 * a few seconds (brand.spec.ts pauses replies for maintenance), while another file's test asks
 * that app for replies (no-model.spec.ts expects the "no model" answer, and would get the
 * maintenance one). Each runs its part holding this lock, so the two never overlap, whichever
 * workers they run on. A lock left by a killed worker is stale after 30 s.
 */
export async function withSiteSwitchLock<T>(work: () => Promise<T>): Promise<T> {
  const release = await lockfile.lock(E2E_NO_MODEL_DATA_DIR, {
    lockfilePath: path.join(E2E_NO_MODEL_DATA_DIR, 'site-switch.lock'),
    stale: 30_000,
    retries: { retries: 600, minTimeout: 100, maxTimeout: 100 },
  });
  try {
    return await work();
  } finally {
    await release();
  }
}
