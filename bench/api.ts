/**
 * Section 5 of `npm run bench`: how many cheap authenticated API requests one server process
 * answers — `GET /api/characters` for a signed-in user with 10 characters — beside a bare
 * Fastify route in the same process answering the same JSON, with the same load generator
 * (autocannon, 50 connections, in the load process) in the same run. The two are interleaved
 * (bare, app, bare, app) so that a machine that slows down during the run slows both.
 * See bench/README.md.
 */
import Fastify from 'fastify';
import type { BenchApp } from './harness';
import type { ThroughputResult } from './load';
import { startProfile, stopProfile } from './profile';
import { fmt, sharePercent } from './stats';

export interface ApiSettings {
  /** Seconds of each measured run (after a 1 s unmeasured warm-up of the same URL). */
  seconds: number;
  /** Interleaved rounds of (bare, app). */
  rounds: number;
}

export interface ApiResult {
  connections: number;
  characters: number;
  bare: ThroughputResult[];
  app: ThroughputResult[];
  /** Sum of app requests / sum of bare requests over all rounds. */
  ratio: number;
}

const CHARACTERS = 10;
/** Requests kept in flight, as in issue 12's measurement. */
export const THROUGHPUT_CONNECTIONS = 50;

export async function measureApi(options: {
  bench: BenchApp;
  settings: ApiSettings;
  throughput: (
    url: string,
    headers: Record<string, string>,
    seconds: number,
  ) => Promise<ThroughputResult>;
}): Promise<ApiResult> {
  const { bench, settings, throughput } = options;
  const client = await bench.signedInUser();
  for (let c = 0; c < CHARACTERS; c++) {
    const res = await client.post('/api/characters', {
      name: `Marguerite ${c + 1}`,
      description: 'A retired cartographer who still dreams in coastlines and tides.',
      gender: 'female',
      personality: 'Warm, curious, precise about maps and vague about her past.',
    });
    if (res.status !== 201) throw new Error(`setup: character not created (${res.status})`);
  }
  const list = await client.get('/api/characters');
  if (list.status !== 200 || list.json.length !== CHARACTERS) {
    throw new Error(`setup: GET /api/characters answered ${list.status}`);
  }

  // The reference: a bare Fastify route in this process answering the same JSON.
  const body = list.json as unknown;
  const bare = Fastify();
  bare.get('/characters', async () => body);
  const bareUrl = `${await bare.listen({ port: 0, host: '127.0.0.1' })}/characters`;
  const appUrl = `${bench.url}/api/characters`;
  const headers = { cookie: client.cookieHeader };

  const result: ApiResult = {
    connections: THROUGHPUT_CONNECTIONS,
    characters: CHARACTERS,
    bare: [],
    app: [],
    ratio: 0,
  };
  try {
    for (let round = 0; round < settings.rounds; round++) {
      await throughput(bareUrl, {}, 1);
      result.bare.push(await throughput(bareUrl, {}, settings.seconds));
      await throughput(appUrl, headers, 1);
      await startProfile();
      result.app.push(await throughput(appUrl, headers, settings.seconds));
      await stopProfile(`api-round-${round + 1}`);
    }
  } finally {
    await bare.close();
  }
  const total = (runs: ThroughputResult[]) => runs.reduce((sum, r) => sum + r.requestsPerSecond, 0);
  result.ratio = total(result.app) / total(result.bare);
  return result;
}

export function printApi(result: ApiResult, settings: ApiSettings) {
  console.log(
    `5) Cheap authenticated requests: GET /api/characters (${result.characters} characters), ` +
      `${result.connections} connections, ${settings.seconds} s runs, interleaved with the reference`,
  );
  console.log('                                        req/s   p50 ms   p99 ms  failures');
  const row = (label: string, r: ThroughputResult) =>
    console.log(
      `   ${label.padEnd(34)}${String(r.requestsPerSecond).padStart(8)}${fmt(r.p50Ms, 9)}` +
        `${fmt(r.p99Ms, 9)}${String(r.failures).padStart(10)}`,
    );
  result.bare.forEach((r, i) => {
    row(`bare Fastify route, round ${i + 1}`, r);
    row(`GET /api/characters, round ${i + 1}`, result.app[i]!);
  });
  console.log(`   our route answers ${sharePercent(result.ratio)} of the bare route's rate`);
}
