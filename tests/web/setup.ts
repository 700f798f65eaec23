import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { dismissAllToasts } from '../../src/web/components/ui/toast';

/**
 * The web test files share one worker's modules and DOM (isolate: false in vitest.config.ts):
 * each test leaves neither its rendered tree nor its toasts to the next.
 */
afterEach(() => {
  cleanup();
  dismissAllToasts();
});
