import { describe, expect } from 'vitest';
import { appTest } from '../support/server-fixtures';

const it = appTest()
  .extend('alice', { scope: 'file' }, async ({ t }) => {
    const alice = await t.signedInUser('alice@example.com');
    await alice.post('/api/user-profile', { name: 'Alice', gender: 'Female' });
    return alice;
  })
  .extend('bob', { scope: 'file' }, ({ t }) => t.signedInUser('bob@example.com'))
  .extend(
    'aliceId',
    { scope: 'file' },
    async ({ alice }) => (await alice.get('/api/auth/get-session')).json.user.id as string,
  );

describe('identity comes from the session only', () => {
  it("does not show one user's profile to another", async ({ alice, bob }) => {
    expect((await bob.get('/api/user-profile')).status).toBe(404);
    expect((await alice.get('/api/user-profile')).json.name).toBe('Alice');
  });

  it('ignores an X-User-Id header', async ({ alice, bob, aliceId }) => {
    const res = await bob.get('/api/user-profile', { 'x-user-id': aliceId });
    expect(res.status).toBe(404);
    await bob.put('/api/user-profile', { name: 'Bob', gender: 'Male' }, { 'x-user-id': aliceId });
    expect((await alice.get('/api/user-profile')).json.name).toBe('Alice');
    expect((await bob.get('/api/user-profile')).json.name).toBe('Bob');
  });

  it('answers 401 to signed-out requests, with or without X-User-Id', async ({ t, aliceId }) => {
    const anon = t.client();
    expect((await anon.get('/api/user-profile')).status).toBe(401);
    expect((await anon.get('/api/user-profile', { 'x-user-id': aliceId })).status).toBe(401);
    const post = await anon.post('/api/user-profile', { name: 'X', gender: 'Male' });
    expect(post.status).toBe(401);
    expect(post.json.message).toMatch(/sign in/i);
  });

  it('ends one user’s session without touching the other’s', async ({ alice, bob }) => {
    await bob.post('/api/logout');
    expect((await bob.get('/api/user-profile')).status).toBe(401);
    expect((await alice.get('/api/user-profile')).status).toBe(200);
  });
});
