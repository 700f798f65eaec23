import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/**
 * Packages of optional or rarely used features load on first use, not at start-up (decision
 * 0019; docs/architecture.md): each would cost every start its load time whether or not the
 * feature is used, and a restart must take under a second (issue 16 item 7).
 */
const LOADED_ON_FIRST_USE = [
  'sharp', // the first avatar, card export, brand icon or picture
  '@aws-sdk/client-s3', // S3 storage's first file
  'nodemailer', // the first mail
  'ioredis', // only with REDIS_URL
  'openai', // the first model call that is not a streamed reply
  'stripe', // only with billing configured
  '@zxcvbn-ts/core', // the first password checked
  'pg-boss', // the job queue, started after the server listens (decision 0036)
];

const root = path.resolve(import.meta.dirname, '../..');

it('the server starts without loading the packages of features it has not used yet', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'tests/support/start-up-packages.mjs'],
    { cwd: root },
  );
  const loaded = JSON.parse(stdout) as string[];
  // The probe sees the start-up's packages at all (else an empty list would pass).
  expect(loaded).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm', 'better-auth']));
  expect(loaded.filter((name) => LOADED_ON_FIRST_USE.includes(name))).toEqual([]);
}, 60_000);
