import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Time budgets for every project, in one place, sized for a loaded 2-core machine: a test that
 * passes finishes as soon as it can, so a generous ceiling costs nothing but stops load from
 * turning into failures. Component-test waits (findBy*, waitFor) are raised in the web setup file.
 */
const budget = {
  unit: { testTimeout: 60_000, hookTimeout: 60_000 },
  server: { testTimeout: 90_000, hookTimeout: 180_000 },
  e2e: { testTimeout: 180_000, hookTimeout: 240_000 },
};

/**
 * Workers shared by every project of one run, so the server suites on PGlite and on PostgreSQL and
 * the web suite overlap instead of queueing. At least three even on two cores: a server file spends
 * much of its time waiting on timers, child processes and the PostgreSQL server, and Vitest's
 * default (cores - 1) would leave one of two cores idle. At most six: each PostgreSQL file opens
 * pools of up to ten connections (two apps in the replica suites) against max_connections = 100.
 */
const maxWorkers = Math.min(6, Math.max(3, availableParallelism() - 1));

/**
 * The embedded engine's own suites (the DATA_DIR lock starts servers on PGlite whatever TEST_DB
 * says; the engine and its thread) never touch TEST_DB: they run once, not again beside PostgreSQL.
 */
const embeddedEngineOnly = [
  'test/db/data-dir-lock.test.ts',
  'test/db/pglite-engine.test.ts',
  'test/db/pglite-thread.test.ts',
];

/**
 * Server files that never reach a database: no app, no test database, no shared test helpers
 * (which build apps). Whatever TEST_DB says they test the same code, so they run once, on the
 * PGlite project, not again beside PostgreSQL. Read from the files themselves, so a file that
 * starts using a database runs on both engines again without anyone remembering this list.
 */
const USES_DATABASE =
  /buildTestApp|testDatabase|openDatabase|build\w*App\b|buildBase|TEST_DB|from '\.\.?\/[\w/-]*helpers?'/;
const serverTests = fileURLToPath(new URL('./apps/server/test', import.meta.url));
const databaseFree = readdirSync(serverTests, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => !USES_DATABASE.test(readFileSync(join(serverTests, file), 'utf8')))
  .map((file) => `test/${file}`);

/**
 * Server files that replace modules of the server (vi.mock): they need a module registry of their
 * own, so they run isolated; every other server file shares its worker's loaded modules.
 */
const mocksServerModules = ['test/chat/checks-once.test.ts'];

/**
 * One runner for the whole repo. Server suites run on the embedded PGlite and, when
 * TEST_DATABASE_URL is set (CI), a second time against that PostgreSQL.
 *
 * Server files are not isolated from each other (`isolate: false`): each worker loads the server's
 * code, its dependencies and the engine's compiled WebAssembly once and runs file after file in it,
 * instead of a new process importing everything again for each of some 280 files (the largest part
 * of the suite's time on a 2-core machine). That is safe because a file keeps its state in what it
 * builds (its own app and database, closed in afterAll), not in module variables; the few module
 * caches the server has (compiled WebAssembly, word segmenters) are the same for every file.
 */
const serverProjects = (name: string, databaseUrl: string) => {
  const test = {
    root: './apps/server',
    environment: 'node',
    env: { TEST_DB: databaseUrl },
    ...budget.server,
  };
  // Files run in parallel on both engines: testDatabase() gives each file its own database
  // (PGlite in memory, or a fresh database on the TEST_DB server), and everything else a file
  // shares with others (ports, Redis namespaces, temp folders) is unique per file.
  const skipped = databaseUrl === 'pglite' ? [] : [...embeddedEngineOnly, ...databaseFree];
  return [
    {
      test: {
        ...test,
        name,
        include: ['test/**/*.test.ts'],
        exclude: [...skipped, ...mocksServerModules],
        isolate: false,
      },
    },
    { test: { ...test, name: `${name}-isolated`, include: mocksServerModules } },
  ];
};

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * Browser files run two at a time (E2E_WORKERS to change it): one file alone keeps less than one
 * core busy, most of its time waiting on the browser and the portal. Each worker has a portal of
 * its own (global-setup.ts), so the files of one portal still run one after another.
 */
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          ...budget.unit,
        },
      },
      {
        test: {
          name: 'analytics',
          root: './packages/analytics',
          include: ['test/**/*.test.ts'],
          environment: 'jsdom',
          ...budget.unit,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./test/load-budget.setup.ts'],
          ...budget.unit,
        },
      },
      ...serverProjects('server-pglite', 'pglite'),
      ...(pgUrl ? serverProjects('server-postgres', pgUrl) : []),
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./global-setup.ts'],
          setupFiles: ['./failure-report.setup.ts'],
          environment: 'node',
          ...budget.e2e,
          maxWorkers: e2eWorkers,
        },
      },
    ],
  },
});
