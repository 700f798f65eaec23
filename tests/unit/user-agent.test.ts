import { describe, expect, it } from 'vitest';
import { approximateTime, describeUserAgent } from '../../src/web/features/account/user-agent';

describe('describeUserAgent', () => {
  it('names common browsers and systems', () => {
    const cases: [string, string][] = [
      [
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'Chrome on Linux',
      ],
      [
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
        'Firefox on Windows',
      ],
      [
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
        'Safari on iOS',
      ],
      [
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        'Edge on macOS',
      ],
      [
        'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
        'Samsung Internet on Android',
      ],
      ['curl/8.5.0', 'A browser'],
      ['', 'A browser'],
    ];
    for (const [ua, name] of cases) expect(describeUserAgent(ua)).toBe(name);
    expect(describeUserAgent(null)).toBe('A browser');
  });
});

describe('approximateTime', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  it('says how long ago, roughly', () => {
    expect(approximateTime(ago(30_000), now)).toBe('just now');
    expect(approximateTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(approximateTime(ago(90 * 60_000), now)).toBe('an hour ago');
    expect(approximateTime(ago(5 * 3600_000), now)).toBe('5 hours ago');
    expect(approximateTime(ago(30 * 3600_000), now)).toBe('yesterday');
    expect(approximateTime(ago(12 * 86_400_000), now)).toBe('12 days ago');
  });
});
