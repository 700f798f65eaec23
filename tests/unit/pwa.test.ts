import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withBrand } from '../../src/server/plugins/app-shell';
import { listCharacters } from '../../src/shared/characters/endpoints';
import { listConversations, listMessages } from '../../src/shared/chat/endpoints';
import { DEFAULT_BRAND } from '../../src/shared/site/brand-defaults';
import {
  CHARACTERS_PATH,
  CONVERSATIONS_PATH,
  isOfflineRead,
  messagesOf,
} from '../../src/web/pwa/api-reads';
import { brandOf, offlineShell } from '../../src/web/pwa/offline-shell';

const at = (address: string) => new URL(address, 'https://reverie.test');

describe('what the service worker keeps for reading offline', () => {
  it("names the endpoints' own paths", () => {
    expect(CONVERSATIONS_PATH).toBe(listConversations.path);
    expect(CHARACTERS_PATH).toBe(listCharacters.path);
    expect(messagesOf(at(listMessages.path.replace(':id', '12')))).toBe(12);
  });

  it('keeps the conversation list and the newest messages, nothing else of /api', () => {
    const kept = (address: string, accept: string | null = 'application/json') =>
      isOfflineRead(at(address), accept);
    expect(kept('/api/conversations')).toBe(true);
    expect(kept('/api/conversations?limit=30')).toBe(true);
    expect(kept('/api/conversations/12/messages?limit=50')).toBe(true);
    // Searches, older pages, other reads, reply streams: never.
    expect(kept('/api/conversations?limit=30&query=moon')).toBe(false);
    expect(kept('/api/conversations?limit=30&before=abc')).toBe(false);
    expect(kept('/api/conversations/12/messages?limit=50&before=99')).toBe(false);
    expect(kept('/api/conversations/12')).toBe(false);
    expect(kept('/api/characters')).toBe(false);
    expect(kept('/api/auth/get-session')).toBe(false);
    expect(kept('/api/replies/4/events')).toBe(false);
    expect(kept('/api/conversations/12/messages', 'text/event-stream')).toBe(false);
  });
});

describe("the worker's offline start", () => {
  const index = readFileSync(path.resolve(import.meta.dirname, '../../src/web/index.html'), 'utf8');

  it("is index.html marked offline, with the operator's brand of the last page served", () => {
    const served = withBrand(index, {
      ...DEFAULT_BRAND,
      name: 'Luna',
      defaultThemeId: 'workspace-light',
      faviconUrl: '/api/brand/favicon?v=3',
    });
    const shell = offlineShell(index, brandOf(served));
    expect(shell).toMatch(/<html data-offline lang="en">/);
    expect(shell).toContain('<title>Luna — Create your Dream AI Companion</title>');
    expect(shell).toContain('<link rel="icon" href="/api/brand/favicon?v=3">');
    expect(shell).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/);
    expect(shell).not.toContain('content="#0b0b10"');
    // The brand before theme-boot.js, which reads it; no session read that would only fail.
    const brand = shell.indexOf('id="reverie-brand"');
    expect(brand).toBeGreaterThan(0);
    expect(brand).toBeLessThan(shell.indexOf('/theme-boot.js'));
    expect(shell).toContain('"name":"Luna"');
    expect(shell).not.toContain('/api/auth/get-session');
    expect(shell).toContain('<script type="module"');
  });

  it('is the built-in brand before any page was served', () => {
    const shell = offlineShell(index, {});
    expect(shell).toContain('<title>Reverie — Create your Dream AI Companion</title>');
    expect(shell).toContain('data-offline');
  });
});
