import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'reverie-config-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('loadConfig', () => {
  it('works with nothing set: port 3000, PGlite in ./data, localhost URL', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.google).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('takes a setting given empty as not given (an env file’s `X=`, compose’s `${X:-}`)', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      PORT: '',
      LLM_BASE_URL: 'http://127.0.0.1:9',
      LLM_MODELS: 'big-405b',
      LLM_CONTEXT_TOKENS: '',
      LLM_TIMEOUT_MS: ' ',
      LLM_SYSTEM_ROLE: '',
    });
    expect(config.port).toBe(3000);
    expect(config.llm?.contextTokens).toBe(8192);
    expect(config.llm?.timeoutMs).toBe(120_000);
  });

  it('generates AUTH_SECRET once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dataDir, 'auth-secret'))).toBe(true);
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first);
  });

  it('fails fast, naming each bad variable', () => {
    const attempt = () =>
      loadConfig({
        DATA_DIR: tempDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        AUTH_SECRET: 'short',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
      expect(message).toMatch(/AUTH_SECRET: must be at least 32 characters long/);
    }
  });

  it('enables Google only with both client id and secret, defaulting to Google’s issuer', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir, GOOGLE_CLIENT_ID: 'id' }).google).toBeUndefined();
    expect(
      loadConfig({ DATA_DIR: dataDir, GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' }).google,
    ).toEqual({ clientId: 'id', clientSecret: 's', issuer: 'https://accounts.google.com' });
  });

  it('treats empty values as unset and trims the public URL', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      SMTP_URL: '',
      PUBLIC_URL: 'https://reverie.example/',
    });
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://reverie.example');
  });

  it('needs AUTH_SECRET when the database is shared (DATABASE_URL)', () => {
    const dataDir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/reverie' })).toThrow(
      /AUTH_SECRET: required when DATABASE_URL is set/,
    );
    const secret = 'a-long-enough-secret-for-every-server-0123456789';
    expect(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/reverie', AUTH_SECRET: secret })
        .authSecret,
    ).toBe(secret);
  });

  it('sizes the PostgreSQL pool from DATABASE_POOL_SIZE, refusing what is not 1–100', () => {
    const dataDir = tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).databasePoolSize).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: '' }).databasePoolSize).toBe(
      undefined,
    );
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: ' 8 ' }).databasePoolSize).toBe(8);
    for (const bad of ['0', '101', '2.5', 'many']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_POOL_SIZE: bad })).toThrow(
        /DATABASE_POOL_SIZE/,
      );
    }
  });

  it('trusts a count of proxies or their addresses, and refuses TRUST_PROXY=true', () => {
    const dataDir = tempDir();
    const trust = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, 127.0.0.1,::1,fd00::/8')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
    expect(trust('loopback')).toEqual(['loopback']);
    for (const refused of ['true', 'TRUE', 'yes']) {
      expect(() => trust(refused)).toThrow(
        /TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.0\/8,127\.0\.0\.1/,
      );
    }
    expect(() => trust('10.0.0.0/33')).toThrow(
      /not a proxy count, IP address or CIDR range: 10.0.0.0\/33/,
    );
    expect(() => trust('nginx')).toThrow(/nginx/);
    expect(() => trust('99')).toThrow(/1 to 10/);
  });

  it('refuses an address list that trusts more than a private or loopback range would', () => {
    const dataDir = tempDir();
    const trust = (value: string) =>
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    // Every client, in one range or in pieces, in either family or through IPv4-mapped IPv6.
    for (const everyone of [
      '0.0.0.0/0',
      '0.0.0.0/1,128.0.0.0/1',
      '::/0',
      '::/1,8000::/1',
      '::ffff:0:0/96',
      '::/7',
      // Wider than any private range, or more of them than the private ranges hold together.
      '1.0.0.0/7',
      '2000::/3',
      '10.0.0.0/8,11.0.0.0/8,12.0.0.0/8',
    ]) {
      expect(() => trust(everyone), everyone).toThrow(
        /^Invalid configuration: TRUST_PROXY: .* trusts more addresses than a private or loopback range would.*TRUST_PROXY=1\)\.$/,
      );
    }
    // One clear line.
    expect(() => trust('0.0.0.0/0')).toThrow(/^[^\n]*$/);
    expect(() => trust('fe80::1%eth0')).toThrow(/not a proxy count, IP address or CIDR range/);
    // What operators do name: private ranges, named ones, a proxy's public range.
    expect(
      trust('10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,127.0.0.1,fc00::/7,fe80::/10'),
    ).toHaveLength(6);
    expect(trust('loopback,linklocal,uniquelocal')).toHaveLength(3);
    expect(trust('173.245.48.0/20,2400:cb00::/32,::ffff:10.0.0.0/104')).toHaveLength(3);
    // "Whoever is in front" is a count.
    expect(trust('1')).toBe(1);
  });

  it('enables billing only with every Stripe setting, and says which are missing', () => {
    const dataDir = tempDir();
    const all = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_BASIC: 'price_b',
      STRIPE_PRICE_PRO: 'price_p',
    };
    const none = loadConfig({ DATA_DIR: dataDir });
    expect(none.stripe).toBeUndefined();
    expect(none.missingStripeSettings).toHaveLength(4);
    const partial = loadConfig({ DATA_DIR: dataDir, ...all, STRIPE_WEBHOOK_SECRET: '' });
    expect(partial.stripe).toBeUndefined();
    expect(partial.missingStripeSettings).toEqual(['STRIPE_WEBHOOK_SECRET']);
    expect(loadConfig({ DATA_DIR: dataDir, ...all }).stripe).toEqual({
      secretKey: 'sk_test_1',
      webhookSecret: 'whsec_1',
      prices: { basic: 'price_b', pro: 'price_p' },
      apiBase: undefined,
    });
    expect(
      loadConfig({ DATA_DIR: dataDir, ...all, STRIPE_API_BASE: 'http://127.0.0.1:12111/' }).stripe
        ?.apiBase,
    ).toBe('http://127.0.0.1:12111');
    expect(() => loadConfig({ DATA_DIR: dataDir, ...all, STRIPE_PRICE_PRO: 'price_b' })).toThrow(
      /STRIPE_PRICE_PRO: must differ from STRIPE_PRICE_BASIC/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, ...all, STRIPE_API_BASE: 'ftp://x' })).toThrow(
      /STRIPE_API_BASE/,
    );
  });
});
