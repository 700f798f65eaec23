import { preloadable } from '../../lib/preloadable';

/**
 * Story Mode's parts: fetched when the mode chooser shows (before Story Mode can be chosen) and
 * with a story conversation's first read (first-reads.ts).
 */
const story = () => import('./StoryParts');
export const StoryOptions = preloadable(() => story().then((m) => m.StoryOptions));
export const StoryStart = preloadable(() => story().then((m) => m.StoryStart));
