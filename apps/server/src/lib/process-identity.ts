import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * Who this process is, for leases held in the database. `host` is the replica's name
 * (PORTAL_REPLICA_ID, else the host name); on the same host a dead pid is seen at once, elsewhere
 * only when its lease runs out.
 */
export interface ProcessIdentity {
  host: string;
  pid: number;
  /** host:pid:random, unique per start even when a pid is reused. */
  id: string;
}

export function processIdentity(env: NodeJS.ProcessEnv = process.env): ProcessIdentity {
  const host = env.PORTAL_REPLICA_ID?.trim() || hostname();
  const pid = process.pid;
  return { host, pid, id: `${host}:${pid}:${randomBytes(4).toString('hex')}` };
}

/** True while a process with this pid runs on this host. */
export function pidAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Pids among these that no longer run on this host. */
export function deadPids(pids: Iterable<number>): number[] {
  return [...new Set(pids)].filter((pid) => !pidAlive(pid));
}
