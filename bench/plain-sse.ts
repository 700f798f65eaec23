/**
 * Section 2's second reference, the one issue 12 names beside its target ("plain Node SSE writes
 * reach about 4,000"): a Fastify route that writes a reply's tokens as Server-Sent Events on a
 * timer of its own, one `event: token` block every `delayMs` — no model behind it, no session, no
 * database, each block made once (decision 0040). The benchmark's clients read it as they read
 * the app. Its answer is what this machine sustains when writing the streams is all a server
 * does; the bare relay's adds reading the model's stream (and the LLM double's work in the load
 * process).
 */
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';

/** The route's one path: a POST answered with the reply's tokens. */
export const PLAIN_SSE_PATH = '/plain';

/**
 * `text`: the reply, split as the LLM double splits it into chunks (a word with the whitespace
 * around it, tests/doubles/llm-server.ts), one block per piece.
 */
export async function startPlainSse(text: string, delayMs: number) {
  const blocks = (text.match(/\s*\S+\s*/g) ?? [text]).map(
    (piece) => `event: token\ndata: ${JSON.stringify({ text: piece })}\n\n`,
  );
  const plain = Fastify();
  plain.post(PLAIN_SSE_PATH, (_request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    res.write('event: accepted\ndata: {}\n\n');
    // Block i (from 0) is due delayMs × (i + 1) after the start, as the double paces its chunks:
    // a timer that fires late (a busy process) writes every block then due, in one write, rather
    // than slowing the pace.
    const startedAt = performance.now();
    const dueAt = (block: number) => startedAt + delayMs * (block + 1);
    let next = 0;
    let timer: NodeJS.Timeout;
    const writeDue = () => {
      if (res.destroyed) return; // the client left before its close could clear the timer
      let due = '';
      while (next < blocks.length && dueAt(next) <= performance.now()) due += blocks[next++];
      if (next === blocks.length) {
        res.end(`${due}event: done\ndata: {}\n\n`);
        return;
      }
      if (due) res.write(due);
      timer = setTimeout(writeDue, dueAt(next) - performance.now());
    };
    timer = setTimeout(writeDue, delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  const url = await plain.listen({ port: 0, host: '127.0.0.1' });
  return { baseUrl: url, close: () => plain.close() };
}
