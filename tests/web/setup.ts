import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { dismissAllToasts } from '../../src/web/components/ui/toast';

// What jsdom lacks and the app's parts call: Radix's slider and menus measure themselves
// (ResizeObserver), the chat scrolls a message into view. Nothing to measure in jsdom.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => undefined;

// findBy… and waitFor give up after 5 s, not Testing Library's 1 s: with the unit tests beside
// them on two busy cores (CI), a request to the stand-in and the render after it took longer
// (three tests failed so, 2026-12-01). A test that passes waits no longer.
configure({ asyncUtilTimeout: 5_000 });

/**
 * The web test files share one worker's modules and DOM (isolate: false in vitest.config.ts):
 * each test leaves neither its rendered tree nor its toasts to the next, nor its tab's session
 * storage (where a toast waits for the page after a full navigation, which jsdom does not make).
 */
afterEach(async () => {
  cleanup();
  dismissAllToasts();
  window.sessionStorage.clear();
  // Nor a lazy part still on its way in: on a loaded machine a chunk that a test's render asked
  // for (ChatComposer's scene parts, say) was still importing when the worker's last file ended
  // and its DOM was torn down, and that file failed with "Cannot load … after the environment
  // was torn down" (CI, 2026-12-04).
  await vi.dynamicImportSettled();
});
