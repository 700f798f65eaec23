import { describe, expect, it } from 'vitest';
import { hasCredits } from '../../src/web/features/chat-data/api';
import { profileQuery } from '../../src/web/features/profile/profile-api';
import { firstReadUrls } from '../../src/shared/first-reads';
import { ApiError } from '../../src/web/lib/api';
import { apiTestSetup, json } from './api-double';

/**
 * Issue 45, item 11: a new user without a profile and a user with no messages left are normal
 * states, so the web app asks the reads that would answer them with an error status (404, 403)
 * with `?empty=ok` and gets 200: the browser logs no failed request on normal pages.
 */

const setup = apiTestSetup();

const PAUSED = 'Chat is paused on this account.';
const isPaused = async (error: ApiError) => error.message === PAUSED;

describe('the profile read', () => {
  it('asks with ?empty=ok, at the address the chat page preloads, and reads null as none', async () => {
    setup.api.on('GET /api/user-profile', (_req, _body, res) => json(res, 200, null));
    expect(await setup.client.fetchQuery(profileQuery)).toBeNull();
    const asked = setup.api.requests.map((r) => r.path);
    expect(asked).toEqual(['/api/user-profile?empty=ok']);
    expect(firstReadUrls('/chat', '')).toContain(asked[0]);
  });

  it('gives the saved profile as it came', async () => {
    const saved = { name: 'Riley', gender: 'Other', sexualPreferences: [] };
    setup.api.on('GET /api/user-profile', (_req, _body, res) => json(res, 200, saved));
    expect(await setup.client.fetchQuery(profileQuery)).toEqual(saved);
  });
});

describe('the credit check before a send', () => {
  it('asks with ?empty=ok and reads creditsLeft 0 as none left', async () => {
    setup.api.on('POST /api/credit-check', (_req, _body, res) =>
      json(res, 200, { creditsLeft: 0 }),
    );
    expect(await hasCredits(isPaused)).toBe(false);
    expect(setup.api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/credit-check?empty=ok',
    ]);
  });

  it('says yes with credits left', async () => {
    setup.api.on('POST /api/credit-check', (_req, _body, res) =>
      json(res, 200, { creditsLeft: 3 }),
    );
    expect(await hasCredits(isPaused)).toBe(true);
  });

  it("still reads the spec's 403 as none left, and throws a paused account's as it came", async () => {
    setup.api.on('POST /api/credit-check', (_req, _body, res) =>
      json(res, 403, { message: "Sorry, you're out of credits. Please refill to continue." }),
    );
    expect(await hasCredits(isPaused)).toBe(false);
    setup.api.on('POST /api/credit-check', (_req, _body, res) =>
      json(res, 403, { message: PAUSED }),
    );
    await expect(hasCredits(isPaused)).rejects.toMatchObject({ status: 403, message: PAUSED });
  });

  it('says what went wrong on any other failure', async () => {
    setup.api.on('POST /api/credit-check', (_req, _body, res) =>
      json(res, 500, { message: 'boom' }),
    );
    await expect(hasCredits(isPaused)).rejects.toThrow('Unexpected error during credit check.');
  });
});
