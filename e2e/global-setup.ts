import type { TestProject } from 'vitest/node';
import { startPortal } from './portal-server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One shared portal per worker: files of one worker run one after another on theirs. */
    baseUrls: string[];
  }
}

export default async function setup(project: TestProject) {
  // Every browser test file signs in on its worker's server from 127.0.0.1: the sign-in limit per
  // client (20 a minute) is tested by the server suites, not here.
  const workers = Math.max(1, project.config.maxWorkers);
  const portals = await Promise.all(
    Array.from({ length: workers }, () => startPortal({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' })),
  );
  project.provide(
    'baseUrls',
    portals.map((portal) => portal.baseUrl),
  );
  return async () => {
    await Promise.all(portals.map((portal) => portal.stop()));
  };
}
