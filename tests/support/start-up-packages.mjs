/**
 * Prints, as JSON, the packages (node_modules folders) that the server's start-up imports:
 * main.ts's own imports and the modules it loads while the database opens. Run with
 * `node --import tsx` (tests/server/start-up-packages.test.ts). A resolve hook sees every import
 * of an ES module, ours and the packages'; CommonJS packages' own require() calls are not seen,
 * and need not be: what matters is that our code does not import a package at start-up.
 */
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';

const { port1, port2 } = new MessageChannel();
const resolved = new Set();
port1.on('message', (url) => resolved.add(url));
const hooks = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const answer = await next(specifier, context);
  port.postMessage(answer.url);
  return answer;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
  data: { port: port2 },
  transferList: [port2],
});

const server = new URL('../../src/server/', import.meta.url);
for (const file of [
  'config.ts',
  'data-dir-lock.ts',
  'db/client.ts',
  'lifecycle.ts',
  'terminal.ts',
  'app.ts',
  'jobs/index.ts',
  'startup-notices.ts',
]) {
  await import(new URL(file, server).href);
}
// The hooks' thread posts each answer before the import it answers goes on: one more turn for
// the last messages to arrive.
await new Promise((resolve) => setTimeout(resolve, 200));
port1.close();
const packages = new Set(
  [...resolved].flatMap((url) => url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)?.slice(-1) ?? []),
);
console.log(JSON.stringify([...packages].map((p) => p.replace('node_modules/', '')).sort()));
