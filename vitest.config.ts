import { defineConfig } from 'vitest/config';

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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each PGlite suite has its own in-memory database; suites on PostgreSQL share one server.
    fileParallelism: databaseUrl === 'pglite',
  },
});

const pgUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: './packages/contract', include: ['test/**/*.test.ts'], environment: 'node' } },
      {
        test: { name: 'analytics', root: './packages/analytics', include: ['test/**/*.test.ts'], environment: 'jsdom' },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: { name: 'web', root: './apps/web', include: ['test/**/*.test.{ts,tsx}'], environment: 'jsdom' },
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
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
