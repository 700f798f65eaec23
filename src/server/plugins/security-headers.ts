import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every response. The Content-Security-Policy allows only our own scripts;
 * inline styles are allowed because UI primitives position popovers with style attributes.
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: Record<string, string>) {
  // Fastify writes these with the response's own headers; setting them one by one on the
  // socket's response object cost more per request. Added when the answer is sent, not when the
  // request arrives: a streamed reply (hijacked, it writes its own head with ctx.securityHeaders)
  // then keeps no copy of them on its reply for as long as the model thinks.
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(headers);
    done(null, payload);
  });
}

/**
 * The headers helmet chooses for our options, worked out once: they are the same for every
 * response, so there is no reason to compute them again per request.
 */
export function securityHeaders(
  publicUrl: string,
  /** Other origins images load from (an S3 bucket's public address). */
  imageOrigins: (string | undefined)[] = [],
): Readonly<Record<string, string>> {
  const https = publicUrl.startsWith('https://');
  const options: HelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...imageOrigins.filter((o): o is string => !!o)],
        fontSrc: ["'self'", 'data:'],
        // Voice replies play from a MediaSource or a downloaded file: both are blob: addresses.
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the password checker's worker, both our own files.
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet's middleware is synchronous today; refuse to start without headers if that changes.
  if (!finished || !headers['content-security-policy']) {
    throw new Error('security headers could not be worked out');
  }
  return Object.freeze(headers);
}
