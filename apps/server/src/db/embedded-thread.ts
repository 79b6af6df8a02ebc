import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { acquireDataDirLock } from './data-dir-lock';
import { compilePgliteWasm, initPgliteDir, pgliteDirReady } from './pglite-settings';
import { PgliteThread } from './pglite-thread';

/** The embedded database's thread on a data folder, started, with the folder's lock held. */
export interface EmbeddedThread {
  thread: PgliteThread;
  /** Gives the data folder's lock up. */
  release(): void;
}

const engineDir = (dataDir: string) => join(dataDir, 'pglite');

/** The data folder holds a database already: a restart, not a first start. */
export function embeddedDatabaseExists(dataDir: string): boolean {
  return pgliteDirReady(engineDir(dataDir));
}

/**
 * Locks a data folder and starts its database's thread (pglite-thread.ts). A server's start does
 * this first (main.ts), before its own code loads: the engine's start, a second or so of CPU on
 * the thread, then runs beside that loading instead of after it. Nothing here loads more than the
 * thread needs. A second process on the folder is refused (DataDirLockedError) before any of its
 * files is opened.
 */
export function startEmbeddedThread(dataDir: string): EmbeddedThread {
  const dir = engineDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const { release } = acquireDataDirLock(dataDir);
  try {
    initPgliteDir(dir);
    return { thread: new PgliteThread(dir, compilePgliteWasm()), release };
  } catch (err) {
    release();
    throw err;
  }
}
