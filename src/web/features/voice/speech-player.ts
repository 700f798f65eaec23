import type { QueryClient } from '@tanstack/react-query';
import type { SiteStatus } from '../../../shared/site/contract';
import { getSiteStatus } from '../../../shared/site/endpoints';
import { speakMessage } from '../../../shared/voice/endpoints';
import { toast } from '../../components/ui/toast';
import { ApiError, urlOf } from '../../lib/api';
import { errorOf } from '../../lib/transfer';
import { CREDITS_KEY } from '../chat-data/api';

/**
 * The page's one voice (issue 50): a character's message read aloud, starting with the first
 * sentence the server has made (MediaSource), or, where the browser cannot feed audio/mpeg in
 * pieces (iPhone Safari), once the whole file is here. Starting another message stops the one
 * playing. A message heard once in this page plays again from memory, with no request.
 *
 * Not a mutation (decision 0013's rule for writes): the answer is audio fed to one player that
 * auto-play shares, outside any component. Where the operator charges for it, the credits left
 * are read again when the server answers (taken) and once the request is over (given back when
 * the voice failed or was stopped before its end).
 */

export type PlayState = 'idle' | 'loading' | 'playing';

const BROKEN = 'The voice stopped before the end. Please try again.';
const UNREACHABLE = 'The voice could not be loaded. Please check your connection and try again.';
/** How many finished recordings are kept for a replay (a few minutes of audio each at most). */
const KEPT = 20;

let session: { messageId: number; state: PlayState; abort: AbortController } | null = null;
let audio: HTMLAudioElement | null = null;
let objectUrl: string | null = null;
const finished = new Map<string, Blob>();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** What a message's Listen button shows. */
export const stateOf = (messageId: number): PlayState =>
  session?.messageId === messageId ? session.state : 'idle';

/** Silence: the request under way is dropped, the sound stops. */
export function stop() {
  if (!session) return;
  session.abort.abort();
  session = null;
  audio?.pause();
  if (objectUrl) URL.revokeObjectURL(objectUrl);
  objectUrl = null;
  emit();
}

/** Asks for the audio; a refusal rejects with the server's message. */
async function fetchSpeech(messageId: number, signal: AbortSignal): Promise<Response> {
  const response = await fetch(urlOf(speakMessage, { messageId }), {
    method: speakMessage.method,
    credentials: 'include',
    signal,
  });
  if (response.ok && response.body) return response;
  const data: unknown = await response.json().catch(() => null);
  throw errorOf(response, data, 'This message could not be read aloud.');
}

interface Player {
  /** Still the page's voice (not stopped, nor replaced by another message). */
  live: () => boolean;
  load: (src: string) => void;
  start: () => void;
}

/**
 * How long after a voice stopped before its end the credits are read again: the server gives the
 * charge back once it sees the listener gone, a moment after the browser has let go.
 */
const REFUND_SEEN_MS = 1_000;

/**
 * After a request for the voice: the credits left, where Listen costs some. voice-api.ts's
 * useTranscribe does the same for voice input; one shared module would be a chunk of its own,
 * named in /chat's first load (tests/build/chat-budget.test.ts), for five lines.
 */
function creditsMayHaveChanged(client: QueryClient, stopped = false) {
  const status = client.getQueryData<SiteStatus>([getSiteStatus.path]);
  if (!status?.features?.speechCredits) return;
  const read = () => void client.invalidateQueries({ queryKey: CREDITS_KEY });
  if (stopped) setTimeout(read, REFUND_SEEN_MS);
  else read();
}

/**
 * Plays `messageId` (whose text is `content`: an edited message is new audio); `client` is the
 * app's, whose credits a charged voice changes; `auto` when no one pressed Listen.
 */
export async function playMessage(
  client: QueryClient,
  messageId: number,
  content: string,
  auto = false,
) {
  stop();
  const mine = { messageId, state: 'loading' as PlayState, abort: new AbortController() };
  session = mine;
  emit();
  const element = (audio ??= new Audio());
  element.onended = () => void (session === mine && stop());
  const player: Player = {
    live: () => session === mine,
    load: (src) => void (element.src = objectUrl = src),
    start: () =>
      void element.play().then(
        () => void (session === mine && ((mine.state = 'playing'), emit())),
        (error: unknown) => {
          if (session !== mine) return;
          stop();
          refused(error, client, messageId, content, auto);
        },
      ),
  };
  const key = `${messageId}\n${content}`;
  const keep = (blob: Blob) => {
    finished.delete(key);
    finished.set(key, blob);
    for (const old of finished.keys()) if (finished.size > KEPT) finished.delete(old);
  };
  // Whether the server was asked, and whether it answered: a failure after that is a stream that
  // broke midway.
  let asked = false;
  let answered = false;
  try {
    let blob = finished.get(key);
    if (!blob) {
      asked = true;
      const response = await fetchSpeech(messageId, mine.abort.signal);
      answered = true;
      creditsMayHaveChanged(client);
      if (window.MediaSource?.isTypeSupported('audio/mpeg')) {
        return await streamInto(response, player, keep);
      }
      blob = new Blob([await response.blob()], { type: 'audio/mpeg' });
      if (blob.size === 0) throw new Error(BROKEN);
      keep(blob);
      if (!player.live()) return;
    }
    player.load(URL.createObjectURL(blob));
    player.start();
  } catch (error) {
    if (!player.live()) return; // stopped: nothing to say
    stop();
    const title = error instanceof ApiError ? error.message : answered ? BROKEN : UNREACHABLE;
    toast({ title, variant: 'destructive' });
  } finally {
    if (asked) creditsMayHaveChanged(client, !player.live());
  }
}

const once = (target: EventTarget, event: string) =>
  new Promise<void>((resolve) => target.addEventListener(event, () => resolve(), { once: true }));

/**
 * Each piece appended as it comes, playback started with the first: the first sentence is heard
 * while the next are made. A stream that breaks after some sound lets that sound finish and says
 * the rest is missing (that recording is not kept); `done` gets the whole file.
 */
async function streamInto(response: Response, player: Player, done: (whole: Blob) => void) {
  const source = new MediaSource();
  const opened = once(source, 'sourceopen');
  player.load(URL.createObjectURL(source));
  await opened;
  const buffer = source.addSourceBuffer('audio/mpeg');
  // MP3 frames carry no timestamps: each piece follows the last.
  buffer.mode = 'sequence';
  const reader = response.body!.getReader();
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  for (;;) {
    let read: ReadableStreamReadResult<Uint8Array<ArrayBuffer>>;
    try {
      read = await reader.read();
    } catch (error) {
      if (!player.live() || pieces.length === 0) throw error;
      source.endOfStream();
      return void toast({ title: BROKEN, variant: 'destructive' });
    }
    if (!player.live()) return;
    if (read.done) break;
    pieces.push(read.value);
    buffer.appendBuffer(read.value);
    await once(buffer, 'updateend');
    if (pieces.length === 1) player.start();
  }
  if (pieces.length === 0) throw new Error(BROKEN);
  source.endOfStream();
  done(new Blob(pieces, { type: 'audio/mpeg' }));
}

/** play() refused: without a press the browser may forbid sound; the toast's button is one. */
function refused(
  error: unknown,
  client: QueryClient,
  messageId: number,
  content: string,
  auto: boolean,
) {
  if (!(error instanceof DOMException && error.name === 'NotAllowedError')) {
    return void toast({ title: 'This browser could not play the voice.', variant: 'destructive' });
  }
  toast({
    title: auto
      ? 'Your browser did not let the reply play by itself. Press Listen to hear it.'
      : 'Your browser did not let the voice play. Press Listen to try again.',
    action: { label: 'Listen', onClick: () => void playMessage(client, messageId, content) },
  });
}
