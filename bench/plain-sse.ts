/**
 * Section 2's second reference, the one issue 12 names beside its target ("plain Node SSE writes
 * reach about 4,000"): a Fastify route that writes a reply's tokens as Server-Sent Events from a
 * timer of its own, one `event: token` block every `delayMs` — no model behind it, no session, no
 * database, each block made once. The benchmark's clients read it as they read the app. Its answer
 * is what this machine sustains when writing the streams is all a server does; the bare relay's
 * adds reading the model's stream (and the LLM double's work in the load process).
 */
import { performance } from 'node:perf_hooks';
import Fastify from 'fastify';

/** The route's one path: a POST answered with the reply's tokens. */
export const PLAIN_SSE_PATH = '/plain';

/** `words`: the reply's tokens, one per block, as the LLM double sends them one per chunk. */
export async function startPlainSse(words: string[], delayMs: number) {
  const blocks = words.map(
    (word, i) => `event: token\ndata: ${JSON.stringify({ text: i === 0 ? word : ` ${word}` })}\n\n`,
  );
  const plain = Fastify();
  plain.post(PLAIN_SSE_PATH, (_request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    res.write('event: accepted\ndata: {}\n\n');
    // Block i is due delayMs × (i + 1) after the start, as the double paces its chunks: a timer
    // that fires late (a busy process) writes every block then due, rather than slowing the pace.
    const startedAt = performance.now();
    let next = 0;
    let timer: NodeJS.Timeout;
    const writeDue = () => {
      let due = '';
      while (next < blocks.length && startedAt + delayMs * (next + 1) <= performance.now()) {
        due += blocks[next++];
      }
      if (next === blocks.length) {
        res.end(`${due}event: done\ndata: {}\n\n`);
        return;
      }
      if (due) res.write(due);
      timer = setTimeout(writeDue, startedAt + delayMs * (next + 1) - performance.now());
    };
    timer = setTimeout(writeDue, delayMs);
    res.on('close', () => clearTimeout(timer));
  });
  const url = await plain.listen({ port: 0, host: '127.0.0.1' });
  return { baseUrl: url, close: () => plain.close() };
}
