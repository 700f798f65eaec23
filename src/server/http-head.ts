import type { OutgoingMessage } from 'node:http';

/** Where flattenHead puts its throwaway result, so the conversion cannot be optimised away. */
let sink = 0;

/**
 * Node keeps the head it wrote for a response (or a request) as it built it: a string made of
 * some sixty concatenations, a tree of pieces of 32 bytes each, kept for as long as the message
 * lives. For a streamed reply that is as long as the model takes, twice (our response and our
 * request to the model): about 2.7 KB per open stream (bench section 6). Converting a string to
 * a number makes V8 flatten it in place, so the head becomes one piece and the tree is freed.
 * `_header` is Node's own field; without it this does nothing.
 */
export function flattenHead(message: OutgoingMessage) {
  const head = (message as unknown as { _header?: unknown })._header;
  if (typeof head === 'string') sink ^= Number(head) | 0;
  return sink;
}
