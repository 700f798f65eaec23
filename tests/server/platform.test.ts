import { describe, expect } from 'vitest';
import { firstReadUrls, LAST_CHARACTER_COOKIE } from '../../src/shared/first-reads';
import { appTest } from '../support/server-fixtures';
import { startTestApp, TEST_PASSWORD } from './support/test-app';

const logLines: string[] = [];
const it = appTest(
  { LOG_LEVEL: 'debug' },
  { logStream: { write: (line) => void logLines.push(line) } },
);

describe('security headers', () => {
  it('are on every response, API and pages alike, errors included', async ({ t }) => {
    const answers = [
      ...['/api/health', '/', '/pricing', '/api/nope', '/api/characters'].map((path) =>
        fetch(t.url + path),
      ),
      // Malformed JSON: refused before any route runs.
      fetch(`${t.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name": ',
      }),
    ];
    for (const res of await Promise.all(answers)) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });
});

describe('API errors', () => {
  it('answers unknown /api paths with JSON 404, never the app shell', async ({ t }) => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await fetch(`${t.url}/api/does-not-exist`, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(await res.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers malformed JSON with 400 and a message', async ({ t }) => {
    const res = await fetch(`${t.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe('The request body is not valid JSON.');
  });

  it('answers deeply nested JSON with 400 on every route, the auth ones included', async ({
    t,
  }) => {
    const user = await t.signedInUser();
    const deepObject = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const deepArray = '['.repeat(5000) + ']'.repeat(5000);
    const routes = [
      '/api/auth/sign-in/email',
      '/api/auth/update-user',
      '/api/auth/change-password',
      '/api/auth/request-password-reset',
      '/api/auth/reset-password',
      '/api/auth/sign-up/email',
      '/api/characters',
      '/api/contact',
    ];
    for (const route of routes) {
      for (const body of [deepObject, deepArray]) {
        const res = await user.post(route, body);
        expect(res.status, route).toBe(400);
        expect(res.json.message).toBe('The request body is nested too deeply (at most 32 levels).');
      }
    }
    // Brackets inside strings are text, not nesting.
    const res = await t.client().post('/api/contact', {
      name: 'Ada',
      email: 'ada@example.com',
      message: `${'[{'.repeat(200)} \\" ${'[{'.repeat(200)}`,
    });
    expect(res.status).not.toBe(400);
  });

  it('answers a NUL character in a path or a query, and an id too large for its column, with 400', async ({
    t,
  }) => {
    const user = await t.signedInUser();
    for (const res of [
      await user.get('/api/conversations?query=%00'),
      await user.put('/api/themes/%00/activate', {}),
      await user.delete('/api/themes/a%00b'),
    ]) {
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('Text must not contain NUL characters.');
    }
    const report = await user.post('/api/reports', { characterId: 2 ** 31, reason: 'other' });
    expect(report.status).toBe(400);
  });

  it('answers an oversized body with 413', async ({ t }) => {
    const res = await fetch(`${t.url}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', email: 'a@b.co', message: 'x'.repeat(100_000) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/too large/);
  });
});

describe('origin check', () => {
  it('refuses a state-changing request with cookies from another site', async ({ t }) => {
    const c = await t.signedInUser();
    const res = await c.put(
      '/api/user-profile',
      { name: 'Mallory', gender: 'Other' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect((await c.get('/api/user-profile')).status).toBe(404);
    const noOrigin = await c.put(
      '/api/user-profile',
      { name: 'M', gender: 'Other' },
      { origin: '' },
    );
    expect(noOrigin.status).toBe(403);
    // The router decodes the path: the API spelled otherwise is checked as well.
    const spelled = await c.put(
      '/%61pi/user-profile',
      { name: 'Mallory', gender: 'Other' },
      { origin: 'https://evil.example' },
    );
    expect(spelled.status).toBe(403);
    expect((await c.get('/api/user-profile')).status).toBe(404);
    const ok = await c.put('/api/user-profile', { name: 'Real', gender: 'Other' });
    expect(ok.status).toBe(200);
  });
});

describe('checkout before billing exists', () => {
  it('needs a session, then says billing is not configured', async ({ t }) => {
    expect((await t.client().post('/api/checkout', { priceId: 'basic' })).status).toBe(401);
    const c = await t.signedInUser();
    const res = await c.post('/api/checkout', { priceId: 'basic' });
    expect(res.status).toBe(503);
    expect(res.json.message).toBe('Billing is not configured');
  });
});

describe('password change', () => {
  it('revokes every other session unless the user keeps them (decision 0025)', async ({ t }) => {
    const email = 'changer@example.com';
    const first = await t.signedInUser(email, { via: 'sign-up' });
    const second = t.client();
    await second.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect((await second.get('/api/auth/get-session')).json?.user.email).toBe(email);

    const res = await first.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a brand new passphrase',
    });
    expect(res.status).toBe(200);
    expect((await second.get('/api/auth/get-session')).json).toBeNull();
    expect((await first.get('/api/auth/get-session')).json?.user.email).toBe(email);
  });
});

describe('logs', () => {
  it('never contain passwords, session tokens or verification tokens', async ({ t }) => {
    const c = await t.signedInUser('logged@example.com', {
      password: 'secret-passphrase-xyz',
      via: 'sign-up',
    });
    await c.post('/api/contact', {
      name: 'L',
      email: 'l@example.com',
      message: 'private words 123',
    });
    // With no SMTP server the outbox line deliberately carries the link, so a local user can
    // verify; every other line must be free of secrets.
    const all = logLines.filter((l) => !l.includes('mail written to outbox')).join('\n');
    expect(all.length).toBeGreaterThan(0);
    expect(all).toContain('/api/auth/sign-in/email');
    expect(all).not.toContain('secret-passphrase-xyz');
    expect(all).not.toContain('private words 123');
    const token = c.cookieHeader.match(/session_token=([^.;]+)/)![1]!;
    expect(all).not.toContain(token);
    expect(all).not.toMatch(/verify-email\?token=/);
  });
});

describe('static files and the app shell', () => {
  it('serves the shell for client routes (200) and for unknown paths (404)', async ({ t }) => {
    for (const path of ['/', '/pricing', '/chat', '/chat/12', '/privacy-policy']) {
      const res = await fetch(t.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<div id="root">');
    }
    const missing = await fetch(`${t.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and sends them pre-compressed', async ({ t }) => {
    const br = await fetch(`${t.url}/assets/app-Ab12Cd34.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(await br.text()).toContain('fixture bundle'); // fetch decodes it
    const gz = await fetch(`${t.url}/assets/app-Ab12Cd34.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // Files outside the build's list are not files: the build's manifest, a path that leaves the
    // folder, a near miss of a real name.
    for (const path of [
      '/.vite/manifest.json',
      '/assets/../../package.json',
      '/assets/APP-Ab12Cd34.js',
    ]) {
      const res = await fetch(t.url + path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('"isEntry"');
    }
  });
});

describe("each page's shell names what the page will fetch", () => {
  const links = (html: string, rel: string) =>
    [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) =>
      m[1]!.replace(/&amp;/g, '&'),
    );

  it("preloads the page's own chunks (not the entry's, not those it loads later)", async ({
    t,
  }) => {
    const chat = await (await fetch(`${t.url}/chat/5?character=3`)).text();
    expect(links(chat, 'modulepreload')).toEqual([
      '/assets/ChatPage-Ch11Ch11.js',
      '/assets/api-Ap11Ap11.js',
    ]);
    const pricing = await (await fetch(`${t.url}/pricing`)).text();
    expect(links(pricing, 'modulepreload')).toEqual(['/assets/PricingPage-Pr11Pr11.js']);
    const missing = await fetch(`${t.url}/no/such/page`);
    expect(missing.status).toBe(404);
    expect(links(await missing.text(), 'modulepreload')).toEqual([
      '/assets/NotFoundPage-Nf11Nf11.js',
    ]);
  });

  it("names the mode chooser's chunk where the page opens a character without a conversation", async ({
    t,
  }) => {
    const page = async (address: string, cookie?: string) =>
      links(
        await (await fetch(`${t.url}${address}`, cookie ? { headers: { cookie } } : {})).text(),
        'modulepreload',
      );
    const session = 'reverie.session_token=any';
    // Its own chunk and what it imports beyond the chat page's chunks, once.
    const chooser = ['/assets/ModeChooser-Mc11Mc11.js', '/assets/avatar-Av11Av11.js'];
    const chatPage = ['/assets/ChatPage-Ch11Ch11.js', '/assets/api-Ap11Ap11.js'];
    expect(await page('/chat?character=3', session)).toEqual([...chatPage, ...chooser]);
    expect(await page('/chat', `${session}; ${LAST_CHARACTER_COOKIE}=3`)).toEqual([
      ...chatPage,
      ...chooser,
    ]);
    // An open conversation, no character, or no session: the chooser is not drawn first.
    expect(await page('/chat/5?character=3', session)).toEqual(chatPage);
    expect(await page('/chat', session)).toEqual(chatPage);
    expect(await page('/chat?character=3')).toEqual(chatPage);
  });

  it("names a signed-in chat page's first API reads, each of which answers that user", async ({
    t,
  }) => {
    const signedOut = await fetch(`${t.url}/chat`);
    expect(signedOut.headers.get('vary')).toMatch(/cookie/i);
    expect(links(await signedOut.text(), 'preload')).toEqual([]);

    const client = await t.signedInUser();
    expect(
      (await client.post('/api/user-profile', { name: 'Reader', gender: 'Female' })).status,
    ).toBeLessThan(300);
    const created = await client.post('/api/characters', {
      name: 'Selene',
      description: 'A moonlit poet with a sharp wit who keeps the old lighthouse.',
      gender: 'female',
      personality: 'Playful, literate, teases gently and quotes poetry.',
    });
    expect(created.status, created.text).toBe(201);
    const character = created.json as { id: number };
    // (No model here, so no conversation: its two reads are checked by name.)
    const conversationPage = await fetch(`${t.url}/chat/41?character=${character.id}`, {
      headers: { cookie: client.cookieHeader },
    });
    expect(links(await conversationPage.text(), 'preload')).toEqual(
      expect.arrayContaining(['/api/conversations/41', '/api/conversations/41/messages?limit=50']),
    );
    const html = await (
      await fetch(`${t.url}/chat?character=${character.id}`, {
        headers: { cookie: client.cookieHeader },
      })
    ).text();
    const reads = links(html, 'preload').filter((href) => href.startsWith('/api/'));
    expect(reads).toEqual(firstReadUrls('/chat', `?character=${character.id}`));
    expect(reads).toContain(`/api/characters/${character.id}`);
    for (const read of reads) {
      const res = await client.get(read);
      expect(res.status, read).toBe(200);
    }
    // A returning reader's plain /chat opens the character remembered in its cookie: its reads
    // are named too. Only an id is read from that cookie; anything else names nothing more.
    const remembered = async (value: string) =>
      links(
        await (
          await fetch(`${t.url}/chat`, {
            headers: { cookie: `${client.cookieHeader}; ${LAST_CHARACTER_COOKIE}=${value}` },
          })
        ).text(),
        'preload',
      ).filter((href) => href.startsWith('/api/'));
    expect(await remembered(String(character.id))).toEqual(
      firstReadUrls('/chat', `?character=${character.id}`),
    );
    for (const value of ['', 'abc', '-1', '1e3', '99999999999', '%3Cscript%3E', '"1"']) {
      expect(await remembered(value), value).toEqual(firstReadUrls('/chat', ''));
    }
    // The landing page and the other public pages read nothing of the user's.
    const landing = await (
      await fetch(`${t.url}/`, { headers: { cookie: client.cookieHeader } })
    ).text();
    expect(links(landing, 'preload').filter((href) => href.startsWith('/api/'))).toEqual([]);
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const other = await startTestApp();
    await other.database.close();
    const res = await fetch(`${other.url}/api/health`);
    expect(res.status).toBe(503);
    expect((await res.json()).status).toBe('unavailable');
    await other.close();
  });
});
