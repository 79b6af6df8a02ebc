import { inject } from 'vitest';

/**
 * The portal the files of this worker share (started by global-setup.ts, one per worker). Two
 * files never use one portal at the same time, as when the files ran one after another: each
 * file may count on what it sees there being its own doing or that of a file that has finished.
 */
export function sharedPortalUrl(): string {
  const urls = inject('baseUrls');
  // Vitest numbers its workers 1…maxWorkers.
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length]!;
}
