import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';

/**
 * A local push service (issue 52): what Chrome's or Firefox's push service is to a browser. It
 * takes Web Push messages over real HTTP at /push/<id> and records them; a test decrypts a
 * message's payload with the keys of the "browser" it subscribed (http_ece, the library web-push
 * itself encrypts with), as the browser would. It answers 201, or the status a test sets for an
 * endpoint (404 or 410: the subscription is gone).
 */

// http_ece has no types; it comes with web-push.
const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(
    buffer: Buffer,
    params: { version: string; privateKey: ECDH; authSecret: string },
  ): Buffer;
};

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A "browser": its subscription JSON (as PushSubscription.toJSON()) and what decrypts for it. */
export interface FakeBrowser {
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The payloads this browser received, decrypted and parsed, oldest first. */
  received(): unknown[];
}

export interface PushServiceDouble {
  url: string;
  pushes: ReceivedPush[];
  browser(): FakeBrowser;
  /** Answers `status` to every message for this endpoint from now on. */
  answer(endpoint: string, status: number): void;
  reset(): void;
  stop(): Promise<void>;
}

export async function startPushService(): Promise<PushServiceDouble> {
  const pushes: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  let browsers = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      pushes.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    pushes,
    browser() {
      const path = `/push/${++browsers}`;
      const keys = createECDH('prime256v1');
      keys.generateKeys();
      const auth = randomBytes(16).toString('base64url');
      return {
        subscription: {
          endpoint: `${url}${path}`,
          keys: { p256dh: keys.getPublicKey().toString('base64url'), auth },
        },
        received: () =>
          pushes
            .filter((p) => p.path === path)
            .map((p) =>
              JSON.parse(
                ece
                  .decrypt(p.body, { version: 'aes128gcm', privateKey: keys, authSecret: auth })
                  .toString('utf8'),
              ),
            ),
      };
    },
    answer(endpoint, status) {
      statuses.set(new URL(endpoint).pathname, status);
    },
    reset() {
      pushes.length = 0;
      statuses.clear();
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
