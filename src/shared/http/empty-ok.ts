/**
 * The query that asks for a normal "nothing yet" as a 200 answer. The spec gives two reads an
 * error status for an ordinary state: GET /api/user-profile answers 404 before a profile is
 * saved, POST /api/credit-check 403 with no credits left. A browser logs every such answer as a
 * failed request (a red line in the console on normal pages, issue 45), so the web app asks with
 * `?empty=ok` and gets 200: `null` for the profile, `{ creditsLeft: 0 }` for the check. Without
 * the query the spec's statuses stay, for the clients and tests that rely on them. A paused
 * account's 403 on the credit check is a refusal, not an empty state, and stays either way.
 *
 * Zod-free, so the chat page's first load can name it (the schema is `emptyOkQuery` in
 * responses.ts).
 */
export const EMPTY_OK = { empty: 'ok' } as const;
