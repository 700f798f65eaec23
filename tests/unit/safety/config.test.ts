import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';

const dataDir = mkdtempSync(path.join(tmpdir(), 'reverie-safety-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('the crisis protocol settings', () => {
  it('default to the law’s three hours and to 988 with a directory for other countries', () => {
    const { safety } = load({});
    expect(safety.aiNoticeEveryMinutes).toBe(180);
    expect(safety.crisisResources.map((r) => r.url)).toEqual([
      'https://988lifeline.org/chat',
      'https://findahelpline.com',
    ]);
    expect(safety.crisisResources[0]).toMatchObject({ phone: '988', text: '988', country: 'US' });
  });

  it('let an operator shorten the notice interval, never lengthen it', () => {
    expect(load({ AI_NOTICE_EVERY_MINUTES: '60' }).safety.aiNoticeEveryMinutes).toBe(60);
    expect(() => load({ AI_NOTICE_EVERY_MINUTES: '181' })).toThrow(
      /AI_NOTICE_EVERY_MINUTES: may only shorten the law's interval: at most 180 minutes/,
    );
    expect(() => load({ AI_NOTICE_EVERY_MINUTES: '0' })).toThrow(/more than 0 minutes/);
    expect(() => load({ AI_NOTICE_EVERY_MINUTES: 'often' })).toThrow(/AI_NOTICE_EVERY_MINUTES/);
  });

  it('take the operator’s own list of services', () => {
    const list = [
      { name: 'Samaritans', phone: '116 123', url: 'https://www.samaritans.org', country: 'GB' },
      {
        name: 'Lifeline Australia',
        phone: '13 11 14',
        text: '0477 13 11 14',
        url: 'https://www.lifeline.org.au',
      },
    ];
    expect(load({ CRISIS_RESOURCES: JSON.stringify(list) }).safety.crisisResources).toEqual(list);
  });

  it('refuse a list that is not JSON or names a service badly, saying what is wrong', () => {
    expect(() => load({ CRISIS_RESOURCES: '988' })).toThrow(
      /CRISIS_RESOURCES: must be a JSON list/,
    );
    expect(() => load({ CRISIS_RESOURCES: '[]' })).toThrow(/at least one crisis service/);
    expect(() =>
      load({ CRISIS_RESOURCES: JSON.stringify([{ name: 'X', url: 'javascript:alert(1)' }]) }),
    ).toThrow(/CRISIS_RESOURCES\[0\]\[url\]: each resource needs an http\(s\) url/);
    expect(() =>
      load({ CRISIS_RESOURCES: JSON.stringify([{ url: 'https://example.org' }]) }),
    ).toThrow(/CRISIS_RESOURCES\[0\]\[name\]/);
  });
});
