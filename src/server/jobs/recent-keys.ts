/**
 * Keys marked within the last `windowMs`, for not asking again for work asked for moments ago:
 * a reply that finds its conversation's summary due while the summary job queued by the reply
 * before is still waiting would ask the queue once more for nothing (a singleton job), one
 * statement per reply. Per process and in memory on purpose: another server asks once itself,
 * and a restart forgets, which costs one such statement, nothing more.
 */
export class RecentKeys<K> {
  /** Key → when it was marked; insertion order is time order (a key is only set when absent). */
  private readonly markedAt = new Map<K, number>();

  constructor(private readonly windowMs: number) {}

  /** True when `key` was marked within the window; otherwise marks it now and returns false. */
  markUnlessRecent(key: K, now = performance.now()): boolean {
    for (const [old, at] of this.markedAt) {
      if (now - at < this.windowMs) break;
      this.markedAt.delete(old);
    }
    if (this.markedAt.has(key)) return true;
    this.markedAt.set(key, now);
    return false;
  }

  /** Forgets `key` (the work it stood for did not happen, so the next ask goes through). */
  forget(key: K) {
    this.markedAt.delete(key);
  }

  /** Keys held now (those marked within the window, and any older ones not yet swept). */
  get size() {
    return this.markedAt.size;
  }
}
