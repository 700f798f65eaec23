import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { startS3Double } from '../doubles/s3-server';
import { llmAppTest } from '../support/server-fixtures';
import { makeImage, makePixelFlood } from './support/images';
import { answerAgeReviewsAsAdult } from './support/llm';
import { startTestApp, type TestApp } from './support/test-app';

const character = {
  name: 'Nova',
  description: 'A starship engineer with a warm laugh.',
  gender: 'female',
  personality: 'Curious, practical, flirts through technical jargon.',
};

const it = llmAppTest((llm) => ({
  LLM_BASE_URL: llm.url,
  LLM_MODELS: 'big-405b',
  IMAGE_MODEL: 'img-1',
}));
it.beforeAll(({ llm }) => {
  answerAgeReviewsAsAdult(llm);
});

const localFile = (t: TestApp, fileName: string) => path.join(t.dataDir, 'avatars', fileName);

describe('POST /api/avatars', () => {
  it.for(['png', 'jpeg', 'webp'] as const)(
    'stores a real %s re-encoded, without metadata, under a random name',
    async (format, { t, user }) => {
      const image = await makeImage(format);
      expect((await sharp(image).metadata()).exif).toBeDefined();
      const res = await user.upload(
        '/api/avatars',
        image,
        `my-holiday-photo.${format}`,
        `image/${format}`,
      );
      expect(res.status, res.text).toBe(200);
      expect(res.json.success).toBe(true);
      expect(res.json.fileName).toMatch(
        new RegExp(`^[\\w-]{20,}\\.(${format === 'jpeg' ? 'jpg' : format})$`),
      );
      expect(res.json.fileName).not.toContain('holiday');
      expect(res.json.url).toBe(`/avatars/${res.json.fileName}`);

      const served = await fetch(t.url + res.json.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(served.headers.get('content-type')).toBe(`image/${format}`);
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect(meta.format).toBe(format);
      expect(meta.width).toBe(64);
      expect(meta.exif).toBeUndefined();
    },
  );

  it('refuses files over 5 MB with the spec message', async ({ user }) => {
    const big = Buffer.concat([await makeImage('png'), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await user.upload('/api/avatars', big);
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('File size must be less than 5MB');
  });

  it('judges the type by the bytes, not the name', async ({ user }) => {
    const fake = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const res = await user.upload('/api/avatars', fake, 'innocent.png', 'image/png');
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Only JPEG, PNG, and WebP images are allowed');
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'binary');
    expect((await user.upload('/api/avatars', gif, 'a.jpg', 'image/jpeg')).status).toBe(400);
  });

  it('refuses a pixel flood without decoding it', async ({ user }) => {
    const res = await user.upload('/api/avatars', await makePixelFlood(), 'flood.png');
    expect(res.status).toBe(400);
    expect(res.json.message).toMatch(/too many pixels/);
  });

  it('refuses malformed multipart bodies with 400', async ({ user }) => {
    const noBoundary = await user.post('/api/avatars', Buffer.from('garbage'), {
      'content-type': 'multipart/form-data',
    });
    expect(noBoundary.status).toBe(400);
    const cutOff = await user.post(
      '/api/avatars',
      Buffer.from('--xyz\r\nContent-Disposition: form-'),
      {
        'content-type': 'multipart/form-data; boundary=xyz',
      },
    );
    expect(cutOff.status).toBe(400);
  });

  it('keeps the file a character ends up showing when two replacements race', async ({
    t,
    user,
  }) => {
    const x = (await user.upload('/api/avatars', await makeImage('png'))).json.fileName;
    const y = (await user.upload('/api/avatars', await makeImage('png'))).json.fileName;
    const { id } = (await user.post('/api/characters', { ...character, avatarImage: x })).json;
    await Promise.all([
      user.put(`/api/characters/${id}`, { avatarImage: y }),
      user.put(`/api/characters/${id}`, { avatarImage: x }),
    ]);
    const shown = (await user.get(`/api/characters/${id}`)).json.avatarImage;
    expect(existsSync(localFile(t, shown))).toBe(true);
    expect((await fetch(`${t.url}/avatars/${shown}`)).status).toBe(200);
  });

  it('needs a signed-in user and a file field', async ({ t, user }) => {
    const png = await makeImage('png');
    expect((await t.client().upload('/api/avatars', png)).status).toBe(401);
    const wrongField = await user.upload('/api/avatars', png, 'a.png', 'image/png', 'picture');
    expect(wrongField.status).toBe(400);
  });

  it('removes the old file when a character’s avatar is replaced or the character deleted', async ({
    t,
    user,
  }) => {
    const first = (await user.upload('/api/avatars', await makeImage('png'))).json.fileName;
    const second = (await user.upload('/api/avatars', await makeImage('webp'))).json.fileName;
    const { id } = (await user.post('/api/characters', { ...character, avatarImage: first })).json;
    expect((await user.get(`/api/characters/${id}`)).json.avatarUrl).toBe(`/avatars/${first}`);

    await user.put(`/api/characters/${id}`, { avatarImage: second });
    expect(existsSync(localFile(t, first))).toBe(false);
    expect(existsSync(localFile(t, second))).toBe(true);

    await user.put(`/api/characters/${id}`, { avatarImage: null, avatarColor: 'ocean' });
    expect(existsSync(localFile(t, second))).toBe(false);
    expect((await user.get(`/api/characters/${id}`)).json).toMatchObject({
      avatarImage: null,
      avatarUrl: null,
      avatarColor: 'ocean',
    });

    const third = (await user.upload('/api/avatars', await makeImage('jpeg'))).json.fileName;
    const other = await user.post('/api/characters', { ...character, avatarImage: third });
    await user.delete(`/api/characters/${other.json.id}`);
    expect(existsSync(localFile(t, third))).toBe(false);
  });

  it('does not let one user attach another user’s upload', async ({ t, user }) => {
    const stranger = await t.signedInUser();
    const theirs = (await stranger.upload('/api/avatars', await makeImage('png'))).json.fileName;
    const res = await user.post('/api/characters', { ...character, avatarImage: theirs });
    expect(res.status).toBe(400);
    expect(existsSync(localFile(t, theirs))).toBe(true);
  });

  it('serves only well-formed avatar names', async ({ t }) => {
    expect((await fetch(`${t.url}/avatars/..%2F..%2Fauth-secret`)).status).toBe(404);
    expect((await fetch(`${t.url}/avatars/missing-file-0001.png`)).status).toBe(404);
  });
});

describe('POST /api/generate-avatar', () => {
  it('calls the images endpoint and stores the picture like an upload', async ({
    t,
    llm,
    user,
  }) => {
    llm.script({ image: await makeImage('png', 256, 256) });
    const res = await user.post('/api/generate-avatar', { prompt: 'a silver-haired space pilot' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ success: true, imageUrl: `/avatars/${res.json.fileName}` });
    const request = llm.requests.at(-1)!;
    expect(request.path).toBe('/v1/images/generations');
    expect(request.body.model).toBe('img-1');
    expect(request.body.prompt).toContain('a silver-haired space pilot');
    expect(request.body.prompt).toMatch(/adult/);
    expect(existsSync(localFile(t, res.json.fileName))).toBe(true);
  });

  it('needs a non-blank prompt', async ({ user }) => {
    const res = await user.post('/api/generate-avatar', { prompt: '   ' });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Please describe what you want first.');
  });

  it('answers 502 when the image provider fails', async ({ llm, user }) => {
    llm.script({ status: 500, body: 'boom' });
    const res = await user.post('/api/generate-avatar', { prompt: 'a knight' });
    expect(res.status).toBe(502);
  });

  it('says when avatar generation is not configured', async () => {
    const plain = await startTestApp();
    try {
      const c = await plain.signedInUser();
      const res = await c.post('/api/generate-avatar', { prompt: 'a knight' });
      expect(res.status).toBe(503);
      expect(res.json.message).toBe('Avatar generation is not configured');
    } finally {
      await plain.close();
    }
  });
});

describe('S3-compatible storage', () => {
  it('puts avatars in the bucket with cache control, links them publicly and deletes them', async () => {
    const s3 = await startS3Double();
    const app = await startTestApp(s3.env);
    try {
      const c = await app.signedInUser();
      const res = await c.upload('/api/avatars', await makeImage('png'));
      expect(res.status, res.text).toBe(200);
      const key = `avatars/${res.json.fileName}`;
      expect(res.json.url).toBe(`${s3.endpoint}/${s3.bucket}/${key}`);
      const stored = s3.objects.get(key)!;
      expect(stored.contentType).toBe('image/png');
      expect(stored.cacheControl).toBe('public, max-age=3600');
      expect((await sharp(stored.body).metadata()).format).toBe('png');
      // The page may show images from the bucket.
      const csp = (await fetch(app.url + '/')).headers.get('content-security-policy')!;
      expect(csp).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);

      const { id } = (
        await c.post('/api/characters', { ...character, avatarImage: res.json.fileName })
      ).json;
      await c.delete(`/api/characters/${id}`);
      expect(s3.objects.has(key)).toBe(false);
    } finally {
      await app.close();
      await s3.stop();
    }
  });
});
