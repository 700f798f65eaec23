import type { Redis } from 'ioredis';
import { parseReplyEventId, type ReplyPosition } from '../../../shared/chat/rules';
import type { Notice } from '../../../shared/safety/contract';
import type { FinalEvent, LoggedNotice, RunFollower } from './run-log';

/**
 * A reply run's events between servers, through Redis Streams (issue 44 item 2, decision 0049),
 * when REDIS_URL is set: the server writing a run adds what it tells to the stream
 * `reverie:run:<id>` (text gathered for FLUSH_MS, all of its runs in one pipeline), and a server
 * asked to follow a run it does not write reads the stream from its start, then waits on it
 * (XREAD BLOCK). Every entry names the position after it, so a reader tells only what lies past
 * its own position: entries told twice (a run taken over tells its saved text again) or read
 * twice are never told twice.
 */

const keyOf = (id: string) => `reverie:run:${id}`;
/** How long a run's stream is kept after its last entry (reconnects come within minutes). */
const STREAM_TTL_S = 15 * 60;
/**
 * How long it is kept once its end is in it: a reader that comes later reads the stored run,
 * whose end is recorded with (or a moment after) the stream's, so the words leave Redis soon
 * after the reply is stored, or its conversation or account deleted (its run then ends failed).
 */
export const ENDED_STREAM_TTL_S = 60;
/** How long text waits to leave for the stream, gathered with what follows it. */
export const RELAY_FLUSH_MS = 50;
/** How long a reader waits on the stream before it looks at the stored run again. */
const BLOCK_MS = 5_000;

type Entry =
  | { event: 'notice'; data: Notice; id: string }
  | { event: 'token'; data: { text: string }; id: string }
  | { event: 'end'; data: FinalEvent; id: string };

export class RedisRunRelay {
  /** Entries waiting to be added, per run, in order (a run's text gathered into one entry). */
  private readonly waiting = new Map<string, Entry[]>();
  private timer: NodeJS.Timeout | undefined;
  private readonly readers = new Set<Redis>();

  constructor(private readonly redis: Redis) {}

  /** What a run tells, for the stream: a follower of the run's log from its start. */
  publisher(runId: string): RunFollower {
    return {
      notice: (notice, id) => this.queue(runId, { event: 'notice', data: notice, id }),
      token: (text, id) => this.queue(runId, { event: 'token', data: { text }, id }),
      end: (final, id) => this.queue(runId, { event: 'end', data: final, id }),
    };
  }

  /**
   * Tells `follower` what the run's stream holds past `from`, then what is added, until its end.
   * `ended()` is asked whenever the stream has been silent for a while: the stored run's end
   * when it ended without one in the stream (its server died and nobody took it over).
   */
  follow(
    runId: string,
    follower: RunFollower,
    from: ReplyPosition,
    stored: {
      /** The stored run's end, once it has one. */
      ended: () => Promise<{ final: FinalEvent; id: string } | null>;
      /** Follows the stored run instead, from a position (Redis failed). */
      follow: (from: ReplyPosition) => () => void;
    },
  ): () => void {
    const reader = this.redis.duplicate();
    this.readers.add(reader);
    let position = from;
    let stopped = false;
    let stopInstead: (() => void) | undefined;
    const stopReading = () => {
      this.readers.delete(reader);
      reader.disconnect();
    };
    const stop = () => {
      if (stopped) return;
      stopped = true;
      stopReading();
      stopInstead?.();
    };
    const tell = (entry: Entry) => {
      if (stopped) return;
      if (entry.event === 'end') {
        stop();
        return follower.end(entry.data, entry.id);
      }
      const after = parseReplyEventId(entry.id);
      if (!after) return;
      if (entry.event === 'notice') {
        if (after.notices <= position.notices) return;
        position = after;
        return follower.notice(entry.data, entry.id);
      }
      // The entry's text ends at its position; only what lies past the reader's is told.
      const { text } = entry.data;
      if (after.chars <= position.chars) return;
      const unseen = text.slice(Math.max(0, position.chars - (after.chars - text.length)));
      position = after;
      follower.token(unseen, entry.id);
    };
    const read = async () => {
      let last = '0';
      while (!stopped) {
        const batch = (await reader.xread('BLOCK', BLOCK_MS, 'STREAMS', keyOf(runId), last)) as
          [string, [string, string[]][]][] | null;
        if (!batch) {
          const end = await stored.ended();
          if (end) tell({ event: 'end', data: end.final, id: end.id });
          continue;
        }
        for (const [streamId, fields] of batch[0]![1]) {
          last = streamId;
          tell(entryOf(fields));
        }
      }
    };
    read().catch(() => {
      if (stopped) return;
      // Redis is away: what the writing server saves is read instead.
      stopReading();
      stopInstead = stored.follow(position);
    });
    return stop;
  }

  /**
   * What the run's stream says it told: its notices (each where it came in the text) and its
   * text. A server taking the run over goes on from here: it holds what the dead server told,
   * up to a relay's wait, where the saved text may be a second behind.
   */
  async told(runId: string): Promise<{ text: string; notices: LoggedNotice[] }> {
    let text = '';
    const notices: LoggedNotice[] = [];
    for (const [, fields] of await this.redis.xrange(keyOf(runId), '-', '+')) {
      const entry = entryOf(fields);
      const after = parseReplyEventId(entry.id);
      if (!after) continue;
      if (entry.event === 'notice' && after.notices > notices.length) {
        notices.push({ notice: entry.data, atChars: text.length });
      } else if (entry.event === 'token' && after.chars > text.length) {
        const start = after.chars - entry.data.text.length;
        if (start > text.length) break; // a gap: what follows cannot be placed
        text += entry.data.text.slice(text.length - start);
      }
    }
    return { text, notices };
  }

  /** Adds what is waiting, then stops; the readers are let go. */
  async close() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush().catch(() => undefined);
    for (const reader of this.readers) reader.disconnect();
    this.readers.clear();
    await this.redis.quit().catch(() => undefined);
  }

  private queue(runId: string, entry: Entry) {
    let entries = this.waiting.get(runId);
    if (!entries) this.waiting.set(runId, (entries = []));
    const last = entries.at(-1);
    // Text that follows text is one entry, named by the position after both.
    if (entry.event === 'token' && last?.event === 'token') {
      entries[entries.length - 1] = {
        event: 'token',
        data: { text: last.data.text + entry.data.text },
        id: entry.id,
      };
    } else entries.push(entry);
    // An end leaves at once; text within FLUSH_MS.
    if (entry.event === 'end') void this.flush().catch(() => undefined);
    else this.timer ??= setTimeout(() => void this.flush().catch(() => undefined), RELAY_FLUSH_MS);
  }

  private async flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiting.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [runId, entries] of this.waiting) {
      const key = keyOf(runId);
      for (const { event, data, id } of entries) {
        pipeline.xadd(key, '*', 'e', event, 'i', id, 'd', JSON.stringify(data));
      }
      const ended = entries.at(-1)!.event === 'end';
      pipeline.expire(key, ended ? ENDED_STREAM_TTL_S : STREAM_TTL_S);
    }
    this.waiting.clear();
    await pipeline.exec();
  }
}

function entryOf(fields: string[]): Entry {
  const value = (name: string) => fields[fields.indexOf(name) + 1] ?? '';
  return { event: value('e'), id: value('i'), data: JSON.parse(value('d')) } as Entry;
}
