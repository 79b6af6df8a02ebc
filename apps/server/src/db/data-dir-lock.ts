import { closeSync, openSync, readFileSync, renameSync, unlinkSync, utimesSync, statSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * PGlite is one process's database: two servers on one DATA_DIR would each keep their own copy in
 * memory and whichever closed last would overwrite the other's committed writes. The first server
 * creates `DATA_DIR/portal.lock` exclusively (O_EXCL) and holds it until it closes.
 *
 * A lock is stale, and is taken over, when its process is gone: on this host its pid no longer
 * runs; on another host (a shared folder, a recreated container) it stopped touching the file for
 * HEARTBEAT_STALE_MS.
 */
export const LOCK_FILE = 'portal.lock';
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_STALE_MS = 60_000;

export interface LockOwner {
  pid: number;
  hostname: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another portal server: pid ${owner.pid} on host ${owner.hostname}, ` +
        `started ${owner.startedAt}. Stop that process first, or start this one with another DATA_DIR ` +
        `(or use DATABASE_URL for several replicas).`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

function readOwner(path: string): { owner: LockOwner | undefined; raw: string } | undefined {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.hostname === 'string') {
      return { owner: { pid: parsed.pid, hostname: parsed.hostname, startedAt: String(parsed.startedAt ?? '') }, raw };
    }
  } catch {
    // A half-written file: its writer died between create and write.
  }
  return { owner: undefined, raw };
}

function pidRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the pid exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isLive(path: string, owner: LockOwner | undefined): boolean {
  if (!owner) {
    // Give a writer that just created the file a moment to fill it in.
    return Date.now() - statSync(path).mtimeMs < 2_000;
  }
  if (owner.hostname === hostname()) return owner.pid !== process.pid && pidRuns(owner.pid);
  return Date.now() - statSync(path).mtimeMs < HEARTBEAT_STALE_MS;
}

function tryCreate(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Takes the lock or throws DataDirLockedError naming the process that holds it. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const me: LockOwner = { pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() };
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(path, content)) break;
    const current = readOwner(path);
    if (!current) continue;
    if (isLive(path, current.owner) || attempt >= 5) {
      throw new DataDirLockedError(dataDir, current.owner ?? { pid: 0, hostname: 'unknown', startedAt: '' });
    }
    // Move the stale lock aside atomically; if a rival got there first and already wrote its own
    // lock, what was moved is not what was judged stale, so it goes back.
    const aside = `${path}.stale-${process.pid}`;
    try {
      renameSync(path, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const moved = readOwner(aside);
    if (moved && moved.raw !== current.raw) {
      try {
        renameSync(aside, path);
      } catch {
        // The lock path was taken meanwhile: the rival's lock is lost either way; refuse below.
      }
      continue;
    }
    unlinkSync(aside);
  }

  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(path, now, now);
    } catch {
      // Lock file removed by hand: nothing to keep fresh.
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.removeListener('exit', release);
    try {
      // Only our own lock is removed, never one a later process took over.
      if (readFileSync(path, 'utf8') === content) unlinkSync(path);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { path, release };
}
