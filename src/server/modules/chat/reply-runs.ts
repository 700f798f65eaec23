import { randomBytes } from 'node:crypto';
import type { ReplyJsonResult } from '../../../shared/chat/contract';
import { MESSAGE_NOT_FOUND, REPLY_NOT_FOUND } from '../../../shared/chat/contract';
import type { Notice } from '../../../shared/safety/contract';
import type { AppContext } from '../../context';
import { notFound } from '../../errors';
import type { CallHandle } from '../../integrations/llm';
import { toHttpError } from '../../plugins/errors';
import { refundCharge } from '../credits';
import { prepareTakeover, type PreparedReply } from './reply.service';
import { FinishedElsewhere } from './reply-store';
import type { ReplyListener } from './reply-stream';
import * as repo from './reply-runs.repo';
import {
  doneEvent,
  replay,
  RUN_START,
  RunLog,
  type FinalEvent,
  type RunEnding,
  type RunFollower,
} from './run-log';
import type { RedisRunRelay } from './run-relay';
import {
  continuationJoin,
  parseReplyEventId,
  REPLY_CUT_OFF_MESSAGE,
  replyEventId,
  type ReplyPosition,
} from '../../../shared/chat/rules';

/**
 * Reply runs (issue 44, decision 0049): a reply is generated apart from the request that asked
 * for it, which, like any later request, only follows the run's events. The run is recorded
 * before the model is asked; while it streams, this server renews its lease and saves what it
 * told about every second (one statement for all of its runs), so a client that reconnects, here
 * or to another server, is told the rest; an ended run is kept a few minutes for late readers.
 */

/** How often a server saves its runs' text and renews their leases. */
export const RUN_SAVE_MS = 1_000;
/** A lease not renewed for this long has lapsed: its server is gone. */
export const RUN_LEASE_MS = 4_000;
/**
 * How often every server looks for runs whose lease lapsed (one indexed statement): a run goes
 * on elsewhere within RUN_LEASE_MS + this of its server's death (issue 44: ≤ 5 s).
 */
export const RUN_CLAIM_MS = 250;
/** How long an ended run stays in this server's memory for a reconnect (then it is read stored). */
export const RUN_MEMORY_MS = 60_000;
/**
 * A run whose lease lapsed this long ago, which no server continued, is ended as cut off by the
 * `reply-run-sweep` job.
 */
export const RUN_LAPSED_MS = 30_000;
/** How long an ended run is kept stored (the `reply-run-sweep` job removes it after). */
export const RUN_KEEP_MS = 10 * 60_000;
/** How often a reader following a run written by another server reads what it saved. */
export const RUN_POLL_MS = 250;

/** What a client is told when the server writing its reply died and nobody continued it. */
export const RUN_CUT_OFF: FinalEvent = {
  event: 'error',
  data: { status: 502, message: REPLY_CUT_OFF_MESSAGE },
};

/** A run to follow, from a position on. */
export interface RunSource {
  follow(follower: RunFollower, from: ReplyPosition): () => void;
}

/**
 * A run this server writes, kept in memory: followed (RunSource), told the reply as it comes (the
 * listener of `PreparedReply.run`), and ended by the statement storing the reply (RunEnding). One
 * object with methods rather than a literal with closures beside it: a run waiting on the model
 * keeps less (bench section 6).
 */
class LiveRun implements RunSource, RunEnding, ReplyListener {
  ended = false;
  gone = false;
  call: CallHandle['call'] = undefined;
  /** The JSON answer's promise (rejects as the reply failed); set as the run starts. */
  result!: Promise<ReplyJsonResult>;
  /** How much of the log is stored. */
  savedChars: number;
  savedNotices: number;
  /** When it ended (ms, performance.now), for leaving memory. */
  endedAt: number | undefined = undefined;

  constructor(
    readonly id: string,
    readonly userId: string,
    readonly log: RunLog,
    saved: ReplyPosition,
    /** A run taken over: the text told before, which the model's first words are joined to. */
    private told = '',
  ) {
    this.savedChars = saved.chars;
    this.savedNotices = saved.notices;
  }

  follow(follower: RunFollower, from: ReplyPosition) {
    return this.log.follow(follower, from);
  }

  notice(notice: Notice) {
    this.log.notice(notice);
  }

  token(text: string) {
    this.log.token(this.told ? continuationJoin(this.told, text) : text);
    this.told = '';
  }

  /** The statement storing a new reply may end the run too (decision 0071). */
  get ending(): RunEnding {
    return this;
  }
}

export class ReplyRuns {
  /** This server, as the holder of its runs' leases. */
  readonly owner = randomBytes(12).toString('base64url');
  private readonly live = new Map<string, LiveRun>();
  private timer: NodeJS.Timeout | undefined;
  private saving: Promise<void> | undefined;

  private claimTimer: NodeJS.Timeout | undefined;
  private claiming = false;

  constructor(
    private readonly ctx: AppContext,
    /** With REDIS_URL: runs' events between servers (else read from what is saved). */
    private readonly relay?: RedisRunRelay,
  ) {}

  /**
   * From now on this server looks for runs whose server died, and continues them. Called once
   * the server is ready (its database migrated): a fresh database has no runs table before.
   */
  startClaiming() {
    this.claimTimer ??= setInterval(() => void this.claimLapsed(), RUN_CLAIM_MS).unref();
  }

  /** Runs being written by this server now. */
  get activeCount() {
    let count = 0;
    for (const run of this.live.values()) if (!run.log.final) count++;
    return count;
  }

  /** A new run's id and lease, for prepareReply to record with the user's message. */
  runToRecord(): repo.RunToRecord {
    return { id: randomBytes(16).toString('base64url'), owner: this.owner, leaseMs: RUN_LEASE_MS };
  }

  /**
   * Records the prepared reply's run (unless it was recorded with the user's message), then
   * starts it apart from the request: answers the run, to follow (`log`) or wait for (`result`).
   * A run that cannot be recorded is not started, and its credit is given back.
   */
  async start(userId: string, prepared: PreparedReply): Promise<LiveRun> {
    const id = prepared.recordedRun ?? randomBytes(16).toString('base64url');
    if (!prepared.recordedRun) {
      try {
        await repo.insertRun(
          this.ctx.db,
          {
            id,
            userId,
            conversationId: prepared.conversationId,
            userMessageId: prepared.userMessageId,
            chargeId: prepared.chargeId,
            keep: prepared.keep,
          },
          this.owner,
          RUN_LEASE_MS,
        );
      } catch (error) {
        await prepared.cancel();
        throw error;
      }
    }
    const run = this.join(id, userId, new RunLog(), { chars: 0, notices: 0 });
    // Followed by events or awaited as JSON: either way a failure has been told (track handles it).
    run.result = this.ctx.lifecycle.track(this.generate(run, prepared));
    return run;
  }

  /**
   * A run this server writes from now on (started or taken over): kept in memory, told to the
   * stream (with Redis: what the log holds already too; readers skip what they have), and saved
   * with the next tick past what is stored (`saved`).
   */
  private join(
    id: string,
    userId: string,
    log: RunLog,
    saved: ReplyPosition,
    told?: string,
  ): LiveRun {
    const run = new LiveRun(id, userId, log, saved, told);
    if (this.relay) log.follow(this.relay.publisher(id), RUN_START);
    this.live.set(id, run);
    this.timer ??= setInterval(() => void this.tick(), RUN_SAVE_MS).unref();
    return run;
  }

  /**
   * The reply generated, its events told to the run's log, its end recorded. Not an async
   * function: while the model thinks, a run keeps no suspended frame of its own here (bench
   * section 6, 2026-12-01).
   */
  private generate(run: LiveRun, prepared: PreparedReply): Promise<ReplyJsonResult> {
    return prepared.run(run).then(
      async (answer) => {
        await this.end(run, 'done', doneEvent(answer), run.ended);
        return answer;
      },
      async (error: unknown) => {
        const elsewhere = error instanceof FinishedElsewhere && (await this.storedEnd(run));
        if (elsewhere) return elsewhere;
        // Stopped as its row was gone (letGo): told as a reply that cannot be stored. A failure
        // other than the stop itself is still logged, not hidden behind the 404.
        const told = run.gone ? notFound(MESSAGE_NOT_FOUND) : error;
        if (told !== error && !isCancel(error) && !toHttpError(error)) {
          this.ctx.log.error({ err: error }, 'reply failed');
        }
        await this.end(run, 'failed', failureOf(this.ctx, told));
        throw told;
      },
    );
  }

  /**
   * The reply the other server of this run stored (one of the two stalled past the lease): its
   * recorded end told here and answered, so that no follower is told a failure for a reply the
   * conversation shows. Null while no end is recorded (then this run fails as before, and the
   * other server's `done` replaces that end).
   */
  private async storedEnd(run: LiveRun): Promise<ReplyJsonResult | null> {
    const stored = await repo.findRun(this.ctx.db, run.userId, run.id).catch(() => null);
    if (stored?.final?.event !== 'done') return null;
    await this.end(run, 'done', stored.final, true);
    // Notices this server told that the other never saw (told in the moment before it stalled).
    const recorded = stored.notices.map((n) => n.notice);
    const seen = new Set(recorded.map((n) => JSON.stringify(n)));
    const toldHere = run.log.notices.map((n) => n.notice);
    return {
      ...stored.final.data,
      notices: [...recorded, ...toldHere.filter((n) => !seen.has(JSON.stringify(n)))],
    };
  }

  /**
   * The user's run `id`, to follow (404 for a run that is not theirs, or gone): `follow` tells a
   * follower what the run told after `from` at once, then what comes, to its end, and answers
   * the function that stops following (a client that went away).
   */
  async find(userId: string, id: string): Promise<RunSource> {
    const live = this.live.get(id);
    if (live && live.userId === userId) return live;
    const stored = await repo.findRun(this.ctx.db, userId, id);
    if (!stored) throw notFound(REPLY_NOT_FOUND);
    if (stored.final) {
      return {
        follow: (follower, from) => {
          replay(stored, follower, from);
          return () => undefined;
        },
      };
    }
    const followSaved = (f: RunFollower, from: ReplyPosition) =>
      this.followStored(userId, id, f, from, stored);
    const { relay } = this;
    if (!relay) return { follow: followSaved };
    return {
      follow: (f, from) =>
        relay.follow(id, f, from, {
          ended: async () => {
            const now = await repo.findRun(this.ctx.db, userId, id);
            if (!now) return { final: RUN_CUT_OFF, id: '' };
            if (!now.final) return null;
            const at = { notices: now.notices.length, chars: now.text.length };
            return { final: now.final, id: replyEventId(at) };
          },
          follow: (position) => followSaved(f, position),
        }),
    };
  }

  /** The user's run `id` as it stands (the JSON view), or 404. */
  async read(userId: string, id: string): Promise<repo.StoredRun> {
    const live = this.live.get(id);
    if (live && live.userId === userId) {
      return {
        id,
        userId,
        state: live.log.final ? (live.log.final.event === 'done' ? 'done' : 'failed') : 'streaming',
        text: live.log.text,
        notices: [...live.log.notices],
        final: live.log.final,
        leaseHeld: !live.log.final,
      };
    }
    const stored = await repo.findRun(this.ctx.db, userId, id);
    if (!stored) throw notFound(REPLY_NOT_FOUND);
    return stored;
  }

  /** Stops saving (and taking over runs); the runs still going are the lifecycle's to wait for. */
  async close() {
    this.stopSaving();
    clearInterval(this.claimTimer);
    await this.relay?.close();
  }

  private stopSaving() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /**
   * Takes over the runs whose server stopped renewing their lease (it died, or was stopped past
   * its grace), one at a time, and continues each from the text it saved. Not while stopping.
   */
  private async claimLapsed() {
    if (this.claiming || this.ctx.lifecycle.draining) return;
    this.claiming = true;
    try {
      for (;;) {
        const claimed = await repo.claimLapsedRun(this.ctx.db, this.owner, RUN_LEASE_MS);
        if (!claimed) return;
        await this.continueRun(claimed);
      }
    } catch (error) {
      this.ctx.log.error({ err: error }, 'lapsed reply runs not claimed');
    } finally {
      this.claiming = false;
    }
  }

  /**
   * A claimed run goes on here: its log starts with what its first server saved, the model goes
   * on from that text, and the reply is stored and charged once. One that cannot go on (its
   * conversation deleted, the model gone) ends as failed with its credit given back.
   */
  private async continueRun(saved: repo.ClaimedRun) {
    const claimed = { ...saved, ...(await this.toldBefore(saved)) };
    const log = new RunLog();
    log.text = claimed.text;
    log.notices.push(...claimed.notices);
    // What the stream held beyond the saved text is saved with the next tick.
    const run = this.join(
      claimed.id,
      claimed.userId,
      log,
      { chars: saved.text.length, notices: saved.notices.length },
      claimed.text,
    );
    this.ctx.metrics.runsClaimed.inc();
    this.ctx.log.warn({ replyId: run.id }, 'reply run taken over from a stopped server');
    let prepared: PreparedReply;
    try {
      prepared = await prepareTakeover(this.ctx, {
        ...claimed,
        told: claimed.text,
        crisis: claimed.notices.some((n) => n.notice.kind === 'crisis'),
      });
    } catch (error) {
      if (await refundCharge(this.ctx, claimed.chargeId)) this.ctx.metrics.creditsRefunded.inc();
      run.result = Promise.reject(error as Error);
      run.result.catch(() => undefined);
      await this.end(run, 'failed', failureOf(this.ctx, error));
      return;
    }
    run.result = this.ctx.lifecycle.track(this.generate(run, prepared));
  }

  /**
   * A run another server writes: what it saved, read again every RUN_POLL_MS until it ends (or
   * until its server has been gone long enough for the sweep to end it as cut off).
   */
  private followStored(
    userId: string,
    id: string,
    follower: RunFollower,
    from: ReplyPosition,
    first: repo.StoredRun,
  ): () => void {
    let position = from;
    let stopped = false;
    let timer: NodeJS.Timeout | undefined;
    // Only what lies past `position` is told; the position moves with every event told.
    const tracking: RunFollower = {
      notice: (notice, eventId) => {
        position = parseId(eventId, position);
        follower.notice(notice, eventId);
      },
      token: (text, eventId) => {
        position = parseId(eventId, position);
        follower.token(text, eventId);
      },
      end: (final, eventId) => {
        stopped = true;
        follower.end(final, eventId);
      },
    };
    const look = (stored: repo.StoredRun) => {
      if (stopped) return;
      replay({ ...stored, final: stored.final }, tracking, position);
      if (stopped) return;
      timer = setTimeout(() => {
        repo.findRun(this.ctx.db, userId, id).then(
          (next) => (next ? look(next) : tracking.end(RUN_CUT_OFF, '')),
          () => look(first),
        );
      }, RUN_POLL_MS);
    };
    look(first);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }

  /** The run's end, told, and recorded unless the statement storing its reply did (`stored`). */
  private async end(run: LiveRun, state: 'done' | 'failed', final: FinalEvent, stored = false) {
    run.log.end(final);
    run.endedAt = performance.now();
    if (stored) return;
    try {
      await repo.finishRun(this.ctx.db, run.id, this.owner, {
        state,
        text: run.log.text,
        notices: run.log.notices,
        final,
      });
    } catch (error) {
      // The reply itself is stored; only a late reconnect would miss its end.
      this.ctx.log.error({ err: error, replyId: run.id }, 'reply run end not recorded');
    }
  }

  /**
   * What a claimed run told before its server died: with Redis, its stream, which holds up to
   * the relay's last wait, when it goes on from what was saved; else what was saved.
   */
  private async toldBefore(saved: repo.ClaimedRun) {
    const streamed = await this.relay?.told(saved.id).catch(() => null);
    const further =
      streamed &&
      streamed.text.startsWith(saved.text) &&
      streamed.notices.length >= saved.notices.length &&
      (streamed.text.length > saved.text.length || streamed.notices.length > saved.notices.length);
    return further ? streamed : { text: saved.text, notices: saved.notices };
  }

  /**
   * A run whose row is gone (its conversation or account deleted while the model thought or
   * wrote): its model call is stopped, or never made (reply-stream.ts), and it fails as a reply
   * that could not be stored would.
   */
  private letGo(id: string) {
    const run = this.live.get(id);
    if (!run || run.log.final || run.gone) return;
    run.gone = true;
    run.call?.cancel();
    this.ctx.log.info({ replyId: id }, 'reply stopped: its conversation or account was deleted');
  }

  /** Saves what changed and renews the leases, in one statement; lets ended runs leave memory. */
  private async tick() {
    if (this.saving) return;
    const now = performance.now();
    const updates: { id: string; text?: string; notices?: repo.StoredRun['notices'] }[] = [];
    // Marked saved once the statement has succeeded: a failed save is tried again next time.
    const saved: (() => void)[] = [];
    for (const run of this.live.values()) {
      if (run.endedAt !== undefined) {
        if (now - run.endedAt > RUN_MEMORY_MS) this.live.delete(run.id);
        continue;
      }
      const { text, notices } = run.log;
      if (text.length === run.savedChars && notices.length === run.savedNotices) {
        updates.push({ id: run.id });
        continue;
      }
      updates.push({ id: run.id, text, notices: [...notices] });
      const [chars, count] = [text.length, notices.length];
      saved.push(() => {
        run.savedChars = chars;
        run.savedNotices = count;
      });
    }
    if (this.live.size === 0) this.stopSaving();
    this.saving = repo.saveRuns(this.ctx.db, updates, this.owner, RUN_LEASE_MS).then(
      (gone) => {
        saved.forEach((mark) => mark());
        for (const id of gone) this.letGo(id);
      },
      (error: unknown) => this.ctx.log.error({ err: error }, 'reply runs not saved'),
    );
    await this.saving.finally(() => (this.saving = undefined));
  }
}

const parseId = (id: string, fallback: ReplyPosition) => parseReplyEventId(id) ?? fallback;

/** The model's call cancelled by letGo (an 'AbortError', as CallHandle says). */
const isCancel = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/** The `error` event a failed run ends with (an unexpected failure is logged, its words not told). */
function failureOf(ctx: AppContext, error: unknown): FinalEvent {
  const known = toHttpError(error);
  if (!known) ctx.log.error({ err: error }, 'reply failed');
  const status = known?.statusCode ?? 500;
  const message = known?.message ?? 'Something went wrong on our side.';
  return { event: 'error', data: { status, message } };
}
