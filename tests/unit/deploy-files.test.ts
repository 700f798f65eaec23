import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../src/server/config';

/**
 * compose.yaml (docs/deploy.md) cannot be run here (no container images), so what can drift is
 * checked: the app's settings are ones the server reads and accepts, it waits for PostgreSQL and
 * Redis, its health check asks /api/ready, and it gets longer to stop than the replies' grace.
 */
const root = path.resolve(import.meta.dirname, '../..');
const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8')) as {
  services: Record<string, any>;
};
const app = compose.services.app;

/** Compose's `${NAME:-default}` / `${NAME:?error}`, as compose fills them in from `given`. */
function substitute(value: unknown, given: Record<string, string>): string {
  return String(value).replace(
    /\$\{(\w+)(?::([-?])([^}]*))?\}/g,
    (_, name: string, kind?: string, rest?: string) =>
      given[name] ?? (kind === '-' ? (rest ?? '') : ''),
  );
}

describe('compose.yaml', () => {
  it('runs the README’s steps with PostgreSQL and Redis, waiting until both are healthy', () => {
    expect(app.command).toContain('npm ci && npm start');
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'postgres', 'redis']);
    expect(app.depends_on).toEqual({
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
    });
    expect(app.healthcheck.test.join(' ')).toContain('/api/ready');
  });

  it('gives the server settings it accepts, each documented in .env.example', () => {
    const env = Object.fromEntries(
      Object.entries(app.environment as Record<string, unknown>).map(([k, v]) => [
        k,
        substitute(v, { AUTH_SECRET: 'a'.repeat(64) }),
      ]),
    );
    const documented = readFileSync(path.join(root, '.env.example'), 'utf8');
    for (const name of Object.keys(env)) expect(documented, name).toContain(`${name}=`);
    const config = loadConfig({ ...env, NODE_ENV: 'production' });
    expect(config.databaseUrl).toBe('postgres://reverie:reverie@postgres:5432/reverie');
    expect(config.redisUrl).toBe('redis://redis:6379');
    // A stop lasts longer than the replies' grace, so replies in flight finish.
    expect(Number.parseInt(app.stop_grace_period, 10)).toBeGreaterThan(config.shutdownGraceSeconds);
  });
});
