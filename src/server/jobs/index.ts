import type { AppContext } from '../context';
import { registerAvatarSweep } from './avatar-sweep.job';
import { registerBillingReconcile } from './billing-reconcile.job';
import { registerChargeSweep } from './charge-sweep.job';
import { registerConversationSummary } from './conversation-summary.job';
import { registerDeadRowVacuum } from './dead-row-vacuum.job';
import { registerFileRemoval } from './file-removal.job';
import { registerMailDelivery } from './mail-delivery.job';
import { registerPlannerStatistics } from './planner-statistics.job';
import { registerRetentionPurge } from './retention-purge.job';
import type { JobQueue } from './queue';

export { JobQueue, type JobEnqueuer } from './queue';

/**
 * Every background job of the app, one file each: scheduled sweeps and queued work. This list is
 * the only place that names them all; a new job is a new file here plus one line below.
 */
export const jobs: ((queue: JobQueue, ctx: AppContext) => void)[] = [
  registerAvatarSweep,
  registerChargeSweep,
  registerBillingReconcile,
  registerConversationSummary,
  registerPlannerStatistics,
  registerDeadRowVacuum,
  registerRetentionPurge,
  registerMailDelivery,
  registerFileRemoval,
];

/** Registers every job's handler with `ctx`; nothing runs until the queue starts. */
export function registerJobs(queue: JobQueue, ctx: AppContext) {
  for (const register of jobs) register(queue, ctx);
}
