/**
 * `npm run dev`: the Vite dev server with hot reload on WEB_PORT (default 5173), proxying /api to
 * the API server, which runs in watch mode on API_PORT (default 3001). Open the Vite address.
 */
import { spawn } from 'node:child_process';

const webPort = process.env.WEB_PORT ?? '5173';
const apiPort = process.env.API_PORT ?? '3001';
const env = {
  ...process.env,
  WEB_PORT: webPort,
  API_PORT: apiPort,
  PORT: apiPort,
  // Links in mails and the Origin check use the address the browser sees.
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
};

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    env,
    stdio: 'inherit',
  }),
  spawn('npx', ['vite', '--strictPort'], { env, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && stop()));
