import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

const root = path.resolve(__dirname);

/** A folder of this run in `variable` (unless the caller gave one): made here, inherited by the workers, removed when the run ends. */
function runFolder(variable: string, prefix: string): void {
  if (process.env[variable]) return;
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  process.env[variable] = dir;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}

/**
 * The run's folder of migrated and seeded template databases (test/test-db.ts). TEST_TEMPLATE_DIR=off makes
 * every file migrate and seed its own.
 */
if (process.env.TEST_TEMPLATE_DIR === 'off') delete process.env.TEST_TEMPLATE_DIR;
else runFolder('TEST_TEMPLATE_DIR', 'reagent-test-templates-');
/** The run's data folder (uploaded files, the outbox), given to every file by test/data-dir.ts. */
runFolder('TEST_DATA_DIR', 'reagent-test-data-');
/**
 * The run's transformed modules: the five projects import much the same modules, and each would transform them
 * again; kept on disk, a module is transformed once a run (keyed by its content and the transform's settings).
 * A folder of this run only, so no run reads what another transformed.
 */
runFolder('TEST_MODULE_CACHE_DIR', 'reagent-test-modules-');
const shared = {
  resolve: {
    alias: {
      '@': path.join(root, 'src'),
      'server-only': path.join(root, 'test/empty-module.ts'),
    },
  },
};

/**
 * The API test files that replace a module (`vi.mock`), relative to the root: each runs with a fresh module
 * registry of its own. Every other API file shares its worker's modules with the files run before it
 * (`isolate: false`): importing the whole server again for each file was a third of the suite's time. The
 * files hold their state in their own database and app instance; what else a process holds is a replaced
 * module (hence these files' isolation) and the in-process rate-limit counters (emptied before each file by
 * test/fresh-file.ts). ADR 0051.
 */
function apiFilesThatMock(dir = 'src'): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return apiFilesThatMock(file);
    return entry.name.endsWith('.api.test.ts') && /\bvi\.(do)?mock\(/.test(readFileSync(path.join(root, file), 'utf8')) ? [file] : [];
  });
}
const mocking = apiFilesThatMock();

/**
 * The unit test files that replace or spy on a module, stub a global or the environment, fake the clock,
 * set a variable of the process or make routers of their own (whose endpoints join the process's registry,
 * which the OpenAPI document lists), relative to the root: each runs with a fresh module registry of its own
 * (`unit-isolated`). Every other unit file shares its worker's modules with the unit files before it
 * (`unit`, `isolate: false`): a worker process and a module registry made again for each of some ninety
 * files was a third of the unit project's processor time (ADR 0051 did the same for the API files).
 */
const TOUCHES_SHARED_STATE = /\bvi\.(do)?mock\(|\bvi\.(stubGlobal|stubEnv|spyOn|useFakeTimers|mocked)\b|process\.env(\.\w+|\[[^\]]+\])\s*=[^=]|delete process\.env|globalThis\.\w+\s*=[^=]|defineProperty\(globalThis|\bcreateRouter\(/;
function unitFilesThatTouchSharedState(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : unitFilesThatTouchSharedState(file);
    const unit = entry.name.endsWith('.test.ts') && !entry.name.endsWith('.api.test.ts');
    return unit && TOUCHES_SHARED_STATE.test(readFileSync(path.join(root, file), 'utf8')) ? [file] : [];
  });
}
const unitIsolated = ['src', 'scripts', 'test'].flatMap((dir) => unitFilesThatTouchSharedState(dir));
const unitTest = {
  include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
  setupFiles: ['test/data-dir.ts'],
  env: { LOG_LEVEL: 'silent' },
  testTimeout: 30_000,
  hookTimeout: 120_000,
};

/**
 * API integration tests run on PGlite always, and on PostgreSQL when TEST_DATABASE_URL is set: per
 * driver a project of the files that share modules (`api-<driver>`) and one of those that mock
 * (`api-<driver>-mocks`, isolated).
 */
const integrationOn = (driver: 'pglite' | 'postgres', mocks: boolean) => ({
  ...shared,
  test: {
    name: `api-${driver}${mocks ? '-mocks' : ''}`,
    include: mocks ? mocking : ['src/**/*.api.test.ts'],
    exclude: [...configDefaults.exclude, ...(mocks ? [] : mocking)],
    isolate: mocks,
    setupFiles: mocks ? ['test/data-dir.ts'] : ['test/data-dir.ts', 'test/fresh-file.ts'],
    env: { TEST_DB_DRIVER: driver, LOG_LEVEL: 'silent' },
    // Drops the run's template databases when the whole run ends (one project holds it).
    ...(driver === 'postgres' && !mocks ? { globalSetup: ['test/templates-teardown.ts'] } : {}),
    testTimeout: 30_000,
    // A file's first hook may make the run's template database of its size (migrations and the seed): on a
    // busy two-core machine that alone can take two minutes.
    hookTimeout: 300_000,
  },
});

if (!process.env.TEST_DATABASE_URL) {
  console.info('api-postgres: skipped — set TEST_DATABASE_URL=postgres://user@host:5432/db to run the API suite on PostgreSQL too');
}

const drivers = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

export default defineConfig({
  test: {
    experimental: { fsModuleCache: true, fsModuleCachePath: process.env.TEST_MODULE_CACHE_DIR },
    // One test file per core. Vitest's default leaves a core to its own process (one worker on two
    // cores), but the files spend much of their time waiting on a database, and the main process is idle.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { ...shared, test: { ...unitTest, name: 'unit', exclude: [...configDefaults.exclude, 'src/**/*.api.test.ts', ...unitIsolated], isolate: false } },
      ...(unitIsolated.length > 0 ? [{ ...shared, test: { ...unitTest, name: 'unit-isolated', include: unitIsolated, isolate: true } }] : []),
      ...drivers.flatMap((driver) => [integrationOn(driver, false), ...(mocking.length > 0 ? [integrationOn(driver, true)] : [])]),
    ],
  },
});
