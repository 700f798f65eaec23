/**
 * Section 7 of `npm run bench` (also `npx tsx bench/chat-page.ts` alone): the chat page's first
 * load in Debian's Chromium. The production build (dist/web) is served by the real app on an
 * in-memory PGlite with an LLM double; a signed-in user with characters and a conversation loads
 * `/chat` and `/chat/<id>` at desktop and phone widths, each load in a fresh browser context (cold
 * cache, no service worker, the age confirmed, the once-a-tab splash already seen). Beside it, in
 * the same run and interleaved, a static HTML page from a bare Fastify: the machine's floor for
 * painting anything. See bench/README.md, section 7.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { chromium, type Browser, type BrowserContextOptions } from 'playwright-core';
import { ensureWebBuild } from '../scripts/web-build';
import { LAST_CHARACTER_COOKIE } from '../src/shared/first-reads';
import { startLlmDouble } from '../tests/doubles/llm-server';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/browser';
import { startBenchApp } from './harness';
import { fmt } from './stats';
import { PAGE_TARGETS, type PageResult, type PageRow } from './page-figures';

const WEB_DIR = path.resolve(import.meta.dirname, '../dist/web');

const VIEWPORTS: Record<string, BrowserContextOptions> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
};

/**
 * Run in the page before its own scripts. A returning reader's browser: the age confirmed, the
 * last character remembered (so /chat opens it), the splash seen this tab. Then collected from
 * the first script on: layout shifts without recent input (with the elements that moved) and the
 * last largest-contentful-paint candidate.
 */
const observe = (lastCharacterId: number) => `(() => {
  try {
    localStorage.setItem('reverie.ageConfirmed', '1');
    localStorage.setItem('reverie.lastCharacterId', '${lastCharacterId}');
    sessionStorage.setItem('reverie.chatSplashShown', '1');
  } catch {}
  const describe = (node) => {
    const el = node && node.nodeType === 1 ? node : node && node.parentElement;
    if (!el) return '?';
    const label = el.getAttribute('aria-label') || el.getAttribute('data-testid') || el.id;
    return el.tagName.toLowerCase() + (label ? '[' + label + ']' : '') +
      (typeof el.className === 'string' && el.className ? '.' + el.className.split(' ').slice(0, 3).join('.') : '');
  };
  const seen = (window.__firstLoad = { shifts: [], lcp: 0, lcpElement: '' });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      seen.shifts.push({ t: e.startTime, value: e.value,
        sources: (e.sources || []).map((s) => describe(s.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    seen.lcp = last.renderTime || last.loadTime || last.startTime;
    seen.lcpElement = describe(last.element);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

interface Seen {
  shifts: { t: number; value: number; sources: string[] }[];
  lcp: number;
  lcpElement: string;
}

/**
 * CLS as Chrome defines it: the largest session window of shifts (a window ends after 1 s
 * without a shift or 5 s after it began). A first load here lasts about a second, so this is
 * nearly always the sum of all shifts.
 */
export function cumulativeLayoutShift(shifts: { t: number; value: number }[]) {
  let worst = 0;
  let sum = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.t - last > 1000 || s.t - start > 5000) {
      sum = 0;
      start = s.t;
    }
    sum += s.value;
    last = s.t;
    worst = Math.max(worst, sum);
  }
  return worst;
}

interface Sample {
  cls: number;
  lcpMs: number;
  jsGzip: number;
  jsSent: number;
  jsFiles: number;
  shifts: string[];
  lcpElement: string;
}

const gzipCache = new Map<string, number>();
function builtGzipSize(url: string) {
  const file = path.join(WEB_DIR, new URL(url).pathname);
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(file)).length);
  return gzipCache.get(file)!;
}

async function loadOnce(
  browser: Browser,
  url: string,
  viewport: BrowserContextOptions,
  seeded: Seeded,
  countJs: boolean,
): Promise<Sample> {
  const context = await browser.newContext({ ...viewport, serviceWorkers: 'block' });
  try {
    await context.addCookies(seeded.cookies);
    await context.addInitScript(observe(seeded.characterId));
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res.url());
    });
    const res = await page.goto(url, { waitUntil: 'networkidle' });
    if (!res?.ok()) throw new Error(`${url} answered ${res?.status()}`);
    // Late shifts (a list arriving after the network went quiet) still count.
    await page.waitForTimeout(300);
    const seen = (await page.evaluate('window.__firstLoad')) as Seen;
    const sent = (await page.evaluate(
      `performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' ||
         e.name.endsWith('.js')).reduce((sum, e) => sum + e.encodedBodySize, 0)`,
    )) as number;
    const own = scripts.filter((s) => s.startsWith(new URL(url).origin + '/assets/'));
    // BENCH_PAGE_FILES=1 lists what a counted load fetched, when each arrived (ms from the
    // navigation) and its LCP, to see what the figures hold.
    if (countJs && process.env.BENCH_PAGE_FILES) {
      const timings = (await page.evaluate(
        `performance.getEntriesByType('resource').map((e) => [e.name, Math.round(e.startTime), Math.round(e.responseEnd)])`,
      )) as [string, number, number][];
      console.error(`${url}: LCP ${seen.lcp} ms (${seen.lcpElement})`);
      for (const [name, start, end] of timings) {
        const kb = own.includes(name) ? `${(builtGzipSize(name) / 1024).toFixed(1)} KB` : '';
        console.error(
          `  ${String(start).padStart(5)} → ${String(end).padStart(5)} ms  ${kb.padStart(8)}  ${new URL(name).pathname}`,
        );
      }
    }
    return {
      cls: cumulativeLayoutShift(seen.shifts),
      lcpMs: seen.lcp,
      jsGzip: countJs ? own.reduce((sum, s) => sum + builtGzipSize(s), 0) : 0,
      jsSent: sent,
      jsFiles: own.length,
      shifts: seen.shifts.flatMap((s) => s.sources.map((src) => `${s.value.toFixed(4)} ${src}`)),
      lcpElement: seen.lcpElement,
    };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
};

function row(page: string, viewport: string, samples: Sample[], errors: number): PageRow {
  const worst = samples.reduce<Sample | undefined>(
    (w, s) => (!w || s.cls > w.cls ? s : w),
    undefined,
  );
  const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  return {
    page,
    viewport,
    loads: samples.length,
    errors,
    clsMedian: Math.round(median(samples.map((s) => s.cls)) * 10000) / 10000,
    clsWorst: Math.round(Math.max(0, ...samples.map((s) => s.cls)) * 10000) / 10000,
    lcpMedianMs: Math.round(median(samples.map((s) => s.lcpMs))),
    lcpWorstMs: Math.round(Math.max(0, ...samples.map((s) => s.lcpMs))),
    jsGzipKb: kb(median(samples.map((s) => s.jsGzip))),
    jsSentKb: kb(median(samples.map((s) => s.jsSent))),
    jsFiles: median(samples.map((s) => s.jsFiles)),
    worstShifts: worst?.shifts ?? [],
    lcpElement: worst?.lcpElement ?? '',
  };
}

interface Seeded {
  cookies: { name: string; value: string; url: string }[];
  conversationId: number;
  characterId: number;
}

/** What a reader of /chat has: a profile, four characters, one conversation of 12 messages. */
async function seedUser(bench: Awaited<ReturnType<typeof startBenchApp>>): Promise<Seeded> {
  const client = await bench.signedInUser();
  const ok = async (call: ReturnType<typeof client.get>) => {
    const res = await call;
    if (res.status >= 300) throw new Error(`page bench setup (${res.status}): ${res.text}`);
    return res.json as { id: number };
  };
  await ok(client.post('/api/user-profile', { name: 'Reader', gender: 'Female' }));
  await ok(client.get('/api/get-credits'));
  const ids: number[] = [];
  for (const name of ['Selene', 'Marguerite', 'Odile', 'Ines']) {
    const character = await ok(
      client.post('/api/characters', {
        name,
        description: 'A moonlit poet with a sharp wit who keeps the old lighthouse.',
        gender: 'female',
        personality: 'Playful, literate, teases gently and quotes poetry.',
      }),
    );
    ids.push(character.id);
  }
  const conversation = await ok(
    client.post('/api/conversations', { characterId: ids[0], chatMode: 'texting' }),
  );
  for (let i = 0; i < 6; i++) {
    await ok(
      client.post('/api/chat', {
        message: `Tell me about the lamp, part ${i + 1}.`,
        conversationId: conversation.id,
      }),
    );
  }
  const cookies = client.cookieHeader.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: bench.url };
  });
  // A returning reader's browser also has the last character in a cookie (as in storage, below).
  cookies.push({ name: LAST_CHARACTER_COOKIE, value: String(ids[0]), url: bench.url });
  return { cookies, conversationId: conversation.id, characterId: ids[0]! };
}

const REFERENCE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Reference</title></head>
<body style="font-family: system-ui; background: #0b0b10; color: #eee; margin: 2rem">
<h1>Reference page</h1><p>Static HTML from a bare Fastify route: the floor for painting text.</p>
</body></html>`;

export async function measureChatPage(settings: {
  loads: number;
  /** The other signed-in pages (issue 45's CLS), on unless false. */
  otherPages?: boolean;
}): Promise<PageResult> {
  await ensureWebBuild(() => {});
  const llm = await startLlmDouble();
  llm.setDefault({
    content: 'The lamp turns slowly, **a long white arm** across the water.\n\nAsk me again.',
  });
  const bench = await startBenchApp(
    { LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b,rp-70b' },
    () => {},
    WEB_DIR,
  );
  const bare = Fastify();
  bare.get('/', (_request, reply) => reply.type('text/html').send(REFERENCE_HTML));
  const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/`;
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const seeded = await seedUser(bench);
    const pages = {
      '/chat': `${bench.url}/chat`,
      '/chat/<id>': `${bench.url}/chat/${seeded.conversationId}?character=${seeded.characterId}`,
      // Issue 45: no page of the signed-in app may shift its layout either.
      ...(settings.otherPages === false
        ? {}
        : {
            '/account': `${bench.url}/account`,
            '/membership': `${bench.url}/membership`,
            '/edit/<id>': `${bench.url}/edit/${seeded.characterId}`,
            '/settings/<id>': `${bench.url}/settings/${seeded.characterId}`,
          }),
    };
    const rows: PageRow[] = [];
    const reference: PageRow[] = [];
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      // One unmeasured load warms the server (first queries, static file reads).
      await loadOnce(browser, pages['/chat'], viewport, seeded, false);
      const samples: Record<string, Sample[]> = { reference: [] };
      const errors: Record<string, number> = { reference: 0 };
      for (let i = 0; i < settings.loads; i++) {
        // Interleaved, so a machine that slows down during the run slows every row alike.
        for (const [name, url] of [['reference', bareUrl], ...Object.entries(pages)] as const) {
          try {
            const sample = await loadOnce(browser, url, viewport, seeded, name !== 'reference');
            (samples[name] ??= []).push(sample);
          } catch (error) {
            errors[name] = (errors[name] ?? 0) + 1;
            console.error(`page bench: ${name} (${viewportName}) failed: ${String(error)}`);
          }
        }
      }
      for (const name of Object.keys(pages)) {
        rows.push(row(name, viewportName, samples[name] ?? [], errors[name] ?? 0));
      }
      reference.push(row('static page', viewportName, samples.reference!, errors.reference!));
    }
    return { rows, reference };
  } finally {
    await browser.close();
    await bare.close();
    await bench.close();
    await llm.stop();
  }
}

export function printChatPage(result: PageResult, settings: { loads: number }) {
  console.log(
    `7) The chat page's first load in Chromium (${settings.loads} cold loads per row; ` +
      `targets: CLS ≤ ${PAGE_TARGETS.cls}, LCP ≤ ${PAGE_TARGETS.lcpMs} ms, ` +
      `JS ≤ ${PAGE_TARGETS.jsGzipKb} KB gzip)`,
  );
  console.log('   CLS = largest session window of layout shifts without input; LCP in ms');
  console.log(
    '                              CLS p50  CLS max  LCP p50  LCP max  JS fetched KB gz (br)  files',
  );
  const line = (label: string, r: PageRow) =>
    console.log(
      `   ${label.padEnd(26)}${r.clsMedian.toFixed(3).padStart(8)}${r.clsWorst.toFixed(3).padStart(9)}` +
        `${fmt(r.lcpMedianMs, 9)}${fmt(r.lcpWorstMs, 9)}` +
        `${`${r.jsGzipKb.toFixed(1)} (${r.jsSentKb.toFixed(1)})`.padStart(22)}` +
        `${String(r.jsFiles).padStart(7)}${r.errors ? `   ${r.errors} failed loads` : ''}`,
    );
  for (const ref of result.reference) {
    line(`reference, ${ref.viewport}`, ref);
    for (const r of result.rows.filter((x) => x.viewport === ref.viewport)) {
      line(`${r.page}, ${r.viewport}`, r);
      if (r.clsWorst > PAGE_TARGETS.cls) {
        console.log(`      moved in the worst load: ${r.worstShifts.slice(0, 6).join(' | ')}`);
      }
      if (r.lcpWorstMs > PAGE_TARGETS.lcpMs) console.log(`      LCP element: ${r.lcpElement}`);
    }
  }
  console.log(
    '   reference = static HTML from a bare Fastify, loaded interleaved with the app in this run',
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const settings = { loads: Number(process.env.BENCH_PAGE_LOADS) || 5 };
  const result = await measureChatPage(settings);
  printChatPage(result, settings);
  console.log(JSON.stringify({ bench: 'reverie-page', ...result }));
  process.exit(0);
}
