import { eq } from 'drizzle-orm';
import { creditAccount } from '../../../src/server/db/schema';
import type { TestClient } from './http-client';
import type { TestApp } from './test-app';

/** A new signed-in user of `app` with exactly `credits` credits (and their id). */
export async function userWithCredits(app: TestApp, credits: number) {
  const c = await app.signedInUser();
  const id = (await c.get('/api/auth/get-session')).json.user.id as string;
  // Reading them makes the account (with the plan's allowance), then it is set.
  await c.get('/api/get-credits');
  await app.database.db.update(creditAccount).set({ credits }).where(eq(creditAccount.userId, id));
  return { c, id };
}

/** The user's credits as the app says them. */
export const creditsOf = async (c: TestClient) =>
  (await c.get('/api/get-credits')).json.credits as number;
