import type { TestProject } from 'vitest/node';
import { startPortal } from './portal-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  // Every browser test file signs in on this one server from 127.0.0.1: the sign-in limit per
  // client (20 a minute) is tested by the server suites, not here.
  const portal = await startPortal({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  project.provide('baseUrl', portal.baseUrl);
  return () => portal.stop();
}
