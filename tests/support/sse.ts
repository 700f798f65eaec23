import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** One Server-Sent Event as a test reads it (its data parsed). */
export interface ReadEvent {
  event: string;
  id: string | undefined;
  data: any;
}

/**
 * Reads a response's events until `enough` says so (then drops the connection, as a phone losing
 * its network) or to its end. A response that is not an event stream (a refusal as JSON, say)
 * fails here with its status and body, not later as "no events".
 */
export async function readEvents(
  response: Response,
  enough: (events: ReadEvent[]) => boolean = () => false,
): Promise<ReadEvent[]> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.startsWith('text/event-stream'))
    throw new Error(
      `Expected an event stream, got ${response.status} ${type}: ${await response.text()}`,
    );
  const events: ReadEvent[] = [];
  const parser = createParser({
    onEvent: (m: EventSourceMessage) =>
      events.push({ event: m.event ?? 'message', id: m.id, data: JSON.parse(m.data) }),
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    parser.feed(value);
    if (enough(events)) {
      await reader.cancel();
      return events;
    }
  }
}

/** The reply's text the `token` events told. */
export const textOf = (events: ReadEvent[]) =>
  events
    .filter((e) => e.event === 'token')
    .map((e) => e.data.text as string)
    .join('');
