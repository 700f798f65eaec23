/**
 * `npm start`: builds the web app when the build is missing or stale, then starts the server,
 * which applies database migrations before it listens.
 */
import { ensureWebBuild } from './web-build';

process.env.NODE_ENV ??= 'production';
await ensureWebBuild();
await import('../src/server/main');
