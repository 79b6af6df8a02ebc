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
 * One runner for the whole repo. Server suites run on the embedded PGlite and, when
 * TEST_DATABASE_URL is set (CI), a second time against that PostgreSQL.
 */
const serverProject = (name: string, databaseUrl: string) => ({
  test: {
    name,
    root: './apps/server',
    include: ['test/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: databaseUrl },
    ...budget.server,
    // Each PGlite suite has its own in-memory database; suites on PostgreSQL share one server.
    fileParallelism: databaseUrl === 'pglite',
  },
});

const pgUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
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
      serverProject('server-pglite', 'pglite'),
      ...(pgUrl ? [serverProject('server-postgres', pgUrl)] : []),
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.ts'],
          globalSetup: ['./global-setup.ts'],
          environment: 'node',
          ...budget.e2e,
          fileParallelism: false,
        },
      },
    ],
  },
});
