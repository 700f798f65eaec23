import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  eventWriter,
  KEEP_ALIVE_MS,
  TOKEN_FLUSH_MAX_MS,
  TOKEN_FLUSH_MS,
  TOKEN_TICK_MS,
  tokenWaitMs,
} from '../../src/server/modules/chat/event-writer';

/** A response stand-in that records each write. */
function sink() {
  const writes: string[] = [];
  const res = {
    write: (text: string) => writes.push(text) > 0,
    end: (text: string) => {
      writes.push(`${text}<end>`);
      res.writableEnded = true;
      return res;
    },
    writableEnded: false,
    destroyed: false,
  };
  return {
    writes,
    res: res as never as Parameters<typeof eventWriter>[0] & { destroyed: boolean },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('streamed tokens leave in batches', () => {
  it('waits 40 ms with a few streams open and up to 100 ms with hundreds', () => {
    expect(tokenWaitMs(1)).toBe(TOKEN_FLUSH_MS);
    expect(tokenWaitMs(80)).toBe(TOKEN_FLUSH_MS);
    expect(tokenWaitMs(160)).toBe(80);
    expect(tokenWaitMs(1000)).toBe(TOKEN_FLUSH_MAX_MS);
  });

  it('writes the first token at once, then one batch per wait, in order', () => {
    vi.useFakeTimers();
    const { res, writes } = sink();
    const events = eventWriter(res);
    events.now('accepted;');
    events.token('a;');
    expect(writes).toEqual(['accepted;', 'a;']);
    events.token('b;');
    events.token('c;');
    expect(writes).toHaveLength(2);
    vi.advanceTimersByTime(TOKEN_FLUSH_MS);
    expect(writes).toEqual(['accepted;', 'a;', 'b;c;']);
    events.token('d;');
    events.end('done;');
    // The last tokens, the last event and the end of the response: one write.
    expect(writes).toEqual(['accepted;', 'a;', 'b;c;', 'd;done;<end>']);
    vi.advanceTimersByTime(TOKEN_FLUSH_MAX_MS);
    expect(writes).toHaveLength(4);
  });

  it('writes streams that waited alike together, and nothing to a closed response', () => {
    vi.useFakeTimers();
    const one = sink();
    const two = sink();
    const [a, b] = [eventWriter(one.res), eventWriter(two.res)];
    a.token('a1;');
    b.token('b1;');
    a.token('a2;');
    b.token('b2;');
    two.res.destroyed = true;
    vi.advanceTimersByTime(TOKEN_FLUSH_MS);
    expect(one.writes).toEqual(['a1;', 'a2;']);
    expect(two.writes).toEqual(['b1;']);
    a.end('');
    b.end('');
    expect(one.writes).toEqual(['a1;', 'a2;', '<end>']);
    expect(two.writes).toEqual(['b1;']);
  });

  it('keeps streams out of step: each batch leaves when its own wait is over', () => {
    vi.useFakeTimers();
    const start = performance.now();
    const times: Record<string, number[]> = { a: [], b: [] };
    const timed = (name: 'a' | 'b') => {
      const { res } = sink();
      const write = res.write.bind(res);
      res.write = ((text: string) => {
        times[name]!.push(performance.now() - start);
        return write(text);
      }) as typeof res.write;
      return eventWriter(res);
    };
    const [a, b] = [timed('a'), timed('b')];
    // a's first token now, b's half a wait later; then each gets a token every 5 ms.
    a.token('a;');
    vi.advanceTimersByTime(TOKEN_FLUSH_MS / 2);
    b.token('b;');
    while (performance.now() - start < TOKEN_FLUSH_MS * 2.5) {
      a.token('a;');
      b.token('b;');
      vi.advanceTimersByTime(5);
    }
    // Each writes at once, then every wait from its own first write (never one burst for both,
    // which is what makes hundreds of streams a long pause for everything else).
    const wait = TOKEN_FLUSH_MS;
    expect(times.a).toEqual([0, wait, wait * 2]);
    expect(times.b).toEqual([wait / 2, wait * 1.5, wait * 2.5]);
    expect(TOKEN_TICK_MS).toBeLessThanOrEqual(wait / 4);
    a.end('');
    b.end('');
  });

  it('keeps a silent stream open with a comment line, and only a silent one', () => {
    vi.useFakeTimers();
    const quiet = sink();
    const busy = sink();
    const [q, b] = [eventWriter(quiet.res), eventWriter(busy.res)];
    q.now('accepted;');
    b.now('accepted;');
    for (let s = 0; s < 20; s++) {
      vi.advanceTimersByTime(1000);
      b.now(`tick ${s};`);
    }
    expect(quiet.writes).toEqual(['accepted;', ': ping\n\n']);
    expect(busy.writes.join('')).not.toContain('ping');
    q.end('done;');
    b.end('done;');
    vi.advanceTimersByTime(KEEP_ALIVE_MS * 2);
    expect(quiet.writes).toHaveLength(3);
  });
});
