import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          // Pure logic: the files share a worker's modules (39 s against 15 s, 2026-11-29).
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.tsx'],
          // The web app's hooks in a DOM; requests go to a local stand-in on 127.0.0.1.
          environment: 'jsdom',
          // The files share a worker's modules and its DOM, each test leaving a clean page
          // (setup.ts): a new DOM and a new import of the app for each of 19 files was 60 % of the
          // step's time (85 s against 31 s, 152 CPU-s against 57, 2026-11-29).
          isolate: false,
          // Three workers: a web test mostly waits (its stand-in's answers, timers), and one
          // worker left the cores idle over half of the step (47 s, 36 CPU-s busy, against 25 s
          // with three, 2026-11-30).
          maxWorkers: 3,
          // Over setup.ts's 5 s for a findBy: a wait that runs out says what was on the page,
          // instead of the test's own limit cutting it off (staff-reports' first read on a
          // loaded machine took that long, 2026-12-03).
          testTimeout: 15_000,
          setupFiles: ['tests/web/setup.ts'],
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
          // Each file starts its own app and database. More files at a time than cores: a file
          // waits on its database, its stand-ins and timers part of the time. On PGlite three
          // took 175 s against 197 s with two (four: 174); on PostgreSQL, whose work is done in
          // its own processes, four took 115 s against 155 s with two (three: 135), on this
          // 2-core machine, 2026-11-30. SERVER_TEST_WORKERS overrides.
          maxWorkers: Number(
            process.env.SERVER_TEST_WORKERS ?? (process.env.TEST_DATABASE_URL ? 4 : 3),
          ),
          // Files share a worker's modules: each file still starts its own app on its own copy
          // of the database, and state is per app, never per module. Importing the app again for
          // each of 39 files was 78 s of the suite's CPU; 179 s instead of 264 s back to back
          // (2026-11-28).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits on work another request or a job does: up to 10 s, not Vitest's
          // 1 s, which a busy 2-core machine (three or four files at once) can pass.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: { name: 'redis', include: ['tests/redis/**/*.test.ts'], environment: 'node' },
      },
      {
        // Three server processes on one PostgreSQL and one Redis (issue 44 item 5).
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
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
