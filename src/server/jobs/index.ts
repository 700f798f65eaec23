import { registerDeadRowVacuum } from './dead-row-vacuum.job';
import { registerPlannerStatistics } from './planner-statistics.job';

export { JobQueue, type JobEnqueuer } from './queue';

/**
 * The background work of the app itself (the database's upkeep on PGlite). Each feature's jobs are
 * files of its module (modules/<name>/<job>.job.ts), named in its face (`jobs` of FeatureModule);
 * app.ts registers these and theirs with the queue.
 */
export const upkeepJobs = [registerPlannerStatistics, registerDeadRowVacuum] as const;
