import { describe, expect, it } from 'vitest';
import { APP_NAME } from '../../src/shared/brand';
import { DEFAULT_CRISIS_RESOURCES } from '../../src/shared/safety/rules';
import {
  everyInterval,
  linkLabel,
  regionName,
  safetyDocument,
} from '../../src/web/features/legal/safety-content';

const text = (doc: ReturnType<typeof safetyDocument>) =>
  [
    ...doc.intro,
    ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.bullets ?? [])]),
  ].join('\n');

describe('the /safety page text', () => {
  it('says the notice comes back every three hours, and the server’s shorter interval', () => {
    const standard = text(
      safetyDocument({ resources: DEFAULT_CRISIS_RESOURCES, aiNoticeEveryMinutes: 180 }),
    );
    expect(standard).toContain('at least every three hours while you keep chatting.');
    expect(standard).not.toContain('on this server');
    const shorter = text(
      safetyDocument({ resources: DEFAULT_CRISIS_RESOURCES, aiNoticeEveryMinutes: 45 }),
    );
    expect(shorter).toContain('(on this server, every 45 minutes)');
  });

  it('lists the services it was given in words, and names the product from brand.ts', () => {
    const doc = text(
      safetyDocument({
        resources: [
          {
            name: 'Samaritans',
            phone: '116 123',
            url: 'https://www.samaritans.org/',
            country: 'GB',
          },
        ],
        aiNoticeEveryMinutes: 180,
      }),
    );
    expect(doc).toContain('Samaritans (United Kingdom): call 116 123 or go to www.samaritans.org.');
    expect(doc).toContain(APP_NAME);
    const defaults = text(
      safetyDocument({ resources: DEFAULT_CRISIS_RESOURCES, aiNoticeEveryMinutes: 180 }),
    );
    expect(defaults).toContain(
      '988 Suicide & Crisis Lifeline (United States): call 988, text 988 or go to 988lifeline.org/chat.',
    );
  });

  it('words intervals, regions and web buttons as people say them', () => {
    expect(everyInterval(60)).toBe('hour');
    expect(everyInterval(120)).toBe('2 hours');
    expect(everyInterval(90)).toBe('90 minutes');
    expect(everyInterval(0.4)).toBe('minute');
    expect(regionName('us')).toBe('United States');
    expect(linkLabel('https://988lifeline.org/chat')).toBe('Chat online');
    expect(linkLabel('https://findahelpline.com')).toBe('Visit findahelpline.com');
  });
});
