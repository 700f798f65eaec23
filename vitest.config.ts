import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx'],
          // The web app's hooks in a DOM; requests go to a local stand-in on 127.0.0.1.
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // The database is migrated once per run; each file gets a copy of it (a template
          // database on PostgreSQL, a dumped data directory on PGlite).
          globalSetup: ['tests/support/database-template.ts'],
          // Each file starts its own app and database; two at a time suits a 2-core machine.
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'redis', include: ['tests/redis/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/build/global-setup.ts'],
        },
      },
    ],
  },
});
