import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const integration = (name: 'pglite' | 'postgres') => ({
  test: {
    name,
    include: ['apps/server/test/**/*.test.ts'],
    // Tests of the embedded database itself run once, with the embedded database,
    // and tests of PostgreSQL-only features (LISTEN/NOTIFY across processes) run only on PostgreSQL.
    exclude: name === 'postgres' ? ['apps/server/test/pglite-*.test.ts'] : ['apps/server/test/postgres-*.test.ts'],
    env: { TEST_DB: name },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel workers; each has its own database.
    pool: 'forks' as const,
    // Each file in a fresh fork, though sharing one would save import time: docs/decisions/107.
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on CI's 2-core machines. The
    // integration files spend much of their time waiting on servers, child processes and the database, so
    // two workers there finish the suite in about two thirds of the time (930 → 625 s, all passing).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
        },
      },
      integration('pglite'),
      integration('postgres'),
    ],
  },
});
