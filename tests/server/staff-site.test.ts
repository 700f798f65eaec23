import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAINTENANCE_MESSAGE } from '../../src/shared/site/contract';
import { staffAudit } from '../../src/server/db/schema';
import { startLlmDouble, type LlmDouble } from '../doubles/llm-server';
import { enrolTwoFactor, makeStaff } from '../support/two-factor';
import type { TestClient } from './support/http-client';
import { makeImage } from './support/images';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * The operator's settings (issue 48 parts 5 and 6): the brand (name, images, every page's HTML,
 * the e-mails), the maintenance switch that pauses replies, and the announcement; staff look,
 * admins change, every call audited.
 */

const TWO_FACTOR_REQUIRED = {
  message: 'Set up two-factor authentication to use the staff console.',
  code: 'TWO_FACTOR_REQUIRED',
  setupUrl: '/account#two-factor',
};
const ADMIN_ONLY = 'Only an admin can change this.';

const BRAND = {
  name: 'Lumen',
  tagline: 'Stories that remember',
  supportEmail: 'help@lumen.example',
  legalEntity: 'Lumen Labs Ltd',
  defaultThemeId: 'ultra-dark',
};
const hour = 3600_000;
const announcement = (startsIn: number, endsIn: number) => ({
  text: 'Scheduled upgrade on Sunday.',
  startsAt: new Date(Date.now() + startsIn).toISOString(),
  endsAt: new Date(Date.now() + endsIn).toISOString(),
});

/** Every new admin route, with a body each would accept. */
const ADMIN_ROUTES: [method: 'get' | 'put' | 'delete' | 'post', path: string, body?: unknown][] = [
  ['get', '/api/admin/brand'],
  ['put', '/api/admin/brand', BRAND],
  ['post', '/api/admin/brand/logo', {}],
  ['delete', '/api/admin/brand/logo'],
  ['get', '/api/admin/site'],
  ['put', '/api/admin/maintenance', { enabled: false, message: '' }],
  ['put', '/api/admin/announcement', { announcement: null }],
];

let t: TestApp;
let llm: LlmDouble;
let admin: TestClient;
let adminId: string;
let moderator: TestClient;

const idOf = async (c: TestClient) => (await c.get('/api/auth/get-session')).json.user.id as string;

async function staff(role: 'admin' | 'moderator', twoFactor = true) {
  const c = await t.signedInUser();
  const id = await idOf(c);
  await makeStaff(t.database.db, id, role);
  if (twoFactor) await enrolTwoFactor(c);
  return { c, id };
}

const send = (c: TestClient, [method, path, body]: (typeof ADMIN_ROUTES)[number]) =>
  method === 'get' || method === 'delete' ? c[method](path) : c[method](path, body);

beforeAll(async () => {
  llm = await startLlmDouble();
  answerAgeReviewsAsAdult(llm);
  t = await startTestApp({ LLM_BASE_URL: llm.url, LLM_MODELS: 'big-405b' });
  ({ c: admin, id: adminId } = await staff('admin'));
  ({ c: moderator } = await staff('moderator'));
});
afterAll(async () => {
  await t?.close();
  await llm?.stop();
});

describe('who may use the settings', () => {
  it('is not there for users; staff without two-factor are told to set it up', async () => {
    const user = await t.signedInUser();
    const { c: unenrolled } = await staff('admin', false);
    for (const call of ADMIN_ROUTES) {
      expect((await send(user, call)).status, call.join(' ')).toBe(404);
      expect((await send(t.client(), call)).status, call.join(' ')).toBe(404);
      const refused = await send(unenrolled, call);
      expect(refused.status, call.join(' ')).toBe(403);
      expect(refused.json, call.join(' ')).toEqual(TWO_FACTOR_REQUIRED);
    }
  });

  it('lets a moderator look but not change anything', async () => {
    expect((await moderator.get('/api/admin/brand')).status).toBe(200);
    expect((await moderator.get('/api/admin/site')).status).toBe(200);
    for (const call of ADMIN_ROUTES.filter(([method]) => method !== 'get')) {
      const refused =
        call[0] === 'post'
          ? await moderator.upload(call[1], await makeImage('png'))
          : await send(moderator, call);
      expect(refused.status, call.join(' ')).toBe(403);
      expect(refused.json.message).toBe(ADMIN_ONLY);
    }
    expect((await t.client().get('/api/brand')).json.name).toBe('Reverie');
  });
});

describe('the brand', () => {
  it('is public, and an admin’s change is saved, audited and shown at once', async () => {
    const before = await t.client().get('/api/brand');
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({ name: 'Reverie', logoUrl: null, faviconUrl: null });

    const saved = await admin.put('/api/admin/brand', BRAND);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json).toEqual({ ...BRAND, logoUrl: null, faviconUrl: null });
    expect((await t.client().get('/api/brand')).json).toEqual(saved.json);
    expect((await moderator.get('/api/admin/brand')).json.name).toBe('Lumen');

    const audit = await t.database.db
      .select()
      .from(staffAudit)
      .where(and(eq(staffAudit.actorId, adminId), eq(staffAudit.action, 'PUT /api/admin/brand')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorRole: 'admin', details: { body: BRAND } });
  });

  it('refuses bad bodies with the fields to fix', async () => {
    const cases: [unknown, string][] = [
      [{ ...BRAND, name: '  ' }, 'name'],
      [{ ...BRAND, name: 'x'.repeat(41) }, 'name'],
      [{ ...BRAND, name: 'Two\nlines' }, 'name'],
      [{ ...BRAND, supportEmail: 'not an address' }, 'supportEmail'],
      [{ ...BRAND, defaultThemeId: 'no-such-theme' }, 'defaultThemeId'],
    ];
    for (const [body, path] of cases) {
      const res = await admin.put('/api/admin/brand', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    expect((await t.client().get('/api/brand')).json.name).toBe('Lumen');
  });

  it('goes into every page’s title and head, escaped', async () => {
    const page = await t.client().get('/chat');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Lumen test shell</title>');
    const element = page.text.match(
      /<script type="application\/json" id="reverie-brand">(.*?)<\/script>/,
    );
    expect(JSON.parse(element![1]!)).toMatchObject({ name: 'Lumen', tagline: BRAND.tagline });
    expect(page.text.indexOf('id="reverie-brand"')).toBeLessThan(page.text.indexOf('</head>'));

    // A name that tries to close the element stays text.
    await admin.put('/api/admin/brand', { ...BRAND, name: 'Lu</script><b>' });
    const tricky = await t.client().get('/');
    expect(tricky.text).not.toContain('</script><b>');
    expect(tricky.text).toContain('<title>Lu&#60;/script&#62;&#60;b&#62; test shell</title>');
    expect(tricky.text).toContain('"name":"Lu\\u003c/script>\\u003cb>"');
    await admin.put('/api/admin/brand', BRAND);
    expect((await t.client().get('/')).text).toContain('<title>Lumen test shell</title>');
  });

  it('names the product in e-mails', async () => {
    const existing = `taken-${Date.now()}@example.com`;
    await t.signedInUser(existing);
    const signUp = await t.client().post('/api/auth/sign-up/email', {
      name: '',
      email: existing,
      password: 'a long and unusual passphrase 4 tests',
      acceptTerms: true,
      acceptPrivacy: true,
    });
    expect(signUp.status, signUp.text).toBe(200);
    const mail = t.outbox().findLast((m) => m.raw.includes(existing));
    expect(mail?.raw).toMatch(/Subject: You already have a Lumen account/);
  });
});

describe('the logo and favicon', () => {
  it('uploads a real image, serves it with its type and a versioned address, and removes it', async () => {
    const png = await makeImage('png', 120, 40);
    const up = await admin.upload('/api/admin/brand/logo', png, 'logo.png', 'image/png');
    expect(up.status, up.text).toBe(200);
    expect(up.json.logoUrl).toMatch(/^\/api\/brand\/logo\?v=\d+$/);
    expect(up.json.faviconUrl).toBeNull();
    expect((await t.client().get('/api/brand')).json.logoUrl).toBe(up.json.logoUrl);

    const served = await fetch(new URL(up.json.logoUrl, t.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 120, height: 40 });
    // Re-encoded: the camera data of the upload is gone.
    expect(meta.exif).toBeUndefined();

    const favicon = await admin.upload('/api/admin/brand/favicon', await makeImage('webp', 64, 64));
    expect(favicon.status, favicon.text).toBe(200);
    expect(favicon.json.logoUrl).toBe(up.json.logoUrl);
    const page = await t.client().get('/');
    expect(page.text).toContain(`<link rel="icon" href="${favicon.json.faviconUrl}">`);

    const removed = await admin.delete('/api/admin/brand/logo');
    expect(removed.status).toBe(200);
    expect(removed.json).toMatchObject({ logoUrl: null, faviconUrl: favicon.json.faviconUrl });
    expect((await t.client().get('/api/brand/logo')).status).toBe(404);
    expect((await t.client().get('/api/brand/favicon')).status).toBe(200);
    expect((await t.client().get('/api/brand/banner')).status).toBe(404);
  });

  it('refuses SVG, text and files over 1 MB', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const refusedSvg = await admin.upload(
      '/api/admin/brand/logo',
      svg,
      'logo.svg',
      'image/svg+xml',
    );
    expect(refusedSvg.status).toBe(400);
    const text = Buffer.from('just some words');
    expect((await admin.upload('/api/admin/brand/favicon', text, 'a.png')).status).toBe(400);
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(1024 * 1024 + 10)]);
    const tooBig = await admin.upload('/api/admin/brand/logo', big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.message).toBe('The image must be smaller than 1 MB.');
    expect((await t.client().get('/api/brand')).json.logoUrl).toBeNull();
  });
});

describe('the web app manifest', () => {
  const manifest = async () => {
    const res = await t.client().get('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    return JSON.parse(res.text) as {
      name: string;
      short_name: string;
      theme_color: string;
      icons: { src: string; sizes: string }[];
    } & Record<string, unknown>;
  };
  const png = async (url: string) => {
    const res = await fetch(new URL(url, t.url));
    expect(res.status, url).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    return { meta, cacheControl: res.headers.get('cache-control') };
  };

  it('carries the brand’s name, tagline and theme colour, as every page’s theme-color does', async () => {
    await admin.delete('/api/admin/brand/favicon');
    expect(await manifest()).toMatchObject({
      name: 'Lumen',
      short_name: 'Lumen',
      description: BRAND.tagline,
      start_url: '/chat',
      display: 'standalone',
      theme_color: '#0b0b10',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      ],
    });

    await admin.put('/api/admin/brand', {
      ...BRAND,
      name: 'Lumen Companion Studio',
      defaultThemeId: 'deep-forest',
    });
    expect(await manifest()).toMatchObject({
      name: 'Lumen Companion Studio',
      short_name: 'Lumen',
      theme_color: '#0a140f',
      background_color: '#0a140f',
    });
    expect((await t.client().get('/chat')).text).toContain(
      '<meta name="theme-color" content="#0a140f" />',
    );
    await admin.put('/api/admin/brand', BRAND);
  });

  it('draws an uploaded favicon as square app icons, and the built-in ones once it is removed', async () => {
    const up = await admin.upload('/api/admin/brand/favicon', await makeImage('png', 90, 60));
    expect(up.status, up.text).toBe(200);
    const version = up.json.faviconUrl.split('?v=')[1];
    const { icons } = await manifest();
    expect(icons.map((i) => i.src)).toEqual([
      `/api/brand/icons/192?v=${version}`,
      `/api/brand/icons/512?v=${version}`,
    ]);
    const large = await png(icons[1]!.src);
    expect(large.meta).toMatchObject({ format: 'png', width: 512, height: 512, hasAlpha: true });
    expect(large.cacheControl).toContain('immutable');
    const bare = await png('/api/brand/icons/192');
    expect(bare.meta).toMatchObject({ width: 192, height: 192 });
    expect(bare.cacheControl).toBe('no-cache');
    expect((await t.client().get('/api/brand/icons/100')).status).toBe(404);

    await admin.delete('/api/admin/brand/favicon');
    expect((await manifest()).icons[0]!.src).toBe('/icon-192.png');
    expect((await t.client().get('/api/brand/icons/192')).status).toBe(404);
  });
});

describe('maintenance', () => {
  it('pauses replies with the message, takes no credit, and keeps the rest working', async () => {
    const user = await t.signedInUser();
    const character = await user.post('/api/characters', {
      name: 'Selene',
      description: 'A moonlit poet with a sharp wit.',
      gender: 'female',
      personality: 'Playful and literate.',
    });
    expect(character.status, character.text).toBe(201);
    const created = await user.post('/api/conversations', {
      characterId: character.json.id,
      chatMode: 'texting',
    });
    const conversationId = created.json.id as number;
    const credits = async () => (await user.get('/api/get-credits')).json.credits as number;
    const before = await credits();

    const on = await admin.put('/api/admin/maintenance', {
      enabled: true,
      message: 'Back at 18:00 UTC.',
    });
    expect(on.status, on.text).toBe(200);
    expect(on.json.maintenance).toEqual({ enabled: true, message: 'Back at 18:00 UTC.' });

    llm.reset();
    const paused = await user.post('/api/chat', { message: 'hello?', conversationId });
    expect(paused.status).toBe(503);
    expect(paused.json.message).toBe('Back at 18:00 UTC.');
    expect(paused.headers.get('retry-after')).toBe('300');
    const story = await user.post('/api/generate-options', { conversationId });
    expect(story.status).toBe(503);
    // Staff are not exempt.
    expect((await admin.post('/api/chat', { message: 'hi', conversationId })).status).toBe(503);
    expect(llm.requests).toHaveLength(0);
    expect(await credits()).toBe(before);
    expect((await user.get(`/api/conversations/${conversationId}/messages`)).json).toEqual([]);
    expect((await user.get('/api/conversations')).status).toBe(200);
    expect((await user.get('/api/site/status')).json.maintenance.enabled).toBe(true);

    // No message of its own: the default one.
    await admin.put('/api/admin/maintenance', { enabled: true, message: '' });
    const byDefault = await user.post('/api/chat', { message: 'hello?', conversationId });
    expect(byDefault.json.message).toBe(DEFAULT_MAINTENANCE_MESSAGE);

    await admin.put('/api/admin/maintenance', { enabled: false, message: '' });
    llm.script({ content: 'I am here.' });
    const reply = await user.post('/api/chat', { message: 'hello?', conversationId });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.json.message).toBe('I am here.');
    expect(await credits()).toBe(before - 1);
  });

  it('refuses bad bodies', async () => {
    const res = await admin.put('/api/admin/maintenance', { enabled: 'yes', message: '' });
    expect(res.status).toBe(400);
    expect(res.json.issues.map((i: { path: string }) => i.path)).toContain('enabled');
    const long = await admin.put('/api/admin/maintenance', {
      enabled: true,
      message: 'x'.repeat(281),
    });
    expect(long.status).toBe(400);
    expect((await admin.get('/api/admin/site')).json.maintenance.enabled).toBe(false);
  });
});

describe('the announcement', () => {
  it('shows to signed-in users only inside its window', async () => {
    const user = await t.signedInUser();
    const now = announcement(-hour, hour);
    const set = await admin.put('/api/admin/announcement', { announcement: now });
    expect(set.status, set.text).toBe(200);
    expect(set.json.announcement).toEqual(now);
    expect((await user.get('/api/site/status')).json).toEqual({
      announcement: now,
      maintenance: { enabled: false, message: '' },
      features: {
        voiceInput: false,
        transcriptionCredits: 0,
        voiceReplies: false,
        speechCredits: 0,
        pictures: false,
        pictureCredits: 0,
      },
    });
    expect((await t.client().get('/api/site/status')).status).toBe(401);

    const later = announcement(hour, 2 * hour);
    await admin.put('/api/admin/announcement', { announcement: later });
    expect((await user.get('/api/site/status')).json.announcement).toBeNull();
    // The console still shows it, to come.
    expect((await moderator.get('/api/admin/site')).json.announcement).toEqual(later);

    await admin.put('/api/admin/announcement', { announcement: announcement(-2 * hour, -hour) });
    expect((await user.get('/api/site/status')).json.announcement).toBeNull();

    await admin.put('/api/admin/announcement', { announcement: null });
    expect((await admin.get('/api/admin/site')).json.announcement).toBeNull();
  });

  it('refuses an end before its start, and empty text', async () => {
    const backwards = await admin.put('/api/admin/announcement', {
      announcement: announcement(hour, -hour),
    });
    expect(backwards.status).toBe(400);
    expect(backwards.json.issues.map((i: { path: string }) => i.path)).toContain(
      'announcement.endsAt',
    );
    const empty = await admin.put('/api/admin/announcement', {
      announcement: { ...announcement(0, hour), text: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.issues.map((i: { path: string }) => i.path)).toContain('announcement.text');
  });
});
