import type { TestProject } from 'vitest/node';
import { startPortal } from './portal-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const portal = await startPortal();
  project.provide('baseUrl', portal.baseUrl);
  return () => portal.stop();
}
