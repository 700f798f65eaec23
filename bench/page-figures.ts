/**
 * Section 7's figures and targets (bench/chat-page.ts measures them), apart from the measuring:
 * what reads them (bench/targets.ts) then does not load Playwright into the process whose server
 * is measured. Playwright makes an AsyncLocalStorage of its own, and on Node 20 an enabled one
 * gives every promise the server makes properties of its own: the server measured carries only
 * what it carries in production.
 */

export interface PageRow {
  page: string;
  viewport: string;
  loads: number;
  errors: number;
  clsMedian: number;
  clsWorst: number;
  lcpMedianMs: number;
  lcpWorstMs: number;
  /** Scripts the page fetched, gzipped as in tests/build (the server sends brotli when asked). */
  jsGzipKb: number;
  /** The same scripts' bodies as sent (brotli to Chromium). */
  jsSentKb: number;
  jsFiles: number;
  /** What moved in the worst load: `value element` per layout-shift source. */
  worstShifts: string[];
  lcpElement: string;
}

/** Issue 16 item 6's targets for the chat page (bench/targets.ts judges the run by them). */
export const PAGE_TARGETS = { cls: 0.02, lcpMs: 500, jsGzipKb: 120 };

export interface PageResult {
  rows: PageRow[];
  /** The bare Fastify static page, per viewport. */
  reference: PageRow[];
}

/** The chat's own pages: issue 16's LCP and JavaScript targets are theirs. */
export const isChatRow = (row: PageRow) => row.page.startsWith('/chat');
