import type { OutgoingMessage } from 'node:http';

/** Where a head's flattening puts its throwaway result, so it cannot be optimised away. */
let sink = 0;

/** What a sent head is replaced with: Node only asks whether there is one. */
const HEAD_SENT = 'HTTP/1.1 (head sent)\r\n\r\n';

interface NodeHead {
  _header?: unknown;
  _headerSent?: boolean;
}

/**
 * Node keeps the head it wrote for a response (or a request) for as long as the message lives:
 * for a streamed reply that is as long as the model takes, twice (our response and our request
 * to the model). The response's is ~0.8 KB (the security headers), built from some sixty
 * concatenations, a tree of 32-byte pieces (bench section 6, decisions 0027 and 0028).
 *
 * Once the head has gone into the message's output (`_headerSent`), Node reads `_header` only to
 * know that headers were sent (`headersSent`, `writeHead` refusing a second head), so it is
 * replaced with a short constant. Before that it is flattened (converting a string to a number
 * makes V8 flatten it in place, so the tree is freed). `_header` and `_headerSent` are Node's own
 * fields; without them this does nothing.
 */
export function releaseHead(message: OutgoingMessage) {
  const node = message as unknown as NodeHead;
  if (typeof node._header !== 'string') return sink;
  if (node._headerSent === true) node._header = HEAD_SENT;
  else sink ^= Number(node._header) | 0;
  return sink;
}
