import type { ReplyResult, ReplyStreamError } from '../../../shared/chat/contract';
import { parseReplyEventId, replyEventId, type ReplyPosition } from '../../../shared/chat/rules';
import type { Notice } from '../../../shared/safety/contract';
import type { CallHandle } from '../../integrations/llm';

/**
 * What a reply run has told so far (issue 44, decision 0049): its notices, its text, and its last
 * event once it ended. Whoever follows the run (the request that asked for it, a client that
 * reconnected) is told from a position on: every event's id is the position after it
 * (`<notices told>.<characters told>`), so a reader that names the last id it saw gets exactly the
 * rest, with no gap and nothing twice.
 */

/** The run's last event: the stored reply, or why it failed. */
export type FinalEvent =
  { event: 'done'; data: ReplyResult } | { event: 'error'; data: ReplyStreamError };

/**
 * The `done` event of a stored reply: what the reply's answer says, less its notices (told as
 * their own events). The one builder, for the run that tells it and for the statement that
 * records it with the reply (decision 0071).
 */
export function doneEvent({
  notices: _told,
  ...data
}: ReplyResult & { notices?: unknown }): FinalEvent {
  return { event: 'done', data };
}

/** A notice, and how much text had been told when it was (notices come before text, mostly). */
export interface LoggedNotice {
  notice: Notice;
  atChars: number;
}

/**
 * A run whose end the statement storing its reply records as well (decision 0071): its id,
 * its log (what it told), and `ended`, set once that statement ended it; `gone`, set once its
 * row was found deleted (with its conversation or account): its model call (`call`, while it
 * runs) is then stopped, thinking or writing, as nobody would read the reply.
 */
export interface RunEnding extends CallHandle {
  readonly id: string;
  readonly log: RunLog;
  ended: boolean;
  gone: boolean;
}

/** What a follower is told, each with the event id to send. */
export interface RunFollower {
  notice(notice: Notice, id: string): void;
  token(text: string, id: string): void;
  end(final: FinalEvent, id: string): void;
}

export { parseReplyEventId, replyEventId, type ReplyPosition };

/** The beginning of a run: what the `accepted` event's id says. */
export const RUN_START: ReplyPosition = Object.freeze({ notices: 0, chars: 0 });

export class RunLog {
  text = '';
  readonly notices: LoggedNotice[] = [];
  final: FinalEvent | null = null;
  private readonly followers = new Set<RunFollower>();

  /** The position after everything told so far. */
  get position(): ReplyPosition {
    return { notices: this.notices.length, chars: this.text.length };
  }

  notice(notice: Notice) {
    if (this.final) return;
    this.notices.push({ notice, atChars: this.text.length });
    const id = replyEventId(this.position);
    for (const follower of this.followers) tell(() => follower.notice(notice, id));
  }

  token(text: string) {
    if (this.final || !text) return;
    this.text += text;
    const id = replyEventId(this.position);
    for (const follower of this.followers) tell(() => follower.token(text, id));
  }

  end(final: FinalEvent) {
    if (this.final) return;
    this.final = final;
    const id = replyEventId(this.position);
    for (const follower of this.followers) tell(() => follower.end(final, id));
    this.followers.clear();
  }

  /**
   * Tells `follower` what came after `from` at once, then what comes as it comes, to the end.
   * Answers the function that stops following (a client that went away).
   */
  follow(follower: RunFollower, from: ReplyPosition): () => void {
    replay(this, follower, from);
    if (this.final) return () => undefined;
    this.followers.add(follower);
    return () => this.followers.delete(follower);
  }

  get followerCount() {
    return this.followers.size;
  }
}

/**
 * What a run told after `from`, in the order it told it: the notices not seen, each where it came
 * in the text, the text not seen, and the last event. A position past what the run told (a
 * client's id from another run) is read as the end of what it told: nothing is sent twice.
 */
export function replay(
  told: { text: string; notices: readonly LoggedNotice[]; final: FinalEvent | null },
  follower: RunFollower,
  from: ReplyPosition,
) {
  const { text, notices } = told;
  let chars = Math.min(from.chars, text.length);
  let seen = Math.min(from.notices, notices.length);
  for (; seen < notices.length; seen++) {
    const { notice, atChars } = notices[seen]!;
    if (atChars > chars) {
      follower.token(text.slice(chars, atChars), replyEventId({ notices: seen, chars: atChars }));
      chars = atChars;
    }
    follower.notice(notice, replyEventId({ notices: seen + 1, chars }));
  }
  if (chars < text.length) {
    follower.token(text.slice(chars), replyEventId({ notices: seen, chars: text.length }));
  }
  if (told.final) follower.end(told.final, replyEventId({ notices: seen, chars: text.length }));
}

/** A follower that fails (a closed socket) must not stop the run or the other followers. */
function tell(say: () => void) {
  try {
    say();
  } catch {
    /* a closed socket */
  }
}
