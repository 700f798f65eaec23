import type { AppContext } from '../../context';
import type { JobPayloads } from '../../jobs/payloads';
import { RecentKeys } from '../../jobs/recent-keys';

/**
 * Queues a conversation's background job after a reply (its summaries), one per conversation at
 * a time on any server: the job's singleton key is the conversation's id, so while one waits,
 * runs, or waits for its retry, asking again inserts nothing. For ASKED_LATELY_MS after asking
 * for the same work (`work`: what the job would start from, e.g. the summary it brings up to
 * date), this server does not ask the queue again either: quick replies would each cost a
 * statement that inserts nothing. Once the job is done, the next work is asked for at once.
 * Never throws: the reply is already stored.
 */
export async function queueConversationJob<N extends ConversationJob>(
  ctx: AppContext,
  name: N,
  payload: JobPayloads[N],
  work: string | number,
) {
  const asked = askedOf(ctx.jobs, name);
  const id = payload.conversationId;
  const key = `${id}:${work}`;
  if (asked.markUnlessRecent(key)) return;
  try {
    await ctx.jobs.enqueue(name, payload, { singletonKey: String(id) });
  } catch (err) {
    asked.forget(key);
    ctx.log.warn({ err, conversationId: id, job: name }, 'conversation job not queued');
  }
}

/**
 * How long after queueing a conversation's job this server does not ask again: the job is then
 * still queued or running (so asking inserts nothing), or done (and no longer due). A job that
 * failed waits far longer (its retry delay) before it runs again.
 */
export const ASKED_LATELY_MS = 10_000;

type ConversationJob = {
  [N in keyof JobPayloads]: JobPayloads[N] extends { conversationId: number } ? N : never;
}[keyof JobPayloads];

/** Per job queue and job (a test process runs several apps, each with its own queue). */
const askedLately = new WeakMap<AppContext['jobs'], Map<string, RecentKeys<string>>>();

function askedOf(jobs: AppContext['jobs'], name: string) {
  let byName = askedLately.get(jobs);
  if (!byName) askedLately.set(jobs, (byName = new Map()));
  let asked = byName.get(name);
  if (!asked) byName.set(name, (asked = new RecentKeys(ASKED_LATELY_MS)));
  return asked;
}
