import { describe, expect, it } from 'vitest';
import { targetRows, type BenchFigures } from '../../bench/targets';

type Search = { sustainedStreams: number; firstFailingStreams: number | null };
/** A search that found its limit: `n` passed, the next step failed. */
const limit = (n: number, failed = n + 100): Search => ({
  sustainedStreams: n,
  firstFailingStreams: failed,
});
/** A search that passed every step it tried, up to `n`. */
const passedAll = (n: number): Search => ({ sustainedStreams: n, firstFailingStreams: null });

/** A run that measured section 2 only: our route's search and the plain SSE writes' search. */
function streamsRun(database: BenchFigures['database'], ours: Search, plain: Search): BenchFigures {
  return {
    database,
    ttft: null,
    ttftBareRelay: null,
    llmDoubleFirstByteMs: null,
    screening: null,
    streaming: {
      lagLimitMs: 20,
      ...ours,
      stopReason: 'lag p99 ≥ 20 ms',
      bareRelay: { sustainedStreams: 800, firstFailingStreams: 850 },
      plainSse: plain,
    },
    history: null,
    idleStreams: null,
    reconnect: null,
    takeover: null,
    restart: null,
    api: null,
    page: null,
    speech: null,
  };
}

const streamsRow = (run: BenchFigures) => {
  const rows = targetRows(run);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};

describe("the benchmark's verdict on issue 12's streams target", () => {
  it('is met by the number the issue names, whatever the reference did', () => {
    const found = streamsRow(streamsRun('postgres', limit(1000), limit(5000)));
    expect(found).toMatchObject({
      met: true,
      figure: '1,000 (1,100 fail), 20 % of plain SSE writes',
    });
    const unknown = streamsRow(streamsRun('postgres', limit(1000), passedAll(2400)));
    expect(unknown.met).toBe(true);
    expect(unknown.figure).toContain("no share: plain SSE writes' limit not found (≥ 2,400)");
  });

  it("is met by the issue's share of plain SSE writes measured in the same run", () => {
    // 700 of 2,100 is 33 %; the issue put 1,000 beside 4,000 (25 %).
    const row = streamsRow(streamsRun('postgres', limit(700, 750), limit(2100, 2200)));
    expect(row.met).toBe(true);
    expect(row.figure).toBe('700 (750 fail), 33.3 % of plain SSE writes');
    expect(row.target).toContain('≥ 1,000, or ≥ 25 % of plain SSE writes');
    expect(row.reference).toBe('bare relay 800, plain SSE writes 2,100');
  });

  it('holds its line exactly, and a share just under it prints under it', () => {
    expect(streamsRow(streamsRun('postgres', limit(500), limit(2000))).met).toBe(true);
    const under = streamsRow(streamsRun('postgres', limit(499), limit(2000)));
    expect(under).toMatchObject({
      met: false,
      figure: '499 (599 fail), 24.9 % of plain SSE writes',
    });
  });

  it('is not met below that share', () => {
    const row = streamsRow(streamsRun('postgres', limit(300, 350), limit(1300, 1400)));
    expect(row).toMatchObject({ met: false, figure: '300 (350 fail), 23 % of plain SSE writes' });
  });

  it('calls the share a lower bound when our route passed every step', () => {
    const row = streamsRow(streamsRun('postgres', passedAll(600), limit(2000)));
    expect(row).toMatchObject({ met: true, figure: expect.stringContaining('≥ 30 % of plain') });
  });

  it('reads PGlite against its own share (300 of 4,000)', () => {
    const met = streamsRow(streamsRun('pglite', limit(150), limit(1800)));
    expect(met).toMatchObject({ met: true, figure: expect.stringContaining('8.3 %') });
    expect(met.target).toContain('or ≥ 7.5 % of plain SSE writes');
    expect(streamsRow(streamsRun('pglite', limit(100), limit(1800))).met).toBe(false);
  });

  it('claims no share when the reference passed every step (its limit is unknown)', () => {
    // 700 of 2,400 would be 29 %: met, had the reference's limit been 2,400.
    const row = streamsRow(streamsRun('postgres', limit(700, 750), passedAll(2400)));
    expect(row.met).toBe(false);
    expect(row.figure).toContain("no share: plain SSE writes' limit not found (≥ 2,400)");
    expect(row.reference).toContain('plain SSE writes ≥ 2,400');
  });

  it('claims no share when the reference sustained nothing', () => {
    // 100 of 0 is infinite, 0 of 0 not a number: neither is a share.
    for (const ours of [limit(100), limit(0)]) {
      const row = streamsRow(streamsRun('postgres', ours, limit(0, 200)));
      expect(row.met).toBe(false);
      expect(row.figure).toContain('no share: plain SSE writes sustained none');
    }
  });
});

describe('the crisis screening target (issue 41)', () => {
  const statsOf = (p99: number) => ({ n: 100, p50: p99 / 4, p90: p99 / 2, p99, max: p99 * 2 });
  const run = (p99: number): BenchFigures => ({
    ...streamsRun('pglite', limit(300), limit(4000)),
    streaming: null,
    ttft: [{ concurrency: 1, errors: 0, clientMs: statsOf(8), serverToFirstTokenMs: statsOf(4) }],
    screening: {
      messageMs: statsOf(p99),
      longestMessageMs: statsOf(p99),
      worstCaseMs: statsOf(p99),
      replyMs: statsOf(1),
    },
  });
  const row = (p99: number) => targetRows(run(p99)).find((r) => r.issue === '41')!;

  it('is met at 1 ms p99 and not above, beside the same run’s time to first token', () => {
    expect(row(1).met).toBe(true);
    expect(row(1.01).met).toBe(false);
    expect(row(0.4).reference).toContain('first token');
  });
});

it('issue 44: a reconnect resumes within 200 ms p99, and 1,000 disconnects lose no character', () => {
  const summary = (p99: number) => ({ n: 1000, p50: p99 / 4, p90: p99 / 2, p99, max: p99 * 1.2 });
  const run = (over: Partial<NonNullable<BenchFigures['reconnect']>>): BenchFigures => ({
    ...streamsRun('pglite', passedAll(100), passedAll(100)),
    streaming: null,
    reconnect: {
      replies: 100,
      disconnects: 1000,
      mismatched: 0,
      lostOrDuplicatedChars: 0,
      errors: 0,
      errorSamples: [],
      resumeHeadMs: summary(18),
      resumeMs: summary(210),
      firstEventMs: summary(150),
      ...over,
    },
  });
  const rows = (figures: BenchFigures) => targetRows(figures).filter((r) => r.issue === '44');
  expect(rows(run({})).map((r) => r.met)).toEqual([true, true]);
  expect(rows(run({ resumeHeadMs: summary(250) }))[0]!.met).toBe(false);
  expect(rows(run({ mismatched: 1, lostOrDuplicatedChars: 3 }))[1]!.met).toBe(false);
  // Fewer disconnects than the target names (a smoke run) says nothing.
  expect(rows(run({ disconnects: 200 }))[1]!.met).toBe(false);
});

it("issue 44: a server's death to the reply going on elsewhere within 5 s, every time", () => {
  const max = (slowest: number) => ({ n: 10, p50: 3900, p90: slowest, p99: slowest, max: slowest });
  const run = (over: Partial<NonNullable<BenchFigures['takeover']>>): BenchFigures => ({
    ...streamsRun('pglite', passedAll(100), passedAll(100)),
    streaming: null,
    takeover: {
      trials: 10,
      deathToContinueMs: max(4600),
      firstWordsMs: max(30),
      leaseMs: 4000,
      claimEveryMs: 500,
      mismatched: 0,
      errors: 0,
      errorSamples: [],
      ...over,
    },
  });
  const row = (figures: BenchFigures) => targetRows(figures).find((r) => r.issue === '44')!;
  expect(row(run({})).met).toBe(true);
  expect(row(run({})).reference).toContain('lease 4 s');
  expect(row(run({ deathToContinueMs: max(5001) })).met).toBe(false);
  // A reply put together wrong, or a kill that failed, says the takeover did not work.
  expect(row(run({ mismatched: 1 })).met).toBe(false);
  expect(row(run({ errors: 1 })).met).toBe(false);
});
