import { join } from 'node:path';
import type { DbTarget } from './db/client';
import { defaultConfigPath, repoRoot, resolveUserPath } from './config/paths';

export interface Env {
  port: number;
  /** SEARCH_PORT: where the search service listens when it runs as a process of its own (search-main.ts). */
  searchPort: number;
  /** HOST when set; unset, the config decides (see config/exposure.ts). */
  host?: string;
  publicUrl: string;
  database: DbTarget;
  dataDir: string;
  configPath: string;
  jwtSecret?: string;
  logLevel: string;
  redisUrl?: string;
  trustProxy: boolean;
  /** Sign-in calls per client and minute (default 20). */
  authRateLimitPerMinute?: number;
}

/** Reads the process environment once; relative paths are taken from where the operator ran npm. */
export function readEnv(env: NodeJS.ProcessEnv = process.env): Env {
  const port = portOf('PORT', env.PORT ?? '8080');
  const searchPort = portOf('SEARCH_PORT', env.SEARCH_PORT ?? '8090');
  const dataDir = env.DATA_DIR ? resolveUserPath(env.DATA_DIR) : join(repoRoot, 'data');
  return {
    port,
    searchPort,
    host: env.HOST || undefined,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir,
    database: env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir },
    configPath: env.PORTAL_CONFIG ? resolveUserPath(env.PORTAL_CONFIG) : defaultConfigPath(),
    jwtSecret: env.JWT_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    redisUrl: env.REDIS_URL || undefined,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    authRateLimitPerMinute:
      Number(env.AUTH_RATE_LIMIT_PER_MINUTE) > 0 ? Number(env.AUTH_RATE_LIMIT_PER_MINUTE) : undefined,
  };
}

function portOf(name: string, value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`${name} must be a port number, got "${value}"`);
  return port;
}
