import { existsSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, whatever directory the process was started from. */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Where relative paths typed by the operator are meant: npm keeps the caller's directory in INIT_CWD. */
export function resolveUserPath(path: string): string {
  return isAbsolute(path) ? path : resolve(process.env.INIT_CWD ?? process.cwd(), path);
}

export function defaultConfigPath(): string {
  const own = resolve(repoRoot, 'portal.config.json');
  return existsSync(own) ? own : resolve(repoRoot, 'portal.config.example.json');
}

export const webDistDir = resolve(repoRoot, 'apps/web/dist');
