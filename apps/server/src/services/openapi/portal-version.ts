import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { repoRoot } from '../../config/paths';

/** The version in the root package.json, shown in the OpenAPI document. */
export function portalVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(resolve(repoRoot, 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
