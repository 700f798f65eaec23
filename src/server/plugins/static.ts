import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '../../shared/routes';
import { hasSessionCookie, loadAppShells, withFirstReads } from './app-shell';

const ONE_YEAR_SECONDS = 31_536_000;
const ONE_HOUR_SECONDS = 3600;

/** Hashed build output never changes; the shell must always be fresh; other files briefly. */
function cacheControlFor(filePath: string): string {
  if (filePath.endsWith('index.html')) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    return `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
  }
  return `public, max-age=${ONE_HOUR_SECONDS}`;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else
 * revalidated; pre-compressed .br/.gz files when the browser accepts them. Any non-API path gets
 * the app shell so client-side routes work on reload (naming its page's chunks, see ./app-shell);
 * unknown paths get it with a 404 status.
 * Unknown /api paths get a JSON 404, never the shell.
 */
export async function registerStatic(app: FastifyInstance, webDir: string) {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  const shellFor = hasBuild ? loadAppShells(webDir) : null;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      // One route for every path: a missing file falls to the app shell below. (Routes per file
      // would list all 200 files and register 400 routes at every start.)
      wildcard: true,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControlFor(filePath));
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const { pathname, search } = new URL(request.url, 'http://x');
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.status(404).send({ message: 'Not found' });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !shellFor) {
      return reply
        .status(404)
        .send({ message: hasBuild ? 'Not found' : 'The web app is not built. Run npm start.' });
    }
    const shell = shellFor(pathname);
    // A signed-in browser is also told the page's first API reads (an absent or expired session
    // costs those few requests a 401 each). The links depend on the cookie's presence: Vary.
    const html = hasSessionCookie(request.headers.cookie)
      ? withFirstReads(shell, pathname, search)
      : shell;
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
