import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server: the nearest directory holding a package.json above this module. Found by walking
 * up because the module runs from src/config (tests, tools) and from the dist/ bundle (npm start).
 */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('apps/server/package.json not found above the server code');
    dir = parent;
  }
  return dir;
}

export const serverRoot = findServerRoot();

/** The repository root, whatever directory the process was started from. */
export const repoRoot = resolve(serverRoot, '../..');

/** Where relative paths typed by the operator are meant: npm keeps the caller's directory in INIT_CWD. */
export function resolveUserPath(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

export function defaultConfigPath(): string {
  const own = resolve(repoRoot, 'portal.config.json');
  return existsSync(own) ? own : resolve(repoRoot, 'portal.config.example.json');
}

export const webDistDir = resolve(repoRoot, 'apps/web/dist');
