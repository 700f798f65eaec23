import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '../../shared/routes';
import {
  brandedShells,
  hasSessionCookie,
  loadAppShells,
  withFirstReads,
  type ShellBrand,
} from './app-shell';

const ONE_YEAR_SECONDS = 31_536_000;
const ONE_HOUR_SECONDS = 3600;

/** The service worker's script (src/web/sw.ts, built by vite.config.ts): asked for at `/sw.js`. */
const SERVICE_WORKER = '/sw.js';

/**
 * Hashed build output never changes; the shell must always be fresh, and so must the service
 * worker (a browser asks for it again to learn of a new version, and an hour-old copy would keep
 * the old one); other files briefly.
 */
function cacheControlFor(filePath: string): string {
  if (filePath.endsWith('index.html') || filePath.endsWith(`${path.sep}sw.js`)) return 'no-cache';
  if (filePath.includes(`${path.sep}assets${path.sep}`)) {
    return `public, max-age=${ONE_YEAR_SECONDS}, immutable`;
  }
  return `public, max-age=${ONE_HOUR_SECONDS}`;
}

/** The build's files as URL paths ('/assets/x.js'), without dotfiles such as Vite's manifest. */
function listFiles(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const rel = `${dir}/${entry.name}`;
    return entry.isDirectory() ? listFiles(root, rel) : [rel];
  });
}

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else
 * revalidated; pre-compressed .br/.gz files when the browser accepts them. Any non-API path gets
 * the app shell so client-side routes work on reload (naming its page's chunks, see ./app-shell);
 * unknown paths get it with a 404 status.
 * Unknown /api paths get a JSON 404, never the shell.
 */
export async function registerStatic(
  app: FastifyInstance,
  webDir: string,
  /** The operator's brand, put into every page's HTML (see ./app-shell, withBrand). */
  brand?: () => Promise<ShellBrand>,
) {
  const hasBuild = existsSync(path.join(webDir, 'index.html'));
  const shells = hasBuild ? loadAppShells(webDir) : null;
  const plainShells = shells?.shellFor;
  const shellFor =
    plainShells && brand
      ? brandedShells(plainShells, brand)
      : plainShells && (async (pathname: string) => plainShells(pathname));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      // Files are served by the route below, through reply.sendFile.
      serve: false,
      preCompressed: true,
      index: false,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControlFor(filePath));
      },
    });
    // The build does not change while the server runs: its file list is read once, and a path is
    // served only when it is one of them (anything else falls to the app shell below). The
    // plugin's own wildcard route checks each path's spelling with a directory listing of every
    // folder on it, two `readdir` calls of some 450 names per script on every page load (decision
    // 0020); one route per file instead would register hundreds of routes at every start (0019).
    const files = new Set(listFiles(webDir));
    app.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler(request, reply) {
        const { pathname } = new URL(request.url, 'http://x');
        if (!files.has(pathname)) return reply.callNotFound();
        return reply.sendFile(pathname.slice(1));
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const { pathname, search } = new URL(request.url, 'http://x');
    // Without a built worker there is none to register: a 404, never the shell as its script.
    if (pathname.startsWith('/api/') || pathname === '/api' || pathname === SERVICE_WORKER) {
      return reply.status(404).send({ message: 'Not found' });
    }
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !shellFor) {
      return reply
        .status(404)
        .send({ message: hasBuild ? 'Not found' : 'The web app is not built. Run npm start.' });
    }
    const shell = await shellFor(pathname);
    // A signed-in browser is also told the page's first API reads (an absent or expired session
    // costs those few requests a 401 each). The links depend on the cookies (the session's
    // presence, the last character's id): Vary.
    const html = hasSessionCookie(request.headers.cookie)
      ? withFirstReads(shell, pathname, search, request.headers.cookie, shells?.modeChooserLinks)
      : shell;
    return reply
      .status(isClientRoute(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .send(html);
  });
}
