import type { AppContext } from '../../context';
import { sweepUnusedAvatars } from './avatars.service';
import type { JobQueue } from '../../jobs/queue';

/**
 * Hourly (and at start-up): deletes the files and rows of uploaded or generated avatars that no
 * character has shown for 24 hours after they were made.
 */
export function registerAvatarSweep(queue: JobQueue, ctx: AppContext) {
  queue.every(
    'avatar-sweep',
    '17 * * * *',
    async () => {
      await sweepUnusedAvatars(ctx);
    },
    { runAtStart: true, timeoutSeconds: 30 * 60 },
  );
}
