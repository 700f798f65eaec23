import { preloadable } from '../../lib/preloadable';

/**
 * 'Send me a picture' (issue 50 part 3): the button with its panel, request and status line, a
 * chunk fetched only where the operator configured images (the chat's first load has no room
 * for it, tests/build/chat-budget.test.ts).
 */
export const PictureButton = preloadable(() =>
  import('./PictureButton').then((m) => m.PictureButton),
);
