/**
 * The streaming reference of `npm run bench` (sections 2 and 6): a Fastify route that relays the
 * model's stream with nothing else — no session, no database, no prompt, no batching — written
 * with plain node:http like the app's own stream reader. Each chunk from the model becomes the
 * same `event: token` blocks the app sends, in one write per chunk, so the benchmark's clients
 * read it as they read the app. Measured on the same machine with the same load process, it is
 * what this machine sustains when the server does the least a relay can.
 */
import http from 'node:http';
import Fastify from 'fastify';

/** The text of each `data:` line of an OpenAI-style chunk, as `event: token` blocks. */
function tokenEvents(chunk: string): string {
  let out = '';
  for (const line of chunk.split('\n')) {
    if (!line.startsWith('data: {')) continue;
    const data = JSON.parse(line.slice(6)) as { choices?: { delta?: { content?: string } }[] };
    const text = data.choices?.[0]?.delta?.content;
    if (text) out += `event: token\ndata: ${JSON.stringify({ text })}\n\n`;
  }
  return out;
}

/** The relay's one route: a POST answered with the model's stream. */
export const RELAY_PATH = '/relay';

/**
 * `prompt`: the request body sent to the model for every reply (a prompt our server sent, so the
 * double reads as much as it does for ours); by default a one-message prompt.
 */
export async function startBareRelay(
  llmUrl: string,
  options: { prompt?: string | undefined } = {},
) {
  const { prompt } = options;
  const agent = new http.Agent({ keepAlive: true });
  const bare = Fastify();
  bare.post(RELAY_PATH, (request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    res.write('event: accepted\ndata: {}\n\n');
    const upstream = http.request(`${llmUrl}/chat/completions`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    });
    upstream.on('response', (answer) => {
      answer.setEncoding('utf8');
      // The double writes whole lines per chunk; a partial line waits for the rest.
      let rest = '';
      answer.on('data', (chunk: string) => {
        const text = rest + chunk;
        const end = text.lastIndexOf('\n') + 1;
        rest = text.slice(end);
        const events = tokenEvents(text.slice(0, end));
        if (events) res.write(events);
      });
      answer.on('end', () => res.end('event: done\ndata: {}\n\n'));
    });
    upstream.on('error', () => res.end());
    const { message } = request.body as { message: string };
    upstream.end(
      prompt ??
        JSON.stringify({
          model: 'm',
          stream: true,
          messages: [{ role: 'user', content: message }],
        }),
    );
  });
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  return {
    /** Base URL; the route is RELAY_PATH. */
    baseUrl: url,
    url: `${url}${RELAY_PATH}`,
    close: async () => {
      await bare.close();
      agent.destroy();
    },
  };
}
