import { randomInt } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * Work started at a random moment within this long after its answer has gone. Work that only
 * some requests bring (an account's reset token, and the mail-delivery job the queued mail wakes
 * at once) would otherwise slow the very next request on a PGlite server, where every statement
 * waits its turn: a request sent right after a reset request was measured 4 ms slower for an
 * address with an account before the answer went first, 10 ms with the work right after it.
 */
const SPREAD_MS = 500;

/**
 * Work that a request goes on with after its answer (or after the client has gone), never
 * before: 'Forgot password?' answers every address alike and at once, and only then does the
 * address get looked up. `settle()` waits for all of it (the server's close).
 */
export function afterAnswers() {
  const pending = new Set<Promise<void>>();
  return {
    run(reply: FastifyReply, work: () => Promise<void>) {
      let started = false;
      const start = () => {
        if (started) return;
        started = true;
        const run: Promise<void> = new Promise<void>((resolve) => {
          setTimeout(resolve, randomInt(SPREAD_MS));
        })
          .then(work)
          .catch((err: unknown) => reply.log.error({ err }, 'work after the answer failed'))
          .finally(() => pending.delete(run));
        pending.add(run);
      };
      reply.raw.once('finish', start);
      reply.raw.once('close', start);
    },
    async settle() {
      await Promise.allSettled([...pending]);
    },
  };
}
