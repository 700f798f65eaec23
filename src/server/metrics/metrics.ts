import { monitorEventLoopDelay } from 'node:perf_hooks';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The server's Prometheus metrics (issue 44 item 6): the default process and Node.js ones, and
 * Reverie's own, named `reverie_*`. One registry per app (tests start several apps in one
 * process, and prom-client's global registry refuses a name twice).
 */
export interface Metrics {
  readonly registry: Registry;
  /** Requests answered, by method, route (its pattern, never the path) and status. */
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly requestSeconds: Histogram<'method' | 'route'>;
  /** Seconds from the model's call to its first text, by model. */
  readonly timeToFirstToken: Histogram<'model'>;
  /** Streamed pieces of text per second after the first, by model (a piece is about a token). */
  readonly tokensPerSecond: Histogram<'model'>;
  readonly llmErrors: Counter<'kind'>;
  readonly llmTokens: Counter<'model' | 'direction' | 'source'>;
  /** Replies ended, by outcome: done, withheld (the crisis protocol), failed. */
  readonly replies: Counter<'outcome'>;
  readonly creditsCharged: Counter;
  readonly creditsRefunded: Counter;
  /** Reply runs this server took over from a server that stopped renewing their lease. */
  readonly runsClaimed: Counter;
  /** Stops the event-loop monitor (the app's onClose). */
  close(): void;
}

/** What the metrics read from the rest of the server when they are scraped. */
export interface MetricSources {
  /** Replies being streamed to a client now. */
  activeStreams(): number;
  /** The database pool (PostgreSQL); undefined on PGlite, which has one connection. */
  pool?(): { total: number; idle: number; waiting: number };
  /** Jobs waiting in each queue. */
  queueDepth(): Promise<{ name: string; waiting: number }[]>;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * `scraped`: whether anyone can read them (METRICS_TOKEN set). Otherwise the counters still
 * count (a few additions per request), but nothing samples the process or the event loop.
 */
export function createMetrics(sources: MetricSources, { scraped }: { scraped: boolean }): Metrics {
  const registry = new Registry();
  if (scraped) collectDefaultMetrics({ register: registry });
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  if (scraped) loopDelay.enable();
  new Gauge({
    name: 'reverie_event_loop_lag_seconds',
    help: 'Event-loop delay since the last scrape: its 99th percentile.',
    registers: [registry],
    collect() {
      this.set(loopDelay.percentile(99) / 1e9);
      loopDelay.reset();
    },
  });
  new Gauge({
    name: 'reverie_active_streams',
    help: 'Replies being streamed to clients now.',
    registers: [registry],
    collect() {
      this.set(sources.activeStreams());
    },
  });
  if (sources.pool) {
    const pool = sources.pool;
    new Gauge({
      name: 'reverie_db_pool_connections',
      help: 'Database pool connections by state (idle, busy) and requests waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const { total, idle, waiting } = pool();
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'busy' }, total - idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }
  new Gauge({
    name: 'reverie_job_queue_depth',
    help: 'Background jobs waiting, by queue.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const { name, waiting } of await sources.queueDepth().catch(() => []))
        this.set({ queue: name }, waiting);
    },
  });
  return {
    registry,
    requests: new Counter({
      name: 'reverie_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    requestSeconds: new Histogram({
      name: 'reverie_http_request_duration_seconds',
      help: 'Time to answer an HTTP request (a streamed reply: until its end), by route pattern.',
      labelNames: ['method', 'route'],
      buckets: SECONDS,
      registers: [registry],
    }),
    timeToFirstToken: new Histogram({
      name: 'reverie_llm_time_to_first_token_seconds',
      help: 'Seconds from a streamed model call to its first text, by model.',
      labelNames: ['model'],
      buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32],
      registers: [registry],
    }),
    tokensPerSecond: new Histogram({
      name: 'reverie_llm_tokens_per_second',
      help: 'Streamed text pieces (about one token each) per second after the first, by model.',
      labelNames: ['model'],
      buckets: [5, 10, 20, 30, 50, 75, 100, 150, 250],
      registers: [registry],
    }),
    llmErrors: new Counter({
      name: 'reverie_llm_errors_total',
      help: 'Failed model calls by kind: timeout, busy, empty, upstream, not-configured, unknown-model.',
      labelNames: ['kind'],
      registers: [registry],
    }),
    llmTokens: new Counter({
      name: 'reverie_llm_tokens_total',
      help: 'Tokens of model calls by model and direction (input, output), as the provider reported them (source reported) or estimated where it sent no report (source estimated).',
      labelNames: ['model', 'direction', 'source'],
      registers: [registry],
    }),
    replies: new Counter({
      name: 'reverie_replies_total',
      help: 'Replies ended, by outcome: done, withheld (the crisis protocol), failed.',
      labelNames: ['outcome'],
      registers: [registry],
    }),
    creditsCharged: new Counter({
      name: 'reverie_credits_charged_total',
      help: 'Credits taken for replies (a refunded one included).',
      registers: [registry],
    }),
    creditsRefunded: new Counter({
      name: 'reverie_credits_refunded_total',
      help: 'Credits given back: failed or withheld replies, and charges the sweeper found stale.',
      registers: [registry],
    }),
    runsClaimed: new Counter({
      name: 'reverie_runs_claimed_total',
      help: 'Reply runs taken over from a server that died (its lease lapsed) and continued here.',
      registers: [registry],
    }),
    close: () => loopDelay.disable(),
  };
}
