import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(__dirname);

/**
 * The run's folder of migrated and seeded template databases (test/test-db.ts): made here, inherited by
 * the workers, removed when the run ends. TEST_TEMPLATE_DIR=off makes every file migrate and seed its own.
 */
if (process.env.TEST_TEMPLATE_DIR === 'off') delete process.env.TEST_TEMPLATE_DIR;
else if (!process.env.TEST_TEMPLATE_DIR) {
  const dir = mkdtempSync(path.join(tmpdir(), 'reagent-test-templates-'));
  process.env.TEST_TEMPLATE_DIR = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
const shared = {
  resolve: {
    alias: {
      '@': path.join(root, 'src'),
      'server-only': path.join(root, 'test/empty-module.ts'),
    },
  },
};

/** API integration tests run on PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set. */
const integrationOn = (driver: 'pglite' | 'postgres') => ({
  ...shared,
  test: {
    name: `api-${driver}`,
    include: ['src/**/*.api.test.ts'],
    env: { TEST_DB_DRIVER: driver, LOG_LEVEL: 'silent' },
    ...(driver === 'postgres' ? { globalSetup: ['test/templates-teardown.ts'] } : {}),
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

if (!process.env.TEST_DATABASE_URL) {
  console.info('api-postgres: skipped — set TEST_DATABASE_URL=postgres://user@host:5432/db to run the API suite on PostgreSQL too');
}

export default defineConfig({
  test: {
    // One test file per core. Vitest's default leaves a core to its own process (one worker on two
    // cores), but the files spend much of their time waiting on a database, and the main process is idle.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        ...shared,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/**/*.api.test.ts'],
          env: { LOG_LEVEL: 'silent' },
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      integrationOn('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [integrationOn('postgres')] : []),
    ],
  },
});
