/**
 * The end of `npm run bench`: every target of issues 12 and 16 that the run measured, each with
 * the run's figure, the same run's reference and whether it is met, so that a run says at a
 * glance where the work stands on the machine it ran on (a slower machine moves the figures and
 * their references together). Targets for the other database are left out: the PostgreSQL ones
 * need BENCH_DATABASE_URL, the PGlite ones a run without it. The JSON line carries the same rows.
 */
import type { ApiResult } from './api';
import type { PageResult } from './chat-page';
import { HISTORY_TARGET_P99_MS, worstPageP99, type HistoryResult } from './history';
import type { IdleStreamsResult } from './idle-streams';
import type { RestartFigures } from './restart';
import type { Stats } from './stats';

export interface TargetRow {
  /** Where the target is written: `12` or `16.5` (issue 16, item 5). */
  issue: string;
  target: string;
  figure: string;
  /** The same run's reference, or '' where the target has none. */
  reference: string;
  met: boolean;
}

/** What the targets read of a run: the fields of the benchmark's JSON line they need. */
export interface BenchFigures {
  database: 'postgres' | 'pglite';
  ttft: { concurrency: number; clientMs: Stats; serverToFirstTokenMs: Stats }[] | null;
  ttftBareRelay: { concurrency: number; clientMs: Stats }[] | null;
  llmDoubleFirstByteMs: Stats | null;
  streaming: { sustainedStreams: number; bareRelay: { sustainedStreams: number } } | null;
  history: HistoryResult | null;
  idleStreams: IdleStreamsResult | null;
  restart: RestartFigures | null;
  api: ApiResult | null;
  page: PageResult | null;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const count = (value: number) => value.toLocaleString('en-US');

export function targetRows(run: BenchFigures): TargetRow[] {
  const postgres = run.database === 'postgres';
  const rows: TargetRow[] = [];
  const add = (row: TargetRow) => rows.push(row);

  const sequential = run.ttft?.find((r) => r.concurrency === 1);
  if (sequential && postgres) {
    const { p50, p99 } = sequential.serverToFirstTokenMs;
    add({
      issue: '12',
      target: 'time the server adds before the first token, p50 ≤ 3 / p99 ≤ 10 ms',
      figure: `${ms(p50)} / ${ms(p99)} (arrival → first token written)`,
      reference: '',
      met: p50 <= 3 && p99 <= 10,
    });
  }
  const crowded = run.ttft?.find((r) => r.concurrency === 16);
  const relayCrowded = run.ttftBareRelay?.find((r) => r.concurrency === 16);
  if (crowded && postgres) {
    // Read strictly: both what the server's own spans show and what a user waits because of us
    // (the client's time less the double's own, as section 1 says to read it) must be within it.
    // The client's figure also holds the share of the machine the load process did not get.
    const server = crowded.serverToFirstTokenMs.p50;
    const user = crowded.clientMs.p50 - (run.llmDoubleFirstByteMs?.p50 ?? 0);
    add({
      issue: '16.5',
      target: '16 in flight: time added before the first token, p50 ≤ 15 ms',
      figure: `server ${ms(server)} (arrival → first token written), client less the double ${ms(user)}`,
      reference: relayCrowded ? `bare relay, client ${ms(relayCrowded.clientMs.p50)}` : '',
      met: server <= 15 && user <= 15,
    });
  }
  if (run.streaming) {
    const goal = postgres ? 1000 : 300;
    add({
      issue: '12',
      target: `concurrent 50 tokens/s streams, lag p99 < 20 ms: ≥ ${count(goal)}`,
      figure: count(run.streaming.sustainedStreams),
      reference: `bare relay ${count(run.streaming.bareRelay.sustainedStreams)}`,
      met: run.streaming.sustainedStreams >= goal,
    });
  }
  if (run.history) {
    const worst = worstPageP99(run.history);
    const bare = run.history.rows.find((r) => r.label.startsWith('bare Fastify route'));
    add({
      issue: postgres ? '16.1, 12' : '16.1',
      target: `history page p99 ≤ ${HISTORY_TARGET_P99_MS} ms (${count(run.history.messages)} messages)`,
      figure: `${ms(worst)} (slowest page)`,
      reference: bare ? `bare route ${ms(bare.ms.p99)}` : '',
      met: worst <= HISTORY_TARGET_P99_MS,
    });
  }
  if (run.idleStreams) {
    const { app, bareRelay } = run.idleStreams;
    add({
      issue: '16.4, 12',
      target: `idle open stream ≤ 16 KiB of heap each (${count(run.idleStreams.streams)} open)`,
      figure: `${app.heapKiB.toFixed(1)} KiB`,
      reference: `bare relay ${bareRelay.heapKiB.toFixed(1)} KiB`,
      met: app.heapKiB <= 16 && app.errors === 0,
    });
  }
  if (run.api) {
    const rates = run.api.app.map((r) => r.requestsPerSecond);
    const bareRates = run.api.bare.map((r) => r.requestsPerSecond);
    const range = (values: number[]) =>
      `${count(Math.min(...values))}–${count(Math.max(...values))} req/s`;
    if (postgres) {
      add({
        issue: '12',
        target: 'GET /api/characters at ≥ 10 % of a bare Fastify route',
        figure: `${(run.api.ratio * 100).toFixed(1)} % (${range(rates)})`,
        reference: `bare route ${range(bareRates)}`,
        met: run.api.ratio >= 0.1,
      });
      const worstP99 = Math.max(...run.api.app.map((r) => r.p99Ms));
      add({
        issue: '12',
        target: 'GET /api/characters p99 < 25 ms (every round)',
        figure: `${ms(worstP99)} (slowest round)`,
        reference: `bare route ${ms(Math.max(...run.api.bare.map((r) => r.p99Ms)))}`,
        met: worstP99 < 25,
      });
    } else {
      add({
        issue: '12',
        target: 'GET /api/characters ≥ 2,000 req/s (every round)',
        figure: range(rates),
        reference: `bare route ${range(bareRates)}`,
        met: Math.min(...rates) >= 2000,
      });
    }
  }
  if (run.restart) {
    add({
      issue: '16.7',
      target: 'restart ≤ 1 s (compiled server on PGlite)',
      figure: ms(run.restart.restartMedianMs),
      reference: `bare Fastify process ${ms(run.restart.bareFastifyMedianMs)}`,
      met: run.restart.restartMedianMs <= 1000,
    });
  }
  if (run.page) {
    const { rows: pages, reference } = run.page;
    const worst = (pick: (row: PageResult['rows'][number]) => number) =>
      Math.max(...pages.map(pick));
    const staticLcp = Math.max(...reference.map((r) => r.lcpMedianMs));
    add({
      issue: '16.6',
      target: 'the chat page: LCP p50 ≤ 500 ms on every row',
      figure: `${ms(worst((r) => r.lcpMedianMs))} (slowest row; its worst load ${ms(worst((r) => r.lcpWorstMs))})`,
      reference: `static page ${ms(staticLcp)}`,
      met: worst((r) => r.lcpMedianMs) <= 500,
    });
    add({
      issue: '16.6',
      target: 'the chat page: CLS ≤ 0.02 in every load',
      figure: worst((r) => r.clsWorst).toFixed(3),
      reference: '',
      met: worst((r) => r.clsWorst) <= 0.02,
    });
    add({
      issue: '16.6',
      target: 'the chat page: JavaScript ≤ 120 KB gzip',
      figure: `${worst((r) => r.jsGzipKb).toFixed(1)} KB`,
      reference: '',
      met: worst((r) => r.jsGzipKb) <= 120,
    });
  }
  return rows;
}

export function printTargets(rows: TargetRow[]) {
  if (rows.length === 0) return;
  console.log('Targets of issues 12 and 16 measured in this run (figures of this machine)');
  for (const row of rows) {
    const reference = row.reference ? `   [${row.reference}]` : '';
    console.log(`   ${row.met ? 'met    ' : 'NOT met'}  #${row.issue.padEnd(8)} ${row.target}`);
    console.log(`                       ${row.figure}${reference}`);
  }
  console.log('');
}
