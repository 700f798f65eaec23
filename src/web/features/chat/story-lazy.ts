import { preloadable } from '../../lib/preloadable';

/**
 * Story Mode's parts: fetched when 'Start a story' is reached in the mode chooser (before it can
 * be pressed), with the first read of a story conversation (first-reads.ts), and when a story
 * is chosen (ChatThread shows nothing in its place for that moment).
 */
export const loadStoryParts = () => import('./StoryParts');
const story = loadStoryParts;
export const StoryOptions = preloadable(() => story().then((m) => m.StoryOptions));
export const StoryStart = preloadable(() => story().then((m) => m.StoryStart));
