import type { FeatureModule } from '../../context';
import { registerDecisionRoutes } from './decisions.routes';
import { deleteAllForUser, exportForUser } from './reports.repo';
import { registerReportRoutes } from './reports.routes';

/**
 * The moderation module's face (issue 49): reports and the notices list, the review queue, a
 * report's page and its decisions, the feedback users shared; the user's reports in the export
 * (deleted with the account; the decisions taken on them stay, anonymous).
 */
export const moderationModule: FeatureModule = {
  async routes(app, ctx) {
    await registerReportRoutes(app, ctx);
    await registerDecisionRoutes(app, ctx);
  },
  userData: { exportForUser, deleteAllForUser },
};
