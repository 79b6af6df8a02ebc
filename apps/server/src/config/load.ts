import { existsSync, readFileSync } from 'node:fs';
import { ConfigError } from './config-error';
import { portalConfigSchema } from './portal-config-schema';
import type { PortalConfig } from './schema';

/** Reads and validates the config file; any problem stops the start with a readable message. */
export function loadConfig(path: string): PortalConfig {
  if (!existsSync(path)) throw new ConfigError(`Config file not found: ${path}`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ConfigError(`Config file ${path} is not valid JSON: ${(err as Error).message}`);
  }
  return parseConfig(raw, path);
}

export function parseConfig(raw: unknown, source = 'config'): PortalConfig {
  const result = portalConfigSchema.safeParse(raw);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid config in ${source}:\n${lines.join('\n')}`);
  }
  const keys = new Set<string>();
  for (const app of result.data.apps) {
    if (keys.has(app.app_key)) throw new ConfigError(`Invalid config in ${source}: duplicate app_key "${app.app_key}"`);
    keys.add(app.app_key);
  }
  return result.data;
}
